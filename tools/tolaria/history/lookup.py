"""Lookups in the rule history: by current number, by any edition's number, by edition and
by date (see the package's docstring); read from rules/history/ by load_history."""

from __future__ import annotations

from bisect import bisect_right
import os
from datetime import date

from ..errors import DataErrors
from ..numbering import BadNumber, RuleNumber
from ..rulebook.folders import default_rules_dir
from .records import HistoryData, Span, Tracked, Unit, Version, number_in, number_key, state_at
from ..tuples import named
from ..files.atomic import recover
from .snapshot import cached

# The reader (YAML) and the titles (official files) are imported where used: `tolaria show`
# reads the history from its cache and never needs them (start-up is the CLI's hot path).


class Coverage(named("Coverage", "edition before after newest",
                          defaults=(None, None, False))):
    """What the history knows of the editions on a date.

    edition: the edition in force then, None when the history has none for that date
    (before its earliest edition, or between the quoted pre-2009 text and the first official
    file); before, after: then the nearest known editions on either side. newest: the date is
    after the newest known edition (given as in force, though a later one may be).
    """

    __slots__ = ()


class Match(named("Match", "current number editions")):
    """A covered rule (current: its number in the project) that had `number` in `editions`
    (a list of dates)."""

    __slots__ = ()


class RuleHistory(named("RuleHistory", "current numbers wordings")):
    """A rule's numbers and wordings over time, each with its first and last edition:
    numbers [(number, first, last)], wordings [(text, first, last)].

    Versions that differ only in cross-reference numbers or typography are one wording
    (its text as the last of them prints it).
    """

    __slots__ = ()


class History:
    """The rule history, with lookups by current number, by any number, and by edition."""

    def __init__(self, data: HistoryData):
        self.data = data
        self.editions: list[date] = [e.effective for e in data.editions if e.file]
        self.files: dict[date, str] = {e.effective: e.file for e in data.editions if e.file}
        self._all = [e.effective for e in data.editions]
        self.all_editions = self._all  # official and quoted, oldest first
        self.units: dict[str, Unit] = {u.key: u for u in data.units}
        self._tracked: dict[str, tuple[Unit, Tracked]] = {}
        self._numbers: dict[str, list[tuple[str, Span]]] = {}
        self._successors: dict[str, dict[str, set[date]]] | None = None  # forerunners'
        for unit in data.units:
            for tracked in (unit.head, *unit.rules):
                self._tracked.setdefault(tracked.key, (unit, tracked))
                for span in tracked.numbers:
                    self._numbers.setdefault(span.value, []).append((tracked.key, span))

    def edition_on(self, when: date) -> date | None:
        """The latest edition effective on or before when (None: before every edition)."""
        index = bisect_right(self._all, when)
        return self._all[index - 1] if index else None

    def coverage(self, when: date) -> Coverage:
        """The edition in force on when, or the nearest known ones when there is none."""
        index = bisect_right(self._all, when)
        before = self._all[index - 1] if index else None
        after = self._all[index] if index < len(self._all) else None
        if before is None:
            return Coverage(None, None, after)
        if after is None:
            return Coverage(before, newest=when > before)
        if when > before and before not in self.files and after in self.files:
            return Coverage(None, before, after)  # the quoted text stops, the files start later
        return Coverage(before)

    def holds(self, edition: date) -> list[str] | None:
        """The units known of an edition the history has only in part (quoted, not an
        official file), e.g. ['300']; None for an official edition (known whole)."""
        if edition in self.files:
            return None
        return [u.key for u in self.data.units if state_at(u.head, edition) is not None]

    def in_rulebook(self, key: str) -> bool:
        """Whether the tracked rule key is a rule of the project's rulebook: it had that
        number in its unit's anchor edition, which the English text comes from."""
        entry = self._tracked.get(key)
        if entry is None:
            return False
        unit, tracked = entry
        return any(s.value == key and s.first <= unit.anchor <= s.last for s in tracked.numbers)

    def number_at(self, key: str, edition: date) -> str | None:
        """The number the tracked rule key had in edition (None: it was in no rule then)."""
        entry = self._tracked.get(key)
        return number_in(entry[1], edition) if entry else None

    def reused(self) -> set[str]:
        """Numbers that more than one tracked rule had (in different editions)."""
        return {number for number, items in self._numbers.items()
                if len({key for key, _span in items}) > 1}

    def forerunners(self, number: str) -> list[Match]:
        """The pre-2009 rules 300.x whose successors had number (a rule of section 500 from
        2009 on): Match(the old rule, number, the editions in which its successor had it)."""
        number = _canonical(number)
        if number is None:
            return []
        if self._successors is None:  # number -> {old rule key: editions}, rules in order
            self._successors = {}
            for unit in self.data.units:
                for rule in unit.rules:
                    for successor in rule.becomes:
                        for span in successor.numbers:
                            held = self._successors.setdefault(span.value, {}) \
                                .setdefault(rule.key, set())
                            held.update(d for d in self._all if span.first <= d <= span.last)
        return [Match(key, number, sorted(dates))
                for key, dates in self._successors.get(number, {}).items() if dates]

    def key_at(self, number: str, edition: date) -> str | None:
        """The covered rule (or unit) that had number in the edition in force on `edition`:
        its key, or None."""
        when = self.edition_on(edition)
        if when is None:
            return None
        return next((key for key, span in self._numbers.get(number, ())
                     if span.first <= when <= span.last), None)

    def section_at(self, section: str, edition: date) -> list[tuple[str, str, list[str]]] | None:
        """The English rules of a covered unit as the edition in force on `edition` printed
        them: (number then, text then, examples then), in order; None if unknown."""
        unit = self.units.get(section)
        when = self.edition_on(edition)
        if unit is None or when is None or state_at(unit.head, when) is None:
            return None
        rules = [state for state in (state_at(t, when) for t in unit.rules) if state]
        return [(n, t, list(e)) for n, t, e in sorted(rules, key=lambda r: number_key(r[0]))]

    def resolve(self, number: str) -> list[Match]:
        """Every covered rule that had number in some edition: the rule whose current number
        it is first, then the others, most recent first."""
        number = _canonical(number)
        if number is None:
            return []
        found: dict[str, list[date]] = {}
        for key, span in self._numbers.get(number, ()):
            found.setdefault(key, []).extend(d for d in self._all if span.first <= d <= span.last)
        matches = [Match(key, number, sorted(set(dates))) for key, dates in found.items()]
        return sorted(matches, key=lambda m: (m.current != number, [-d.toordinal()
                                                                    for d in m.editions[-1:]]))

    def rule(self, current: str) -> RuleHistory | None:
        """A covered rule's (or unit's) numbers and wordings over time."""
        entry = self._tracked.get(current)
        if entry is None:
            return None
        tracked = entry[1]
        return RuleHistory(current, [tuple(s) for s in tracked.numbers],
                           [tuple(w) for w in wordings(tracked.versions)])

    def tracked(self, key: str) -> Tracked | None:
        """The record of a covered rule (or unit head) by its key."""
        entry = self._tracked.get(key)
        return entry[1] if entry else None

    def versions(self, current: str) -> list[Version]:
        """Every verbatim version of a covered rule, with the editions that print it."""
        entry = self._tracked.get(current)
        return list(entry[1].versions) if entry else []

    def unit_of(self, current: str) -> Unit | None:
        entry = self._tracked.get(current)
        return entry[0] if entry else None

    def successors(self, current: str) -> list[Tracked]:
        """For a pre-2009 rule 300.x: the rules of section 500 it became, followed through
        the official editions."""
        entry = self._tracked.get(current)
        return list(entry[1].becomes) if entry else []

    def title(self, number: str, edition: date | None = None) -> str | None:
        """The title of a section or titled rule of the whole CR in the edition in force on
        `edition` (its latest title when None), or None."""
        # lazy: saves 23 ms of `show`'s cold start (import CPU time, min of 5 runs)
        from .titles import title_at

        when = self.edition_on(edition) if edition is not None else None
        if edition is not None and when is None:
            return None
        found = title_at(self.data.titles.get(number, ()), when)
        if found is None:  # the pre-2009 section 300, known from the rulebook only
            for unit in self.data.units:
                if unit.head.numbers and all(s.value == number for s in unit.head.numbers):
                    return next((v.text for v in reversed(unit.head.versions)
                                 if when is None or v.first <= when <= v.last), None)
        return found


