"""`show NUMBER --edition DATE`: the English rule as the edition in force on a date printed
it, NUMBER read as a number of that edition first (only a number it did not have means
today's rule), with the notes that say how it was read."""

from __future__ import annotations

from datetime import date

from ..errors import UserError
from ..i18n import _, editions_phrase, format_date
from .asof import rule_as_of
from .lookup import History
from .notes import newest, read_on, rule_then, then_line


def shown_as_of(h: History, text: str, when: date) -> tuple[dict, list[str]]:
    """(the JSON of `show`, the notes to print under its first line); UserError (status 1)
    when the history has no such rule then."""
    coverage, reading = read_on(h, "show", text, when)
    notes, then = [], None
    if reading.key is not None:
        current = reading.key
        if current != text:
            then = rule_then(h, text, reading.edition)
    else:  # no rule had the number then: today's rule of that number
        known = h.rule(text) is not None
        match = None if known else next(iter(h.resolve(text)), None)
        current = text if known else match.current if match else None
        if current is None:
            raise UserError(_("{number} is not a covered rule in any edition of the history"
                              ).format(number=text), status=1)
        edition = format_date(reading.edition)
        if match is None:
            notes.append(_("{number} was no rule number in the edition of {date}: this is the "
                           "rule {number} of the rulebook, as that edition printed it").format(
                number=text, date=edition))
        else:
            notes.append(_("{number} was no rule number in the edition of {date}: this is the "
                           "rule that was {number} in {editions}, as that edition printed it"
                           ).format(number=text, date=edition,
                                    editions=editions_phrase(match.editions)))
    data = rule_as_of(h, current, when)
    if data is None:
        raise UserError(_("rule {number} is not in the edition in force on {date}").format(
            number=current, date=format_date(reading.edition)), status=1)
    if not h.in_rulebook(current):  # a rule this reference does not have
        data["current"] = None
    if text != data["number"]:
        data["asked"] = text
    if notes:
        data["asked"], data["asked_in_edition"] = text, False
    return with_then(data, notes, then, text, when, coverage)


def with_then(data: dict, notes: list[str], then, asked: str, when: date, coverage
              ) -> tuple[dict, list[str]]:
    """data and notes with where this reference's rule was then (then: notes.rule_then of
    asked), and, for a date after the newest edition known (coverage: History.coverage),
    that it is the newest."""
    hint = then_line(then, asked, when)
    if hint is not None:
        data["rulebook_rule"] = {"number": then.current, "then": then.then}
        notes.append(hint)
    if coverage.newest:
        data["newest_known"] = True
        notes.append(newest(coverage.edition, when))
    return data, notes
