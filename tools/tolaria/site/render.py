"""HTML of rules for the site: escaped text, anchors by rule number, links, glossary hovers.

Every piece of rulebook text goes through html.escape here: a `<script>` in the YAML shows
as text. Cross-references are found with numbering.iter_reference_spans (the project's one
pattern); glossary terms become <abbr title="definition">.
"""

from __future__ import annotations

import re
from html import escape

from ..i18n import _
from ..model import Rule, RuleBook, Section
from ..numbering import BadNumber, RuleNumber, iter_reference_spans


# The theme's "link-variant" icon (Material Design Icons, Apache-2.0), inline: no font needed.
LINK_ICON = ('<svg aria-hidden="true" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M10.59 13.41c.41.39.41 1.03 0 1.42-.39.39-1.03.39-1.42 0a5.003 5.003 0 0 1 0-7.07l3.54-3.54a5.003 5.003 0 0 1 7.07 0 5.003 5.003 0 0 1 0 7.07l-1.49 1.49c.01-.82-.12-1.64-.4-2.42l.47-.48a2.98 2.98 0 0 0 0-4.24 2.98 2.98 0 0 0-4.24 0l-3.53 3.53a2.98 2.98 0 0 0 0 4.24m2.82-4.24c.39-.39 1.03-.39 1.42 0a5.003 5.003 0 0 1 0 7.07l-3.54 3.54a5.003 5.003 0 0 1-7.07 0 5.003 5.003 0 0 1 0-7.07l1.49-1.49c-.01.82.12 1.64.4 2.43l-.47.47a2.98 2.98 0 0 0 0 4.24 2.98 2.98 0 0 0 4.24 0l3.53-3.53a2.98 2.98 0 0 0 0-4.24.973.973 0 0 1 0-1.42"/></svg>')


def attr(text: str) -> str:
    """A value for an HTML attribute (quotes escaped too)."""
    return escape(text, quote=True)


