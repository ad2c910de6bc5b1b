"""Titles of every section and titled rule of the whole CR ("704 State-Based Actions",
"702.25 Phasing"), each with the editions that print it."""

from __future__ import annotations

from datetime import date

from ..cr.official import CRDocument
from .records import Span

MAX_TITLE = 60


def document_titles(doc: CRDocument) -> list[tuple[str, str]]:
    """(number, title) of every section and of every rule that is a title (a short heading
    with subrules under it, as the keywords of 701 and 702 are), in the document's order."""
    out: list[tuple[str, str]] = []
    for section in doc.sections.values():
        out.append((section.number, section.title.strip()))
        numbers = {r.number for r in section.rules}
        for rule in section.rules:
            text = rule.text.strip()
            if rule.number[-1].isdigit() and _is_title(text) and \
                    f"{rule.number}a" in numbers:
                out.append((rule.number, text))
    return out


def _is_title(text: str) -> bool:
    return (0 < len(text) <= MAX_TITLE and "\n" not in text and not text.endswith((".", ")", ":", ".”", "'"))
            and ". " not in text)


def merge_titles(titles: dict[str, tuple[Span, ...]], found: list[tuple[str, str]],
                 when: date, previous: date | None) -> dict[str, tuple[Span, ...]]:
    """titles with those of one more edition (previous: the edition just before it)."""
    out = {number: list(spans) for number, spans in titles.items()}
    seen: set[tuple[str, str]] = set()
    for number, title in found:
        if (number, title) in seen:
            continue
        seen.add((number, title))
        spans = out.setdefault(number, [])
        for index, span in enumerate(spans):
            if span.value == title and span.last == previous:
                spans[index] = span._replace(last=when)
                break
        else:
            spans.append(Span(title, when, when))
    return {number: tuple(spans) for number, spans in out.items()}


def title_at(spans: tuple[Span, ...], when: date | None) -> str | None:
    """The title a number had in the edition effective on `when` (None: its latest)."""
    if not spans:
        return None
    if when is None:
        return max(spans, key=lambda s: s.last).value
    for span in spans:
        if span.first <= when <= span.last:
            return span.value
    return None
