"""What `show`, `search` and `history` say about a number besides its rule: a date the history
has no edition for, the number a rule of this reference had on a date, the other rules a
number belonged to, and a number outside the covered sections, named by its title in the
whole CR (and, for section 500, by the pre-2009 rule 300 it came from)."""

from __future__ import annotations

from datetime import date
from typing import NamedTuple

from ..errors import UserError
from ..i18n import _, editions_phrase, format_date, ngettext, shorten
from ..numbering import BadNumber, RuleNumber
from .asof import reading_on

# search.hits and .titles (official files) are imported where used: `tolaria show` of a
# renumbered rule reads these notes, and start-up is the CLI's hot path.

SHORT = 70  # characters of a wording quoted in a note


def command(verb: str, number: str, edition: date | None = None) -> str:
    """The command that shows number: 'tolaria show 715.1 --edition 2017-01-20'."""
    line = f"tolaria {verb} {number}"
    return f"{line} --edition {edition.isoformat()}" if edition is not None else line


def _known(h, verb: str, number: str, edition: date) -> str:
    """An edition the history knows, with the command that asks for number in it, or what
    little is known of it."""
    held = h.holds(edition)
    if held is not None and h.key_at(number, edition) is None:
        return _("{date} (only {numbers} known)").format(date=format_date(edition),
                                                         numbers=", ".join(held))
    return _("{date} ({command})").format(date=format_date(edition),
                                          command=command(verb, number, edition))


def no_edition(h, verb: str, number: str, when: date, coverage) -> str:
    """For a date the history has no edition for (coverage: History.coverage(when)): the
    known editions nearest to it, and how to ask for number in them."""
    head = _("this reference has no English edition for {date}").format(
        date=format_date(when))
    if coverage.before is None:
        first = coverage.after
        text = _("{head}: the earliest it knows is {first}").format(
            head=head, first=_known(h, verb, number, first))
        whole = h.editions[0] if h.editions else None
        if whole is not None and whole != first and h.key_at(number, first) is None:
            text = _("{text}; the earliest it knows whole is {whole}").format(
                text=text, whole=_known(h, verb, number, whole))
        return text
    return _("{head}: the nearest it knows are {before} and {after}").format(
        head=head, before=_known(h, verb, number, coverage.before),
        after=_known(h, verb, number, coverage.after))


def partial_edition(h, verb: str, number: str, when: date, edition: date) -> str:
    """For a number outside what the history has of a partly known edition (the edition in
    force on when): what it has, and the nearest later edition that has number."""
    numbers = ", ".join(h.holds(edition) or ())
    if when == edition:
        text = _("this reference knows no {number} in the edition of {date}, of which it has "
                 "only {numbers}").format(number=number, date=format_date(when),
                                          numbers=numbers)
    else:
        text = _("this reference knows no {number} in the edition in force on {date} "
                 "({edition}), of which it has only {numbers}").format(
            number=number, date=format_date(when), edition=format_date(edition),
            numbers=numbers)
    later = next((e for e in h.all_editions if e > edition and h.key_at(number, e)), None)
    if later is None:
        return text
    return _("{text}; the nearest later edition with {number} is {later}").format(
        text=text, number=number, later=_known(h, verb, number, later))


def read_on(h, verb: str, number: str, when: date):
    """number read as a number of the edition in force on when, for `verb NUMBER --edition`:
    (History.coverage(when), asof.Reading) when it names a covered rule then, or may mean
    today's; UserError (status 1) saying what the history knows when it has no edition for
    when, the number is outside what a partly known edition has, or it was an uncovered
    rule then."""
    coverage = h.coverage(when)
    if coverage.edition is None:
        raise UserError(no_edition(h, verb, number, when, coverage), status=1)
    reading = reading_on(h, number, when)
    if reading.key is None and h.holds(reading.edition) is not None:
        raise UserError(partial_edition(h, verb, number, when, reading.edition), status=1)
    if reading.key is None and reading.uncovered is not None:
        raise UserError(uncovered_reading(h, number, when, reading, verb), status=1)
    return coverage, reading


