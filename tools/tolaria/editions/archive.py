"""Every official edition of the whole CR, rebuilt from the current one (rules/cr/en.json)
and the reverse deltas of rules/cr/editions.json, and a rule followed through them by the
links the deltas keep (its renumberings included)."""

from __future__ import annotations

import bisect
import os
from datetime import date

from ..errors import DataError, DataErrors
from ..i18n import _, format_date
from .deltas import apply_delta
from .records import EditionRules, from_whole_cr
from .store import editions_path, read
from ..cache import fingerprint
from ..cr.loading import STORE, default_rules_dir, load_whole_cr


class Archive:
    """editions: EditionRules oldest first; links[i]: old key -> new key from editions[i]
    to editions[i + 1]."""

    def __init__(self, editions: list[EditionRules], links: list[dict[str, str]]):
        self.editions = editions
        self.links = links
        self.dates = [e.effective for e in editions]
        self._back: list[dict[str, str] | None] = [None] * len(links)

    @property
    def current(self) -> EditionRules:
        return self.editions[-1]

    def index_on(self, when: date) -> int | None:
        """The index of the edition in force on a date (None: before the first)."""
        at = bisect.bisect_right(self.dates, when) - 1
        return at if at >= 0 else None

    def index_of(self, when: date) -> int | None:
        """The index of the edition effective on exactly that date, or None."""
        at = bisect.bisect_left(self.dates, when)
        return at if at < len(self.dates) and self.dates[at] == when else None

    def nearest(self, when: date) -> list[date]:
        """The known editions on either side of a date (one at either end)."""
        at = bisect.bisect_left(self.dates, when)
        return self.dates[max(at - 1, 0):at + 1]

    def unknown_edition(self, when: date) -> str:
        """One line: no edition of that date, and the nearest known ones."""
        near = " · ".join(format_date(d) for d in self.nearest(when))
        return _("no official edition of {date} in the history of the whole CR (the nearest "
                 "known: {near})").format(date=format_date(when), near=near)

    def back(self, index: int) -> dict[str, str]:
        """new key -> old key from editions[index + 1] to editions[index]."""
        if self._back[index] is None:
            self._back[index] = {new: old for old, new in self.links[index].items()}
        return self._back[index]

    def follow(self, index: int, key: str) -> list[tuple[int, str]]:
        """[(edition index, key)] of the rule keyed key in editions[index], oldest first,
        through every edition that has it (by the links: renumberings followed)."""
        chain = [(index, key)]
        at, here = index, key
        while at > 0 and (here := self.back(at - 1).get(here)) is not None:
            at -= 1
            chain.insert(0, (at, here))
        at, here = index, key
        while at < len(self.links) and (here := self.links[at].get(here)) is not None:
            at += 1
            chain.append((at, here))
        return chain

    def find(self, key: str) -> tuple[int, str] | None:
        """(index, key) of the newest edition that has a rule of that key, or None."""
        for index in range(len(self.editions) - 1, -1, -1):
            if key in self.editions[index].rules:
                return index, key
        return None


# the Archive last built in this process, by the fingerprint of the two files it is built
# from: a process that asks many histories (the site, a test) builds it once
_built: dict[tuple, Archive] = {}


def build_archive(current: EditionRules, deltas, display: str, errors: list[DataError]
                  ) -> Archive | None:
    """The Archive of the current edition and its deltas [(line, delta)], newest first;
    the problems go to errors (None when there is any)."""
    editions, links = [current], []
    for line, delta in deltas:
        newer = editions[0]
        try:
            effective = date.fromisoformat(delta["edition"])
        except ValueError:
            errors.append(DataError(display, line, _("edition '{value}' is not a date "
                                                     "(YYYY-MM-DD)").format(
                value=delta["edition"])))
            return None
        if effective >= newer.effective:
            errors.append(DataError(display, line, _(
                "the edition of {date} comes after that of {newer}: editions go newest first, "
                "each older than the current one").format(
                date=effective.isoformat(), newer=newer.effective.isoformat())))
            return None
        older, link, problems = apply_delta(newer, delta, effective, display, line)
        if problems:
            errors.extend(problems)
            return None
        editions.insert(0, older)
        links.insert(0, link)
    return Archive(editions, links)


def load_archive(rules_dir, whole=None) -> Archive | None:
    """Every edition of the whole CR under rules_dir (rules/ by default), or None when it has
    no rules/cr/editions.json or no whole CR. DataErrors for a damaged file."""
    rules_dir = rules_dir if rules_dir is not None else default_rules_dir()
    path = editions_path(rules_dir)
    if not path.is_file():
        return None
    whole = whole if whole is not None else load_whole_cr(rules_dir)
    if whole is None:
        return None
    # lazy: saves 21 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from ..yamlfiles.nodes import display_path

    display = display_path(path)
    key = (fingerprint([path, os.path.join(rules_dir, *STORE)]), whole.edition, whole.source)
    if key in _built:
        return _built[key]
    current, deltas = read(path)
    errors: list[DataError] = []
    if current != whole.edition.isoformat():
        errors.append(DataError(display, 1, _(
            "the deltas start from the edition of {date}, but the whole CR (en.json) is that of "
            "{current}: import the editions again").format(
            date=current, current=whole.edition.isoformat())))
        raise DataErrors(errors)
    archive = build_archive(from_whole_cr(whole), deltas, display, errors)
    if errors:
        raise DataErrors(errors)
    _built.clear()
    _built[key] = archive
    return archive


def check_editions(rules_dir) -> list[DataError]:
    """Every problem of rules/cr/editions.json (validate): its structure, and that each delta
    rebuilds a consistent edition from the one after it."""
    try:
        load_archive(rules_dir)
    except DataErrors as exc:
        return list(exc.errors)
    return []


def today_keys(archive: Archive) -> list[dict[str, str]]:
    """For each edition (oldest first): its key -> the key of the same rule in the current
    edition, for every rule the current edition still has (renumberings followed)."""
    out = [{key: key for key in archive.current.rules}]
    for index in range(len(archive.links) - 1, -1, -1):
        newer = out[0]
        out.insert(0, {old: newer[new] for old, new in archive.links[index].items()
                       if new in newer})
    return out
