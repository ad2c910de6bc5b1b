"""Which rule of an edition continues which rule of the edition after it, by content (as the
covered rules' history tells them apart: history.matching): sections are paired first (the
same number and title, else the same title, else the same number), rules are matched within
each pair, then across sections for a rule that moved to another one."""

from __future__ import annotations

from ..history.matching import Block, match_rules, same_wording
from .records import EditionRules, order_key, section_of


def _by_section(keys) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for key in sorted(keys, key=order_key):
        out.setdefault(section_of(key), []).append(key)
    return out


def _match(older: EditionRules, newer: EditionRules, old_keys: list[str], new_keys: list[str],
           units: tuple[str, str]) -> dict[str, str]:
    old = Block(units[0], "", tuple((k, *older.rules[k]) for k in old_keys))
    new = Block(units[1], "", tuple((k, *newer.rules[k]) for k in new_keys))
    found = match_rules(old, new)
    return {old_keys[i]: new_keys[j] for j, i in enumerate(found) if i is not None}


def pair_sections(older: EditionRules, newer: EditionRules) -> dict[str, str]:
    """old section number -> the new section that continues it: the same number and title,
    else the one section of that title, else the same number if no other section took it."""
    pairs = {n: n for n, title in older.sections.items() if newer.sections.get(n) == title}
    titles: dict[str, list[str]] = {}
    for number, title in newer.sections.items():
        titles.setdefault(title, []).append(number)
    taken = set(pairs.values())
    for number, title in older.sections.items():
        found = [n for n in titles.get(title, ()) if n not in taken]
        if number not in pairs and len(found) == 1:
            pairs[number] = found[0]
            taken.add(found[0])
    for number in older.sections:
        if number not in pairs and number in newer.sections and number not in taken:
            pairs[number] = number
            taken.add(number)
    return pairs


def link(older: EditionRules, newer: EditionRules) -> dict[str, str]:
    """old key -> new key of every rule of older that newer continues (a rule of older
    missing from the result was removed; a rule of newer no value names was added)."""
    sections = pair_sections(older, newer)
    links: dict[str, str] = {}
    for key, (text, examples) in older.rules.items():  # the same number, the same wording
        there = newer.rules.get(key)
        if there is not None and sections.get(section_of(key)) == section_of(key) and (
                there == (text, examples) or (same_wording(text, there[0])
                                              and len(examples) == len(there[1]))):
            links[key] = key
    old_left = _by_section(k for k in older.rules if k not in links)
    taken = set(links.values())
    new_left = _by_section(k for k in newer.rules if k not in taken)
    for old, new in sections.items():
        if old in old_left and new in new_left:
            links.update(_match(older, newer, old_left[old], new_left[new], (old, new)))
    taken = set(links.values())
    old_rest = sorted((k for k in older.rules if k not in links), key=order_key)
    new_rest = sorted((k for k in newer.rules if k not in taken), key=order_key)
    if old_rest and new_rest:  # a rule that moved to another section
        links.update(_match(older, newer, old_rest, new_rest, ("", "")))
    return links
