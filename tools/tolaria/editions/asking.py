"""`history NUMBER` and `show NUMBER --edition DATE` for any rule of the whole CR: the
covered rules answer first (their history, history.edition_view); any other rule is found
in the stored editions (archive) and followed through them by content."""

from __future__ import annotations

from datetime import date
from typing import NamedTuple

from ..errors import UserError
from ..history.lookup import History, load_history
from ..history.notes import forerunner_line, others, read_on, rule_then, uncovered_name
from ..history.render import history_json, history_text
from ..i18n import _, format_date
from ..lookup import typed_numbers
from .archive import Archive, load_archive
from .changes import changes, pick_editions
from .following import rule_history
from ..numbering import BadNumber, RuleNumber
from ..formats.export import whole_json
from ..history.edition_view import shown_as_of, with_then
from .records import whole_cr_of
from ..today.loader import load_rulebook


class AskedHistory(NamedTuple):
    """A covered rule's history as asked: current, its history key; asked, as typed."""
    history: History
    current: str
    asked: str
    also: list  # the other rules the number was, as history.notes.others gives them

    def to_json(self) -> dict:
        return history_json(self.history, self.current, self.asked, self.also)

    def text(self) -> str:
        return history_text(self.history, self.current, self.asked, self.also)


def ask_history(rules_dir, number: str, edition: str | None = None) -> AskedHistory:
    """The history NUMBER asks for (a number of any edition; with edition, a date
    YYYY-MM-DD, the number as it was in the edition then in force). UserError if none."""
    asked = number.strip()
    h = load_history(rules_dir)
    if not h.rule(asked):  # a history key ("702.25k@2016-07-22") is taken as it is
        asked = str(_one_number(number))
    if edition:
        current = _on(h, asked, edition)
    elif h.rule(asked):
        current = asked
    else:
        matches = h.resolve(asked)
        if not matches:
            message = _("{number} is not a covered rule in any edition of the history"
                        ).format(number=uncovered_name(h, asked))
            line = forerunner_line(h, asked, "history")
            raise UserError(f"{message}. {line}" if line else message, status=1)
        current = matches[0].current
    return AskedHistory(h, current, asked, others(h, asked, current, "history"))


def _one_number(text: str):
    """The one number NUMBER asks for (a decimal comma is read as the point)."""
    numbers = typed_numbers(text, required=True)
    if len(numbers) > 1:
        raise UserError(_("history takes one number, not a range: e.g. tolaria history {number}"
                          ).format(number=numbers[0]))
    return numbers[0]


def _on(h: History, number: str, edition: str) -> str:
    """The history key of the rule that number was in the edition in force on a date."""
    try:
        when = date.fromisoformat(edition)
    except ValueError:
        raise UserError(_("--edition: '{value}' is not a date (YYYY-MM-DD)").format(
            value=edition)) from None
    _coverage, reading = read_on(h, "history", number, when)
    if reading.key is not None:
        return reading.key
    raise UserError(_("{number} was no rule number in the edition of {date}: without "
                      "--edition, tolaria history {number}").format(
        number=number, date=format_date(reading.edition)), status=1)


def _archive(rules_dir, failed: UserError, typed: str | None,
             covered_too: bool = False) -> Archive:
    """The stored editions, to answer what the covered rules could not; failed again when
    there are none, or when the number is a covered rule's (its own answer stands) unless
    covered_too."""

    h = load_history(rules_dir, missing_ok=True)
    if typed is None or (not covered_too and h is not None and h.resolve(typed)):
        raise failed
    archive = load_archive(rules_dir)
    if archive is None:
        raise failed
    return archive


def _typed(number: str) -> str | None:
    try:
        return str(RuleNumber.parse(number.strip().rstrip(".").replace(",", ".")))
    except BadNumber:
        return None


def _located(archive: Archive, number: str, when: date | None) -> tuple[int, str] | None:
    """(edition index, key) of a number: in the edition in force on when, else today's
    rule, else the newest edition's rule of that number."""
    if when is not None:
        index = archive.index_on(when)
        if index is None:
            raise UserError(archive.unknown_edition(when), status=1)
        if number in archive.editions[index].rules:
            return index, number
        return None
    return archive.find(number)