def newest(edition: date, when: date) -> str:
    """For a date after the newest known edition."""
    return _("{edition} is the newest edition this reference knows; a later one may be in "
             "force on {date}").format(edition=format_date(edition), date=format_date(when))


def uncovered_reading(h, number: str, when: date, reading, verb: str = "show") -> str:
    """For a number that was an uncovered rule (or fell under one) on when (reading:
    asof.reading_on with .uncovered), with the number this reference's rule had then."""
    then, title = reading.uncovered
    if then == number:
        message = _("{number} on {date} was {title}, which this reference does not "
                    "cover").format(number=number, date=format_date(when), title=title)
    else:
        message = _("{number} on {date} fell under {rule} {title}, which this reference "
                    "does not cover").format(number=number, date=format_date(when),
                                             rule=then, title=title)
    hint = then_hint(h, number, reading.edition, when, verb)
    return f"{message}; {hint}" if hint else message


class Then(NamedTuple):
    """The rule of this reference a number means today (current), its number in an edition
    (then; None: it is not in that edition), and the editions in which it had the number
    asked when that is not its own number today."""

    current: str
    then: str | None
    editions: list[date]


def rule_then(h, asked: str, edition: date) -> Then | None:
    """The rule of this reference that asked means (its own number, else a number it had in
    other editions), with its number in edition; None when asked means no such rule."""
    matches = [m for m in h.resolve(asked) if h.in_rulebook(m.current)]
    if not matches:
        return None
    match = next((m for m in matches if m.current == asked), matches[0])
    editions = [] if match.current == asked else list(match.editions)
    return Then(match.current, h.number_at(match.current, edition), editions)


def then_hint(h, asked: str, edition: date, when: date, verb: str = "show") -> str | None:
    """For a number that meant another rule (or none) in edition, the edition in force on
    when: 'this reference's 717.1 was 715.1 then: tolaria show 715.1 --edition 2017-03-01';
    None when there is nothing to say."""
    return then_line(rule_then(h, asked, edition), asked, when, verb)


def then_line(found: Then | None, asked: str, when: date, verb: str = "show") -> str | None:
    """then_hint for the rule_then already found."""
    if found is None or found.then == asked:
        return None
    if found.then is None:
        if found.editions:
            return _("{asked} is the number of this reference's {current} in {editions}, "
                     "which is not in that edition").format(
                asked=asked, current=found.current, editions=editions_phrase(found.editions))
        return _("this reference's {number} is not in that edition").format(number=asked)
    see = command(verb, found.then, when)
    if found.editions:
        return _("{asked} is the number of this reference's {current} in {editions}; it was "
                 "{then} then: {command}").format(
            asked=asked, current=found.current, then=found.then,
            editions=editions_phrase(found.editions), command=see)
    return _("this reference's {number} was {then} then: {command}").format(
        number=asked, then=found.then, command=see)


class Other(NamedTuple):
    """Another rule that had a number: its key in the history, the editions in which it had
    the number, whether it is a rule of this reference, whether the newest edition still has
    it, its wording when it last had the number, the command that shows it, and its number
    today (a rule of this reference that the newest edition has; else None)."""

    key: str
    number: str
    editions: list[date]
    in_rulebook: bool
    removed: bool
    text: str
    see: str
    today: str | None = None

    def to_json(self) -> dict:
        return {"number": self.number, "rule": self.key if self.in_rulebook else None,
                "today": self.today, "editions": [d.isoformat() for d in self.editions],
                "in_rulebook": self.in_rulebook, "removed": self.removed, "text": self.text,
                "see": self.see}

    @classmethod
    def from_json(cls, data: dict) -> Other:
        """The Other of to_json (its key is kept for a rule of this reference only)."""
        return cls(data["rule"] or "", data["number"],
                   [date.fromisoformat(d) for d in data["editions"]], data["in_rulebook"],
                   data["removed"], data["text"], data["see"], data.get("today"))


