"""Which rule of an edition continues which rule of the edition after it, by content (as the
covered rules' history tells them apart: history.matching): within each section first, then
across sections for a rule that moved to another one."""

from __future__ import annotations

from ..history.matching import Block, match_rules, same_wording
from .records import EditionRules, order_key, section_of


def _blocks(rules: dict, keys: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for key in sorted(keys, key=order_key):
        out.setdefault(section_of(key), []).append(key)
    return out


def _match(older: EditionRules, newer: EditionRules, old_keys: list[str], new_keys: list[str],
           unit: str) -> dict[str, str]:
    old = Block(unit, "", tuple((k, *older.rules[k]) for k in old_keys))
    new = Block(unit, "", tuple((k, *newer.rules[k]) for k in new_keys))
    found = match_rules(old, new)
    return {old_keys[i]: new_keys[j] for j, i in enumerate(found) if i is not None}


def link(older: EditionRules, newer: EditionRules) -> dict[str, str]:
    """old key -> new key of every rule of older that newer continues (a rule of older
    missing from the result was removed; a rule of newer no value names was added)."""
    links: dict[str, str] = {}
    for key, (text, examples) in older.rules.items():  # the same number, the same wording
        there = newer.rules.get(key)
        if there is not None and (there == (text, examples) or (
                same_wording(text, there[0]) and len(examples) == len(there[1]))):
            links[key] = key
    old_left = _blocks(older.rules, [k for k in older.rules if k not in links])
    new_left = _blocks(newer.rules, [k for k in newer.rules if k not in links])
    for section in sorted(set(old_left) & set(new_left), key=order_key):
        links.update(_match(older, newer, old_left[section], new_left[section], section))
    taken = set(links.values())
    old_rest = sorted((k for k in older.rules if k not in links), key=order_key)
    new_rest = sorted((k for k in newer.rules if k not in taken), key=order_key)
    if old_rest and new_rest:  # a rule that moved to another section
        links.update(_match(older, newer, old_rest, new_rest, ""))
    return links