def wordings(versions) -> list[tuple[str, date, date]]:
    """Versions joined where only cross-reference numbers or typography changed."""
    out: list[list] = []
    for version in versions:
        if out and version.same_wording and out[-1][2] < version.first:
            out[-1][0], out[-1][2] = version.text, version.last
        else:
            out.append([version.text, version.first, version.last])
    return [tuple(w) for w in out]


def _canonical(number: str) -> str | None:
    """number as the history writes it ('104.3b'), or None when it is no rule number."""
    try:
        return str(RuleNumber.parse(number))
    except BadNumber:
        return None


def load_history(rules_dir=None, missing_ok: bool = False) -> History | None:
    """The history under rules_dir/history (the project's rules/ by default). Raises
    errors.DataErrors, each file:line; when missing_ok, a rulebook without a history/
    folder has None (and a broken one still raises)."""
    root = os.fspath(rules_dir) if rules_dir is not None else default_rules_dir()
    folder = os.path.join(root, "history")
    recover(root)  # a new edition a killed import left half switched: completed first
    if missing_ok and not os.path.isdir(folder):
        return None
    return History(cached(folder, _read_files))


def _read_files(folder: str) -> HistoryData:
    """The history read from its YAML files (a cache miss: PyYAML and the readers)."""
    # lazy: saves 5 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from pathlib import Path

    # lazy: saves 27 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from .reader import read_history

    return read_history(Path(folder))





_read: dict[tuple, History | None] = {}


def history_of(rules_dir) -> History | None:
    """The history of a rulebook folder for the commands that can do without one: None when
    it has no history/ folder or it cannot be read (`tolaria validate` says why). Read once
    while its files are unchanged."""
    folder = os.path.join(os.fspath(rules_dir), "history")
    try:
        key = folder, *sorted((e.name, e.stat().st_mtime_ns) for e in os.scandir(folder))
    except OSError:
        return None
    if key not in _read:
        try:
            _read[key] = load_history(rules_dir, missing_ok=True)
        except (DataErrors, OSError, ValueError):
            _read[key] = None
    return _read[key]
