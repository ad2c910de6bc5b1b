"""A covered rule as an earlier edition printed it, in the JSON shape of `show`."""

from __future__ import annotations

from datetime import date
from typing import NamedTuple

from ..numbering import RuleNumber, find_references
from .records import state_at


class Reading(NamedTuple):
    """What a number meant in the edition in force on a date.

    key: the covered rule (or unit) that had the number then; uncovered: (number, title) of
    the uncovered rule or section it was, or fell under, then. Both None: the number was no
    rule of that edition (or the edition is unknown).
    """

    edition: date | None
    key: str | None = None
    uncovered: tuple[str, str] | None = None


def reading_on(h, number: str, when: date) -> Reading:
    """number read as a number of the edition in force on `when`."""
    edition = h.edition_on(when)
    if edition is None:
        return Reading(None)
    key = h.key_at(number, edition)
    if key is not None:
        return Reading(edition, key)
    node: RuleNumber | None = RuleNumber.parse(number)
    while node is not None:
        text = str(node)
        if text != number and h.key_at(text, edition) is not None:
            break  # under a covered rule that had no such number then
        title = h.title(text, edition)
        if title is not None:
            return Reading(edition, uncovered=(text, title))
        node = node.parent
    return Reading(edition)


def rule_as_of(h, current: str, when: date) -> dict | None:
    """The English rule (or unit) known as current, with its subrules, as the edition in
    force on `when` printed it; None if that edition lacks it or is unknown."""
    unit = h.unit_of(current)
    edition = h.edition_on(when)
    if unit is None or edition is None:
        return None
    head = state_at(unit.head, edition)
    if head is None:
        return None
    states = {t.key: state_at(t, edition) for t in unit.rules}
    by_number = {s[0]: (key, s) for key, s in states.items() if s}
    if current == unit.key:
        number, text, examples = head[0], None, ()
    elif states.get(current):
        number, text, examples = states[current]
    else:
        return None
    file = h.files.get(edition)
    source = {"kind": "official" if file else "quoted",
              "name": "Magic: The Gathering Comprehensive Rules, effective "
                      + edition.isoformat()}
    if file:
        source["file"] = f"reference/cr-en/{file}"

    def node(number: str, key: str, text, examples) -> dict:
        parsed = RuleNumber.parse(number)
        kids = sorted((n for n in by_number if RuleNumber.parse(n).parent == parsed),
                      key=RuleNumber.parse)
        return {"number": number, "lang": "en", "title": head[1], "text": text,
                "examples": list(examples), "edition": edition.isoformat(),
                "source": source,
                "cites": [str(n) for n in find_references(text)] if text else [],
                "current": key,
                "children": [node(n, by_number[n][0], by_number[n][1][1], by_number[n][1][2])
                             for n in kids]}

    return node(number, current, text, examples)
