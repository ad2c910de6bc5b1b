"""What an edition changed in the whole CR, against any earlier one: per section, the rules
added, removed, moved (old -> new number) and reworded (with the word diff of the covered
history: history.changes), and the Spanish and Italian texts each change makes stale.

A rule renumbered only because rules were inserted or removed above it keeps its place in
the order of the CR: such shifts are counted per section, not listed as moves. They are
told apart as the longest run of followed rules whose order both editions agree on; every
other renumbered rule moved.
"""

from __future__ import annotations

import bisect
from datetime import date

from ..errors import UserError
from ..history.changes import (EXAMPLES, RENUMBERED, REWORDED, TYPOGRAPHY, text_change,
                               word_diff)
from ..i18n import _, format_date
from .archive import Archive
from .records import number_of, order_key, section_of

LANGS = ("es", "it")


def pick_editions(archive: Archive, edition: date | None, since: date | None
                  ) -> tuple[int, int]:
    """(index of since, index of edition): edition the newest by default, since the one
    before it; each must be a stored edition (UserError naming the nearest otherwise)."""
    def index(when: date) -> int:
        at = archive.index_of(when)
        if at is None:
            raise UserError(archive.unknown_edition(when), status=1)
        return at

    new = index(edition) if edition else len(archive.editions) - 1
    old = index(since) if since else new - 1
    if old < 0:
        raise UserError(_("the edition of {date} is the oldest stored: nothing to compare it "
                          "with").format(date=format_date(archive.dates[new])), status=1)
    if old >= new:
        raise UserError(_("--since {since} is not before {edition}").format(
            since=format_date(archive.dates[old]), edition=format_date(archive.dates[new])))
    return old, new


def links_between(archive: Archive, old: int, new: int) -> dict[str, str]:
    """old key -> new key of every rule of editions[old] that editions[new] still has."""
    out = {}
    for key in archive.editions[old].rules:
        here = key
        for step in range(old, new):
            here = archive.links[step].get(here)
            if here is None:
                break
        if here is not None:
            out[key] = here
    return out


def shifted(links: dict[str, str]) -> set[str]:
    """The old keys of renumbered rules that kept their place in CR order (the longest run
    of followed rules both editions order alike)."""
    pairs = sorted(links.items(), key=lambda kv: order_key(kv[0]))
    keys = [order_key(new) for _old, new in pairs]
    tails: list = []  # patience sorting: the longest increasing run of new keys
    tail_at: list[int] = []
    parent = [-1] * len(keys)
    for i, key in enumerate(keys):
        at = bisect.bisect_left(tails, key)
        parent[i] = tail_at[at - 1] if at else -1
        if at == len(tails):
            tails.append(key)
            tail_at.append(i)
        else:
            tails[at], tail_at[at] = key, i
    kept, i = set(), tail_at[-1] if tail_at else -1
    while i >= 0:
        kept.add(i)
        i = parent[i]
    return {pairs[i][0] for i in kept if pairs[i][0] != pairs[i][1]}


def _stale(history, book, number: str, when: date) -> list[dict]:
    """The Spanish and Italian texts of the covered rule that had number in the edition of
    when: [{"lang", "rule"}], empty for a rule the project does not translate."""
    if history is None:
        return []
    key = history.key_at(number, when)
    unit = history.unit_of(key) if key else None
    if unit is None:
        return []
    rule = key if history.in_rulebook(key) else unit.key
    return [{"lang": lang, "rule": rule} for lang in LANGS
            if book is None or book.section(lang, unit.key) is not None]


def changes(archive: Archive, old: int, new: int, section: str | None = None,
            history=None, book=None) -> dict:
    """The changes from editions[old] to editions[new] as JSON data: edition, since, counts
    and sections (each: section, title, added, removed, moved, reworded, shifted)."""
    before, after = archive.editions[old], archive.editions[new]
    links = links_between(archive, old, new)
    shifts = shifted(links)
    sections: dict[str, dict] = {}

    def part(key: str, edition) -> dict:
        number = section_of(number_of(key))
        return sections.setdefault(number, {
            "section": number, "title": edition.sections.get(number, ""), "added": [],
            "removed": [], "moved": [], "reworded": [], "shifted": []})

    taken = set(links.values())
    for key in sorted(after.rules, key=order_key):
        if key not in taken:
            text, examples = after.rules[key]
            part(key, after)["added"].append({
                "number": number_of(key), "text": text, "examples": list(examples),
                "stale": _stale(history, book, number_of(key), after.effective)})
    for key in sorted(before.rules, key=order_key):
        new_key = links.get(key)
        if new_key is None:
            text, examples = before.rules[key]
            part(key, before)["removed"].append({
                "number": number_of(key), "text": text, "examples": list(examples),
                "stale": _stale(history, book, number_of(key), before.effective)})
            continue
        was, now = before.rules[key], after.rules[new_key]
        pair = {"before": number_of(key), "after": number_of(new_key)}
        if key != new_key:
            part(new_key, after)["shifted" if key in shifts else "moved"].append(pair)
        if was != now:
            here = part(new_key, after)
            change = text_change(was[0], now[0]) or EXAMPLES
            stale = [] if change == TYPOGRAPHY else _stale(history, book, number_of(new_key),
                                                           after.effective)
            here["reworded"].append({**pair, "change": change, "stale": stale,
                                     "diff": [{"op": op, "text": t}
                                              for op, t in word_diff(was[0], now[0])],
                                     "examples": list(now[1])})
    chosen = [sections[n] for n in sorted(sections, key=order_key)
              if section is None or n == section]
    for item in chosen:
        item["shifted"] = sorted(item["shifted"], key=lambda p: order_key(p["after"]))
    counts = {kind: sum(len(s[kind]) for s in chosen)
              for kind in ("added", "removed", "moved", "shifted")}
    for kind in (REWORDED, RENUMBERED, TYPOGRAPHY, EXAMPLES):  # the text changes, by kind
        counts[kind] = sum(1 for s in chosen for r in s["reworded"] if r["change"] == kind)
    return {"edition": after.effective.isoformat(), "source": after.source,
            "since": before.effective.isoformat(), "since_source": before.source,
            "section": section, "counts": counts, "sections": chosen}
