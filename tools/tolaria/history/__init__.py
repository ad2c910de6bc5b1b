"""The history of the covered rules through every official English edition: numbers that
move, wordings that change, and the titles of the whole CR; read from rules/history/.

    from tolaria.history import load_history
    h = load_history()              # raises errors.DataErrors
    h.resolve("702.26")             # [Match(current='702.25', number='702.26', editions=[…])]
    h.section_at("717", date(2019, 8, 23))   # [(number_then, text_then, examples_then), …]
"""

from __future__ import annotations

from bisect import bisect_right
from datetime import date
from typing import NamedTuple

from .records import HistoryData, Span, Tracked, Unit, Version


class Match(NamedTuple):
    """A covered rule (current: its number in the project) that had `number` in `editions`."""

    current: str
    number: str
    editions: list[date]


class RuleHistory(NamedTuple):
    """A rule's numbers and wordings over time, each with its first and last edition.

    Versions that differ only in cross-reference numbers or typography are one wording
    (its text as the last of them prints it).
    """

    current: str
    numbers: list[tuple[str, date, date]]
    wordings: list[tuple[str, date, date]]


class History:
    """The rule history, with lookups by current number, by any number, and by edition."""

    def __init__(self, data: HistoryData):
        self.data = data
        self.editions: list[date] = [e.effective for e in data.editions if e.file]
        self.files: dict[date, str] = {e.effective: e.file for e in data.editions if e.file}
        self._all = [e.effective for e in data.editions]
        self.units: dict[str, Unit] = {u.key: u for u in data.units}
        self._tracked: dict[str, tuple[Unit, Tracked]] = {}
        self._numbers: dict[str, list[tuple[str, Span]]] = {}
        for unit in data.units:
            for tracked in (unit.head, *unit.rules):
                self._tracked.setdefault(tracked.key, (unit, tracked))
                for span in tracked.numbers:
                    self._numbers.setdefault(span.value, []).append((tracked.key, span))

    def edition_on(self, when: date) -> date | None:
        """The latest edition effective on or before when (None: before every edition)."""
        index = bisect_right(self._all, when)
        return self._all[index - 1] if index else None

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
        from .build import number_key

        unit = self.units.get(section)
        when = self.edition_on(edition)
        if unit is None or when is None or _at(unit.head, when) is None:
            return None
        rules = [state for state in (_at(t, when) for t in unit.rules) if state]
        return [(n, t, list(e)) for n, t, e in sorted(rules, key=lambda r: number_key(r[0]))]

    def resolve(self, number: str) -> list[Match]:
        """Every covered rule that had number in some edition: the rule whose current number
        it is first, then the others, most recent first."""
        from ..numbering import BadNumber, RuleNumber

        try:
            number = str(RuleNumber.parse(number))
        except BadNumber:
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
        if out and version.renumbered and out[-1][2] < version.first:
            out[-1][0], out[-1][2] = version.text, version.last
        else:
            out.append([version.text, version.first, version.last])
    return [tuple(w) for w in out]


def _at(tracked: Tracked, when: date):
    number = next((s.value for s in tracked.numbers if s.first <= when <= s.last), None)
    version = next((v for v in tracked.versions if v.first <= when <= v.last), None)
    if number is None or version is None:
        return None
    return number, version.text, version.examples


def load_history(rules_dir=None) -> History:
    """The history under rules_dir/history (the project's rules/ by default). Raises
    errors.DataErrors, each file:line."""
    from .reader import history_dir, read_history

    return History(read_history(history_dir(rules_dir)))
