"""A covered rule as an earlier edition printed it, in the JSON shape of `show`."""

from __future__ import annotations

from datetime import date

from ..numbering import RuleNumber, find_references


def rule_as_of(h, current: str, when: date) -> dict | None:
    """The English rule (or unit) known as current, with its subrules, as the edition in
    force on `when` printed it; None if that edition lacks it or is unknown."""
    from . import _at

    unit = h.unit_of(current)
    edition = h.edition_on(when)
    if unit is None or edition is None:
        return None
    head = _at(unit.head, edition)
    if head is None:
        return None
    states = {t.key: _at(t, edition) for t in unit.rules}
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
