"""The records of the rule history: editions, numbers over time, verbatim versions, units."""

from __future__ import annotations

from datetime import date
from typing import NamedTuple


class EditionRef(NamedTuple):
    """An edition the history knows: its effective date and, if official, its file's name."""

    effective: date
    file: str | None = None


class Span(NamedTuple):
    """A number (or a title) a rule had from one edition to another, both included."""

    value: str
    first: date
    last: date


class Version(NamedTuple):
    """One verbatim state of a rule (text and examples) over a run of editions.

    same_wording: the text differs from the version before it only in the numbers of its
    cross-references (or in typography: quotes, spacing), which is not a change of wording.
    """

    first: date
    last: date
    text: str
    examples: tuple[str, ...] = ()
    same_wording: bool = False


class Tracked(NamedTuple):
    """One rule followed through every edition: its key (current number), numbers, versions.

    becomes: for the pre-2009 rule 300 only, the rules of section 500 it became, each
    followed through the official editions.
    """

    key: str
    numbers: tuple[Span, ...]
    versions: tuple[Version, ...]
    becomes: tuple[Tracked, ...] = ()


class Unit(NamedTuple):
    """A covered section ('104', '717') or keyword rule ('702.25'), known by its number in
    the edition the project's English text comes from (its anchor).

    head: the unit's own numbers, and its title over time as versions.
    """

    key: str
    anchor: date
    head: Tracked
    rules: tuple[Tracked, ...]


class HistoryData(NamedTuple):
    """Everything stored under rules/history/."""

    editions: tuple[EditionRef, ...]  # oldest first
    units: tuple[Unit, ...]
    titles: dict[str, tuple[Span, ...]]  # number -> its titles (value) over time
