"""What `history` and `import --history` print: a rule's numbers and wordings over time, and
the changes between two editions, as JSON data or as text with word diffs."""

from __future__ import annotations

import textwrap
from datetime import date

from ..i18n import _, editions_phrase, format_date, ngettext
from .changes import (ADDED, EXAMPLES, MOVED, REMOVED, RENUMBERED, REWORDED, TYPOGRAPHY,
                      render_diff, text_change, word_diff)
from ..numbering import find_references
from .notes import is_removed, other_line, state_word

WIDTH = 88


def _span(first: date, last: date) -> str:
    if first == last:
        return format_date(first)
    return _("{first} – {last}").format(first=format_date(first), last=format_date(last))


def history_json(h, current: str, asked: str | None = None, also=()) -> dict:
    """A rule's history as JSON: numbers, wordings with the diff from the one before, and
    every verbatim version; also: the other rules that had the number asked (notes.Other).

    Each version says how it changed from the one before (change: reworded, references,
    typography, examples, or null for the first); renumbered is true only when the numbers
    of its cross-references changed."""
    rule = h.rule(current)
    unit = h.unit_of(current)
    out: dict = {"rule": current, "unit": unit.key if unit else None,
                 "in_rulebook": h.in_rulebook(current)}
    if asked is not None and asked != current:
        match = next((m for m in h.resolve(asked) if m.current == current), None)
        out["asked"] = asked
        out["editions"] = [d.isoformat() for d in match.editions] if match else []
    if also:
        out["also"] = [other.to_json() for other in also]
    out["numbers"] = [{"number": n, "first": f.isoformat(), "last": l.isoformat()}
                      for n, f, l in rule.numbers]
    wordings = []
    previous = None
    for text, first, last in rule.wordings:
        item = {"text": text, "first": first.isoformat(), "last": last.isoformat()}
        if previous is not None:
            item["diff"] = [{"op": op, "text": t} for op, t in word_diff(previous, text)]
        wordings.append(item)
        previous = text
    out["wordings"] = wordings
    versions = h.versions(current)
    out["versions"] = []
    for index, v in enumerate(versions):
        change = None
        if index:
            before = versions[index - 1]
            change = text_change(before.text, v.text) or (
                EXAMPLES if before.examples != v.examples else None)
        out["versions"].append({"first": v.first.isoformat(), "last": v.last.isoformat(),
                                "change": change, "renumbered": change == RENUMBERED,
                                "text": v.text, "examples": list(v.examples)})
    successors = h.successors(current)
    if successors:
        out["becomes"] = [{"rule": t.key, "numbers": [
            {"number": s.value, "first": s.first.isoformat(), "last": s.last.isoformat()}
            for s in t.numbers]} for t in successors]
    return out


def history_text(h, current: str, asked: str | None = None, also=(),
                 width: int = WIDTH) -> str:
    """A rule's history for a terminal; also: the other rules that had the number asked
    (notes.Other), a line each."""
    rule = h.rule(current)
    unit = h.unit_of(current)
    title = h.title(unit.key if unit else current, unit.anchor if unit else None) or ""
    name = current
    if not h.in_rulebook(current):  # its number then, not the history's key for it
        name = _("{number} ({state})").format(number=rule.numbers[-1][0],
                                              state=state_word(is_removed(h, current)))
    lines = [f"{name} · {title}" if title else name]
    if asked is not None and asked != current:
        match = next((m for m in h.resolve(asked) if m.current == current), None)
        if match:
            lines.append(_("{asked} is this rule's number in {editions}").format(
                asked=asked, editions=editions_phrase(match.editions)))
    lines.extend(other_line(other) for other in also)
    lines.append("")
    lines.append(_("Numbers:"))
    for number, first, last in rule.numbers:
        lines.append(f"  {number:<10} {_span(first, last)}")
    lines.append("")
    lines.append(ngettext("{n} wording:", "{n} wordings:", len(rule.wordings)).format(
        n=len(rule.wordings)))
    previous = None
    versions = h.versions(current)
    for index, (text, first, last) in enumerate(rule.wordings, 1):
        lines.append(f"  {index}. {_span(first, last)}")
        shown = text if previous is None else render_diff(word_diff(previous, text))
        for paragraph in shown.split("\n"):
            lines.extend(textwrap.wrap(paragraph, width, initial_indent="     ",
                                       subsequent_indent="     "))
        for note in _joined(versions, first, last):
            lines.extend(textwrap.wrap(note, width, initial_indent="     ",
                                       subsequent_indent="       "))
        previous = text
    for tracked in h.successors(current):
        numbers = ", ".join(f"{s.value} ({_span(s.first, s.last)})" for s in tracked.numbers)
        lines.append(_("Became {numbers}").format(numbers=numbers))
    return "\n".join(lines)


def _joined(versions, first: date, last: date) -> list[str]:
    """What changed inside one wording (first … last), whose text is its last version's:
    renumbered cross-references, or typography, with the edition that changed them."""
    notes = []
    for before, version in zip(versions, versions[1:]):
        if not (first < version.first <= last and version.same_wording):
            continue
        change = text_change(before.text, version.text)
        if change != RENUMBERED:
            if change == TYPOGRAPHY:
                notes.append(_("typography changed on {date}").format(
                    date=format_date(version.first)))
            continue
        old = [str(n) for n in find_references(before.text)]
        new = [str(n) for n in find_references(version.text)]
        if len(old) == len(new):
            old, new = zip(*[(a, b) for a, b in zip(old, new) if a != b])
        notes.append(_("references renumbered on {date}: {old} → {new}").format(
            date=format_date(version.first), old=", ".join(old) or "—",
            new=", ".join(new) or "—"))
    return notes


def changes_text(found: dict, before: date, after: date, width: int = WIDTH) -> str:
    """The changes of the covered units from one edition to the next, for a terminal."""
    labels = {ADDED: _("added"), REMOVED: _("removed"), MOVED: _("moved"),
              REWORDED: _("reworded"), RENUMBERED: _("cross-references renumbered"),
              TYPOGRAPHY: _("typography"), EXAMPLES: _("examples changed")}
    lines = [_("Covered rules from {before} to {after}:").format(
        before=format_date(before), after=format_date(after))]
    if not found:
        lines.append(_("  no change"))
    for unit, items in found.items():
        lines.append(_("  {unit}:").format(unit=unit))
        for change in items:
            what = ", ".join(labels[k] for k in change.kinds)
            numbers = change.before or "—"
            if change.after != change.before:
                numbers += " → " + (change.after or "—")
            lines.append(f"    {change.current}: {what} ({numbers})")
            if change.diff and REWORDED in change.kinds:
                lines.extend(textwrap.wrap(render_diff(change.diff), width,
                                           initial_indent="      ", subsequent_indent="      "))
    return "\n".join(lines)
