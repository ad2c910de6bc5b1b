"""An older edition as a reverse delta of the edition after it, and back.

A delta names only what differs: the rules the newer edition added (absent from the older),
the rules that moved (older number -> newer number), the rules whose text or examples differ
(or that the newer edition removed), and the section titles that differ. Every other rule
of the older edition is the newer edition's rule of the same number, unchanged.

A text is stored whole, or as edits of the newer text where that is shorter: a list of
[at, cut, insert] (characters of the newer text from `at`, `cut` of them replaced by
`insert`), so that an edition that only changed quotes costs a few bytes per rule.
"""

from __future__ import annotations

import difflib
import functools

from ..errors import DataError
from ..i18n import _
from ..numbering import BadNumber, RuleNumber
from .records import EditionRules, number_of, order_key, section_of
import json


def edits(new: str, old: str) -> list[list]:
    """The [at, cut, insert] edits that turn new into old."""
    out = []
    matcher = difflib.SequenceMatcher(None, new, old, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            out.append([i1, i2 - i1, old[j1:j2]])
    return out


def apply_edits(new: str, changes: list) -> str:
    """old text from the newer text and its edits (ValueError for edits that do not fit)."""
    parts, position = [], 0
    for item in changes:
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[0], int)
                and isinstance(item[1], int) and isinstance(item[2], str)):
            raise ValueError(_("an edit is [at, cut, insert]"))
        at, cut, insert = item
        if at < position or cut < 0 or at + cut > len(new):
            raise ValueError(_("the edits do not fit the newer text"))
        parts += [new[position:at], insert]
        position = at + cut
    parts.append(new[position:])
    return "".join(parts)


def make_delta(older: EditionRules, newer: EditionRules, links: dict[str, str]) -> dict:
    """The reverse delta that rebuilds older from newer (links: history.linking.link)."""
    taken = set(links.values())
    rules = []
    for key in sorted(older.rules, key=order_key):
        text, examples = older.rules[key]
        base = newer.rules.get(links[key]) if key in links else None
        if base == (text, examples):
            continue
        item: list = [key, text]
        if base is not None and text != base[0]:
            patch = edits(base[0], text)
            if len(json.dumps(patch, ensure_ascii=False)) < len(json.dumps(text,
                                                                            ensure_ascii=False)):
                item[1] = patch
        elif base is not None:
            item[1] = []
        if base is None or examples != base[1]:
            item.append(list(examples))
        rules.append(item)
    sections = [[n, older.sections.get(n)] for n in
                sorted(set(older.sections) | set(newer.sections), key=order_key)
                if older.sections.get(n) != newer.sections.get(n)]
    return {"edition": older.effective.isoformat(), "source": older.source,
            "sections": sections,
            "added": sorted((k for k in newer.rules if k not in taken), key=order_key),
            "moved": [[k, links[k]] for k in sorted(links, key=order_key) if links[k] != k],
            "rules": rules}


def _key_ok(key) -> bool:
    return isinstance(key, str) and _str_key_ok(key)


@functools.lru_cache(maxsize=16384)
def _str_key_ok(key: str) -> bool:
    """(The same keys recur through every edition of a file.)"""
    number, _sep, copy = key.partition("#")
    try:
        parsed = RuleNumber.parse(number)
    except BadNumber:
        return False
    return str(parsed) == number and parsed.depth in (1, 2) and (not _sep or copy.isdigit())


def apply_delta(newer: EditionRules, delta: dict, effective, display: str, line: int
                ) -> tuple[EditionRules | None, dict[str, str], list[DataError]]:
    """(the older edition, old key -> new key of every rule it shares with newer, problems):
    the edition a delta rebuilds from the edition after it, checked."""
    problems: list[DataError] = []

    def problem(message: str) -> None:
        problems.append(DataError(display, line, message))

    added, moved, rules = delta.get("added"), delta.get("moved"), delta.get("rules")
    sections = delta.get("sections")
    if not all(isinstance(v, list) for v in (added, moved, rules, sections)):
        problem(_("an edition has lists sections, added, moved and rules"))
        return None, {}, problems
    for key in added:
        if not _key_ok(key) or key not in newer.rules:
            problem(_("{key} is added by the edition after, which has no such rule").format(
                key=key))
    added = {key for key in added if _key_ok(key)}
    links: dict[str, str] = {}
    targets: set[str] = set()
    for item in moved:
        if not (isinstance(item, list) and len(item) == 2 and _key_ok(item[0])
                and _key_ok(item[1])):
            problem(_("a move is [older number, newer number]: {item}").format(item=item))
            continue
        old, new = item
        if new not in newer.rules or new in added or new in targets or old in links:
            problem(_("the move {old} -> {new} does not fit the edition after").format(
                old=old, new=new))
            continue
        links[old] = new
        targets.add(new)
    for key in newer.rules:
        if key in added or key in targets:
            continue
        if key in links:
            problem(_("{key} both moved and stayed").format(key=key))
        else:
            links[key] = key
    content = {old: newer.rules[new] for old, new in links.items()}
    for item in rules:
        if not (isinstance(item, list) and 2 <= len(item) <= 3 and _key_ok(item[0])
                and isinstance(item[1], (str, list))
                and (len(item) == 2 or isinstance(item[2], list)
                     and all(isinstance(e, str) and e for e in item[2]))):
            problem(_("a rule is [number, text or edits] or [number, text or edits, "
                      "[examples]]: {item}").format(item=str(item)[:60]))
            continue
        key, text = item[0], item[1]
        base = content.get(key)
        if base is None and (isinstance(text, list) or len(item) == 2):
            problem(_("{key} is in no later edition: its text and examples are given whole"
                      ).format(key=key))
            continue
        if isinstance(text, list):
            try:
                text = apply_edits(base[0], text)
            except ValueError as exc:
                problem(f"{key}: {exc}")
                continue
        if not text:
            problem(_("{key} has no text").format(key=key))
            continue
        content[key] = (text, tuple(item[2]) if len(item) == 3 else base[1])
    titles = dict(newer.sections)
    for item in sections:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)
                and (item[1] is None or isinstance(item[1], str) and item[1])):
            problem(_("a section is [number, title or null]: {item}").format(item=item))
        elif item[1] is None:
            titles.pop(item[0], None)
        else:
            titles[item[0]] = item[1]
    for key in content:
        if _section_of_key(key) not in titles:
            problem(_("rule {key} has no section {section}").format(
                key=key, section=section_of(key)))
            break
    if problems:
        return None, {}, problems
    ordered = {k: content[k] for k in sorted(content, key=order_key)}
    titles = {n: titles[n] for n in sorted(titles, key=order_key)}
    older = EditionRules(effective, str(delta.get("source", "")), titles, ordered)
    return older, links, problems


@functools.lru_cache(maxsize=16384)
def _section_of_key(key: str) -> str:
    return section_of(number_of(key))
