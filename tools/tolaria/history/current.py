"""Today's rules: every covered rule as the newest official edition the history knows prints
it (its number, text and examples today), the numbers it had before, and how far an older
edition (a translation's base) lags it.

The history follows each covered rule by content through every official file, keyed by its
number in the edition the project's English comes from; the newest edition it holds is the
*current* one. Nothing here is stored twice: the current text is the history's verbatim
version of the newest edition.
"""

from __future__ import annotations

from datetime import date

from ..model import Alias, Lag, RuleBook, Today
from ..numbering import find_references
from .lookup import History
from .records import number_key, state_at


def current_edition(h: History) -> date | None:
    """The newest official edition the history knows."""
    return h.editions[-1] if h.editions else None


def today(h: History, key: str) -> Today | None:
    """The covered rule key (its number in the project) as the current edition has it."""
    tracked = h.tracked(key)
    edition = current_edition(h)
    if tracked is None or edition is None:
        return None
    number, text, examples = state_at(tracked, edition) or (None, None, ())
    aliases: dict[str, Alias] = {}
    for span in tracked.numbers:
        if span.value == number:
            continue
        seen = aliases.get(span.value)
        first = min(span.first, seen.first) if seen else span.first
        last = max(span.last, seen.last) if seen else span.last
        aliases[span.value] = Alias(span.value, first, last)
    moved_to = ()
    if number is None:
        moved_to = tuple(sorted({n for successor in h.successors(key)
                                 if (n := _number(successor, edition))}, key=number_key))
    ordered = tuple(sorted(aliases.values(), key=lambda a: a.last, reverse=True))
    return Today(key, number, text, tuple(examples), edition, ordered, moved_to,
                 tuple(find_references(text or "")))


def lag(h: History, key: str, base: date) -> Lag | None:
    """How far the English of the edition in force on `base` lags the current edition."""
    tracked = h.tracked(key)
    edition = current_edition(h)
    since_base = h.edition_on(base)
    if tracked is None or edition is None or since_base is None:
        return None
    old = state_at(tracked, since_base)
    new = state_at(tracked, edition)
    changes = [v for v in tracked.versions
               if since_base < v.first <= edition and not v.same_wording]
    if old is not None and new is not None and old[1] == new[1]:
        changes = []
    return Lag(since_base, edition, len(changes), changes[0].first if changes else None,
               old[0] if old else None, old[1] if old else None, new[1] if new else None)


def current_numbers(h: History) -> dict[str, str]:
    """Today's number -> the key of the covered rule that has it (sections included)."""
    edition = current_edition(h)
    out: dict[str, str] = {}
    if edition is None:
        return out
    for unit in h.data.units:
        for tracked in (unit.head, *unit.rules):
            number = _number(tracked, edition)
            if number is not None:
                out.setdefault(number, tracked.key)
    return out


def children_today(h: History, key: str) -> list[Today]:
    """The covered rules directly under key's rule in the current edition, in order."""
    me = today(h, key)
    unit = h.unit_of(key)
    if me is None or me.number is None or unit is None:
        return []
    parent_depth = me.number.count(".") + (1 if me.number[-1:].isalpha() else 0)
    out = []
    for tracked in unit.rules:
        state = today(h, tracked.key)
        if state is None or state.number is None or state.number == me.number:
            continue
        if _parent(state.number) == me.number and parent_depth < 2:
            out.append(state)
    return sorted(out, key=lambda t: number_key(t.number))


def _parent(number: str) -> str:
    if number[-1:].isalpha():
        return number.rstrip("abcdefghijklmnopqrstuvwxyz")
    return number.partition(".")[0] if "." in number else ""


def _number(tracked, when: date) -> str | None:
    state = state_at(tracked, when)
    return state[0] if state else None


def today_view(h: History, book: RuleBook) -> RuleBook:
    """book with today's view of every covered rule the history follows (its sections and
    rules, and the rules added since its English), and the lag of each translation."""
    edition = current_edition(h)
    if edition is None:
        return book
    found = {}
    for unit in h.data.units:
        for tracked in (unit.head, *unit.rules):
            state = today(h, tracked.key)
            if state is not None:
                found[tracked.key] = state
    lags = {}
    for (lang, _number), section in book.sections.items():
        if lang == "en":
            continue
        for number in [section.number] + [r.number for r in section.rules]:
            key = str(number)
            late = lag(h, key, section.base_of(number))
            if late is not None:
                lags[(lang, key)] = late
    return book._replace(today=found, current=edition, lags=lags, reused=frozenset(h.reused()))

