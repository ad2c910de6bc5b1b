"""The records of the rule history: editions, numbers over time, verbatim versions, units;
and the small functions every part of the history reads them with."""

from __future__ import annotations

from datetime import date

from ..tuples import named

# tuples.named rather than typing.NamedTuple: `show` and `search` read these on every
# start, and importing typing costs them about 2 ms (python -X importtime).


class EditionRef(named("EditionRef", "effective file", defaults=(None,))):
    """An edition the history knows: its effective date and, if official, its file's name."""

    __slots__ = ()
    # effective: date; file: str | None = None


class Span(named("Span", "value first last")):
    """A number (or a title) a rule had from one edition to another, both included."""

    __slots__ = ()
    # value: str; first: date; last: date


class Version(named("Version", "first last text examples same_wording",
                         defaults=((), False))):
    """One verbatim state of a rule (text and examples) over a run of editions.

    same_wording: the text differs from the version before it only in the numbers of its
    cross-references (or in typography: quotes, spacing), which is not a change of wording.
    """

    __slots__ = ()
    # first: date; last: date; text: str; examples: tuple[str, ...] = ()
    # same_wording: bool = False


class Tracked(named("Tracked", "key numbers versions becomes", defaults=((),))):
    """One rule followed through every edition: its key (current number), numbers, versions.

    becomes: for the pre-2009 rule 300 only, the rules of section 500 it became, each
    followed through the official editions.
    """

    __slots__ = ()
    # key: str; numbers: tuple[Span, ...]; versions: tuple[Version, ...]
    # becomes: tuple[Tracked, ...] = ()


class Unit(named("Unit", "key anchor head rules")):
    """A covered section ('104', '717') or keyword rule ('702.25'), known by its number in
    the edition the project's English text comes from (its anchor).

    head: the unit's own numbers, and its title over time as versions.
    """

    __slots__ = ()
    # key: str; anchor: date; head: Tracked; rules: tuple[Tracked, ...]


class HistoryData(named("HistoryData", "editions units titles")):
    """Everything stored under rules/history/."""

    __slots__ = ()
    # editions: tuple[EditionRef, ...] (oldest first); units: tuple[Unit, ...]
    # titles: dict[str, tuple[Span, ...]]: number -> its titles (value) over time


def number_key(number: str) -> tuple:
    """Sort key of a number as printed (tolerates letters the CR never uses)."""
    head, _, suffix = number.partition("@")
    section, _, rest = head.partition(".")
    digits = "".join(c for c in rest if c.isdigit())
    letters = "".join(c for c in rest if c.isalpha())
    return (int(section), int(digits) if digits else -1, letters, suffix)


def number_in(tracked: Tracked, when: date) -> str | None:
    """The number a tracked rule had in the edition of when (None: it was in no rule)."""
    return next((s.value for s in tracked.numbers if s.first <= when <= s.last), None)


def state_at(tracked: Tracked, when: date):
    """(number, text, examples) of a tracked rule in the edition of when, or None; also of
    a tracking.RuleBuilder, which has the same fields."""
    number = number_in(tracked, when)
    version = next((v for v in tracked.versions if v.first <= when <= v.last), None)
    if number is None or version is None:
        return None
    return number, version.text, version.examples