def others(h, number: str, shown: str, verb: str = "show") -> list[Other]:
    """The rules other than shown (a history key) that had number in some edition, most
    recent first."""
    out = []
    for match in h.resolve(number):
        if match.current == shown:
            continue
        last = match.editions[-1]
        text = next((v.text for v in h.versions(match.current) if v.first <= last <= v.last), "")
        in_rulebook = h.in_rulebook(match.current)
        removed = is_removed(h, match.current)
        # show names this reference's rules by today's numbers, history by its own
        today = h.number_at(match.current, h.editions[-1]) \
            if in_rulebook and verb == "show" else None
        see = command(verb, today or match.current) if in_rulebook else \
            command(verb, number, last)
        out.append(Other(match.current, number, list(match.editions), in_rulebook, removed,
                         text, see, today))
    return out


def is_removed(h, key: str) -> bool:
    """Whether the tracked rule key is not in the newest official edition (True when the
    history has none)."""
    return not h.editions or h.number_at(key, h.editions[-1]) is None


def state_word(removed: bool) -> str:
    """Why a rule is not this reference's: removed since, or not in its text."""
    return _("since removed") if removed else _("not in this reference's text")


def state(other: Other) -> str:
    return state_word(other.removed)


def other_line(other: Other) -> str:
    """One line about another rule that had the number."""
    editions = editions_phrase(other.editions)
    if other.in_rulebook:
        return _("{number} was also this reference's {rule} in {editions}: {command}").format(
            number=other.number, rule=other.today or other.key, editions=editions,
            command=other.see)
    return _("{number} was also another rule in {editions}, {state} (“{text}”): {command}"
             ).format(number=other.number, editions=editions, state=state(other),
                      text=shorten(other.text, SHORT), command=other.see)


def uncovered_name(h, number: str) -> str:
    """A number outside the covered rules, named by the titles of the whole CR: '704
    State-Based Actions', '704.5a (in 704 State-Based Actions)', or the number alone."""
    # lazy: saves 16 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from .titles import title_at

    try:
        node = RuleNumber.parse(number)
    except BadNumber:
        return number
    newest_edition = h.editions[-1] if h.editions else None
    while node is not None:
        spans = h.data.titles.get(str(node))
        if spans:
            name = f"{node} {title_at(spans, None)}"
            last = max(s.last for s in spans)
            if newest_edition is not None and last < newest_edition:
                name = _("{name}, until {date}").format(name=name, date=format_date(last))
            if str(node) == number:
                return name
            return _("{number} (in {name})").format(number=number, name=name)
        node = node.parent
    return number


def forerunner_line(h, number: str, verb: str = "show") -> str | None:
    """'500.1 is what the pre-2009 rule 300.1 became: tolaria show 300.1', or None."""
    found = h.forerunners(number)
    if not found:
        return None
    old = ", ".join(m.current for m in found)
    see = command(verb, found[0].current)
    editions = found[0].editions
    if editions == list(h.editions):
        return ngettext("{number} is what the pre-2009 rule {old} became: {command}",
                        "{number} is what the pre-2009 rules {old} became: {command}",
                        len(found)).format(number=number, old=old, command=see)
    return ngettext("{number}, in {editions}, is what the pre-2009 rule {old} became: "
                    "{command}",
                    "{number}, in {editions}, is what the pre-2009 rules {old} became: "
                    "{command}", len(found)).format(
        number=number, editions=editions_phrase(editions), old=old, command=see)


def not_covered(h, number: str, covered: str, verb: str = "show") -> str:
    """A number outside the covered sections, named, with what this rulebook covers."""
    text = _("rule {number} is not covered: this rulebook covers sections {covered}."
             ).format(number=uncovered_name(h, number), covered=covered)
    line = forerunner_line(h, number, verb)
    return f"{text} {line}" if line else text