class Renderer:
    """Renders the rules of one language, with links relative to a page `root` ("../")."""

    def __init__(self, book: RuleBook, lang: str):
        self.book, self.lang = book, lang
        self.missing: set[str] = set()  # numbers cited but not in this rulebook
        self.english: set[str] = set()  # numbers cited that only the English text has
        self._terms, self._definitions = _term_pattern(book, lang)

    # --- links ---------------------------------------------------------------------
    def href(self, number: RuleNumber, root: str, here: Section | None = None,
             lang: str | None = None) -> str | None:
        """The link to a rule (its page and anchor) in lang (default: this renderer's), or
        None where that text lacks it. root leads to this renderer's language folder."""
        lang = lang or self.lang
        section = self.book.section_for(lang, number)
        if section is None:
            return None
        if lang != self.lang:
            root, here = f"{root}../{lang}/", None
        if section.number == number:
            return f"{root}{section.number}/"
        if section.rule(number) is None:
            return None
        page = "" if here is not None and here.number == section.number else \
            f"{root}{section.number}/"
        return f"{page}#{number}"

    def link(self, number: RuleNumber, root: str, here: Section | None = None,
             english_only: bool = False) -> str:
        """A rule number as HTML, never a link to an anchor that does not exist: a link to
        the rule in this language; else a link to the English rule, with a note; else the
        plain number with a note (and the number noted in `missing` or `english`).
        english_only: this language's text has no rule with that content (its own rule of
        that number, if any, says something else)."""
        text = str(number)
        target = None if english_only else self.href(number, root, here)
        if target is not None:
            return f'<a class="t-ref" href="{attr(target)}">{escape(text)}</a>'
        english = self.href(number, root, lang="en") if self.lang != "en" else None
        if english is not None:
            self.english.add(text)
            note = _("Rule {number} is not in this language’s text: the link opens the "
                     "English rule.").format(number=text)
            return (f'<a class="t-ref t-ref-en" href="{attr(english)}" hreflang="en" '
                    f'title="{attr(note)}">{escape(text)}<sup class="t-note" '
                    f'aria-label="{attr(note)}">‡</sup></a>')
        self.missing.add(text)
        note = _("Rule {number} is not part of this reference (it covers only some "
                 "sections).").format(number=text)
        return (f'<span class="t-ref-missing" title="{attr(note)}">{escape(text)}'
                f'<sup class="t-note" aria-label="{attr(note)}">†</sup></span>')

    # --- text ----------------------------------------------------------------------
    def text(self, text: str, root: str, here: Section | None = None) -> str:
        """One paragraph of rule text as HTML: escaped, references linked, terms explained."""
        spans: list[tuple[int, int, str]] = []
        for start, end, number in iter_reference_spans(text):
            spans.append((start, end, self._reference(number, root, here)))
        taken = [(s, e) for s, e, _h in spans]
        if self._terms is not None:
            for match in self._terms.finditer(text):
                s, e = match.span()
                if any(s < b and a < e for a, b in taken):
                    continue
                definition = self._definitions.get(match.group(0).lower())
                if definition:
                    spans.append((s, e, f'<abbr title="{attr(definition)}">'
                                        f'{escape(match.group(0))}</abbr>'))
                    taken.append((s, e))
        spans.sort()
        out, position = [], 0
        for start, end, markup in spans:
            out.append(escape(text[position:start]))
            out.append(markup)
            position = end
        out.append(escape(text[position:]))
        return "".join(out)

    def _reference(self, number: str, root: str, here: Section | None) -> str:
        try:
            parsed = RuleNumber.parse(number)
        except BadNumber:
            return escape(number)
        return self.link(parsed, root, here)

    # --- rules ---------------------------------------------------------------------
    def rule(self, section: Section, rule: Rule, root: str, extra: str = "", lead: str = "",
             data: dict[str, str] | None = None) -> str:
        """One rule or subrule: its number (anchor, copy-link), paragraphs and examples.
        lead: HTML before its text; data: data-* attributes of its element."""
        number = str(rule.number)
        copy = _("Copy a link to rule {number}").format(number=number)
        attributes = "".join(f' data-{attr(k)}="{attr(v)}"' for k, v in (data or {}).items())
        parts = [f'<div class="t-rule t-depth-{rule.number.depth}" id="{attr(number)}"'
                 f'{attributes}>',
                 f'<div class="t-head"><a class="t-num" href="#{attr(number)}">'
                 f'{escape(number)}</a>'
                 f'<button type="button" class="t-copy" data-anchor="{attr(number)}" '
                 f'title="{attr(copy)}" aria-label="{attr(copy)}">{LINK_ICON}</button></div>',
                 '<div class="t-body">', lead]
        for paragraph in rule.text.split("\n"):
            if paragraph.strip():
                parts.append(f"<p>{self.text(paragraph, root, section)}</p>")
        for example in rule.examples:
            parts.append(f'<div class="t-example"><p>{self.text(example.text, root, section)}'
                         "</p></div>")
        for wording in rule.earlier:
            label = _("Earlier wording (since {date}):").format(date=_date(wording.since))
            parts.append(f'<details class="t-earlier"><summary>{escape(label)}</summary>'
                         f"<p>{self.text(wording.text, root, section)}</p></details>")
        parts.append(extra)
        parts.append("</div></div>")
        return "".join(parts)


def _date(value) -> str:
    from ..i18n import format_date

    return format_date(value)


def _clean_name(name: str) -> str:
    """A term's name without a trailing remark in brackets ('At End of Turn (Obsolete)')."""
    return re.sub(r"\s*\([^)]*\)\s*$", "", name).strip()


def _term_pattern(book: RuleBook, lang: str) -> tuple[re.Pattern | None, dict[str, str]]:
    """One pattern for every glossary name and variant in lang; longest first."""
    definitions: dict[str, str] = {}
    for term in book.glossary:
        name = term.names.get(lang)
        if name is None or not name.definition:
            continue
        for form in (_clean_name(name.name), *name.variants):
            if len(form) > 2:
                definitions.setdefault(form.lower(), f"{_clean_name(name.name)}: "
                                                     f"{name.definition}")
    if not definitions:
        return None, definitions
    forms = sorted(definitions, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(f) for f in forms) + r")(?!\w)",
                      re.IGNORECASE), definitions