def any_history(rules_dir, number: str, edition: str | None = None):
    """The history NUMBER asks for: a covered rule's (ask_history), else the whole CR's
    rule of that number followed through every stored edition. UserError if neither."""
    try:
        return ask_history(rules_dir, number, edition)
    except UserError as failed:
        typed = _typed(number)
        try:
            when = date.fromisoformat(edition) if edition else None
        except ValueError:
            raise failed from None
        archive = _archive(rules_dir, failed, typed)
        found = _located(archive, typed, when)
        edition = archive.editions[archive.index_on(when) if when else -1]  # (_located: known)
        if found is None and typed in edition.sections:  # a title, and no text
            first = next((k for k in edition.rules if k.startswith(typed + ".")), None)
            raise UserError(_("{number} {title} is a section: each of its rules has a history "
                              "(e.g. tolaria history {rule})").format(
                number=typed, title=edition.sections[typed], rule=first or typed + ".1"),
                status=1) from None
        if found is None:
            raise failed
        h, key = rule_history(archive, *found)
        return AskedHistory(h, key, typed, [])


def any_as_of(rules_dir, number: str, when: date) -> tuple[dict, list[str]]:
    """`show NUMBER --edition DATE`: (the JSON of show, notes) for a covered rule
    (history.edition_view), else for any rule of the whole CR as the edition in force on
    when printed it: NUMBER read in that edition (for a number of a covered rule that was
    another rule's then, 717.1 in 2017, that rule, with a line on where this reference's
    rule was), else today's rule of that number."""
    h = load_history(rules_dir)
    try:
        return shown_as_of(h, number, when)
    except UserError as failed:
        typed = _typed(number)
        archive = _archive(rules_dir, failed, typed, covered_too=True)
        index = archive.index_on(when)
        covered = bool(h.resolve(typed))
        if index is None:
            raise failed if covered else UserError(archive.unknown_edition(when), status=1)
        edition = archive.editions[index]
        key = typed if typed in edition.rules or typed in edition.sections else None
        if covered:  # another rule's number then, or no rule's: the covered answer stands
            if key is None:
                raise failed
            return with_then(whole_json(whole_cr_of(edition), key, "en"), [],
                             rule_then(h, typed, edition.effective), typed, when,
                             h.coverage(when))
        notes = []
        if key is None and typed in archive.current.rules:
            key = next((k for i, k in archive.follow(len(archive.editions) - 1, typed)
                        if i == index), None)
            if key is not None:
                notes.append(_("{number} was no rule number in the edition of {date}: this is "
                               "the rule {number} of today, numbered {then} then").format(
                    number=typed, date=format_date(edition.effective), then=key))
        if key is None:
            raise UserError(_("{number} is not in the edition of {date}").format(
                number=typed, date=format_date(edition.effective)), status=1) from None
        return whole_json(whole_cr_of(edition), key, "en"), notes


def ask_changes(rules_dir, edition: date | None, since: date | None,
                section: str | None = None) -> dict:
    """`tolaria changes`: what edition (default: the current one) changed since an earlier
    one (default: the one before), as editions.changes gives it; the stale texts are the
    covered rules' translations. UserError when there are no stored editions, an edition
    is not stored, or the section is in neither edition."""
    archive = load_archive(rules_dir)
    if archive is None:
        raise UserError(_("no stored editions in {folder}: tolaria import DIR --all-editions "
                          "stores them").format(folder=rules_dir))
    old, new = pick_editions(archive, edition, since)
    if section is not None:
        section = section.strip().rstrip(".")
        if not any(section in archive.editions[i].sections for i in (old, new)):
            raise UserError(_("--section: {section} is no section of the editions of {since} "
                              "or {edition}").format(
                section=section, since=format_date(archive.dates[old]),
                edition=format_date(archive.dates[new])), status=1)
    return changes(archive, old, new, section, load_history(rules_dir, missing_ok=True),
                   load_rulebook(rules_dir))
