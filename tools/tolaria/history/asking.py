"""`tolaria history NUMBER [--edition DATE]`: which covered rule a typed number asks for,
and its history to show; `--rebuild`: the whole history written again."""

from __future__ import annotations

from datetime import date
from typing import NamedTuple

from ..errors import UserError
from ..i18n import _, format_date
from ..lookup import typed_numbers
from ..yamlfiles.nodes import display_path
from .lookup import History, load_history
from .notes import forerunner_line, others, read_on, uncovered_name
from .rebuild import default_reference_dir, rebuild
from .render import history_json, history_text
from .storage import write_history


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


def rebuild_history(rules_dir, reference=None) -> list[str]:
    """Rebuild rules/history/ from every official file of reference (default: the shared
    folder); the files written, as shown to people."""
    data = rebuild(reference or default_reference_dir(), rules_dir)
    return [display_path(path) for path in write_history(data, rules_dir)]
