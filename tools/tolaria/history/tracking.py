"""A rule being followed through the editions while the history is built (mutable), and
frozen into a Tracked record at the end."""

from __future__ import annotations

from datetime import date

from .matching import same_wording
from .records import Span, Tracked, Version, state_at


class RuleBuilder:
    """A rule being followed: mutable while the history is built."""

    def __init__(self, key: str | None = None, numbers=(), versions=(), becomes=()):
        self.key = key
        self.numbers: list[Span] = list(numbers)
        self.versions: list[Version] = list(versions)
        self.becomes = tuple(becomes)

    @classmethod
    def of(cls, tracked: Tracked) -> RuleBuilder:
        return cls(tracked.key, tracked.numbers, tracked.versions, tracked.becomes)

    def add(self, when: date, previous: date | None, number: str, text: str,
            examples: tuple[str, ...]) -> None:
        """The rule as edition `when` prints it; previous: the edition just before."""
        if self.numbers and self.numbers[-1].value == number and self.numbers[-1].last == previous:
            self.numbers[-1] = self.numbers[-1]._replace(last=when)
        else:
            self.numbers.append(Span(number, when, when))
        last = self.versions[-1] if self.versions else None
        if last and (last.text, last.examples) == (text, examples) and last.last == previous:
            self.versions[-1] = last._replace(last=when)
            return
        same = bool(last) and same_wording(last.text, text) and \
            len(last.examples) == len(examples) and \
            all(same_wording(a, b) for a, b in zip(last.examples, examples))
        self.versions.append(Version(when, when, text, examples, same))

    def at(self, when: date) -> tuple[str, str, tuple[str, ...]] | None:
        return state_at(self, when)

    def tracked(self) -> Tracked:
        return Tracked(self.key, tuple(self.numbers), tuple(self.versions), self.becomes)
