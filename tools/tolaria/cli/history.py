"""tolaria history NUMBER: a covered rule's numbers and wordings through every edition."""

from __future__ import annotations

from ..errors import UserError
from ..i18n import _
from .common import print_json, rules_dir


def HELP() -> str:
    return _("show a covered rule's numbers and wordings through every official edition, "
             "with word diffs (any edition's number works); or rebuild the history")


def EXAMPLE() -> str:
    return _("Example: tolaria history 702.26 --json")


def add_arguments(parser) -> None:
    parser.add_argument("number", metavar=_("NUMBER"), nargs="?",
                        help=_("a rule number of any edition, e.g. 717.1, 723 or 716.1b"))
    parser.add_argument("--edition", metavar=_("DATE"),
                        help=_("read NUMBER as a number of the edition in force on this date "
                               "(YYYY-MM-DD): the history of the rule it was then"))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))
    parser.add_argument("--rebuild", action="store_true",
                        help=_("rebuild rules/history/ from every official file"))
    parser.add_argument("--reference", metavar=_("DIR"),
                        help=_("the folder of official files for --rebuild (default: "
                               "../shared/reference/cr-en, or $TOLARIA_SHARED/reference/cr-en)"))


def run(args) -> int:
    if args.rebuild:
        for given, option in ((args.number, _("NUMBER")), (args.edition, "--edition"),
                              (args.json, "--json")):
            if given:
                raise UserError(_("--rebuild rebuilds the whole history and prints the files "
                                  "it wrote: it takes no {option}").format(option=option))
        return _rebuild(args)
    if args.reference:
        raise UserError(_("--reference says where --rebuild reads the official files: give "
                          "it with --rebuild"))
    if not args.number:
        raise UserError(_("give a rule number (e.g. tolaria history 717.1), or --rebuild"))
    from ..history import load_history
    from ..history.notes import others
    from ..history.render import history_json, history_text

    asked = args.number.strip()
    h = load_history(rules_dir(args))
    if not h.rule(asked):  # a history key ("702.25k@2016-07-22") is taken as it is
        asked = str(_one_number(args.number))
    if args.edition:
        current = _on(h, asked, args.edition)
    elif h.rule(asked):
        current = asked
    else:
        matches = h.resolve(asked)
        if not matches:
            from ..history.notes import forerunner_line, uncovered_name

            message = _("{number} is not a covered rule in any edition of the history"
                        ).format(number=uncovered_name(h, asked))
            line = forerunner_line(h, asked, "history")
            raise UserError(f"{message}. {line}" if line else message, status=1)
        current = matches[0].current
    also = others(h, asked, current, "history")
    if args.json:
        print_json(history_json(h, current, asked, also))
    else:
        print(history_text(h, current, asked, also))
    return 0


def _one_number(text: str):
    """The one number NUMBER asks for (a decimal comma is read as the point)."""
    from ..lookup import typed_numbers

    numbers = typed_numbers(text, required=True)
    if len(numbers) > 1:
        raise UserError(_("history takes one number, not a range: e.g. tolaria history {number}"
                          ).format(number=numbers[0]))
    return numbers[0]


def _on(h, number: str, edition: str) -> str:
    """The history key of the rule that number was in the edition in force on a date."""
    from ..history.notes import read_on
    from ..i18n import format_date

    from .common import edition_date

    _coverage, reading = read_on(h, "history", number, edition_date(edition))
    if reading.key is not None:
        return reading.key
    raise UserError(_("{number} was no rule number in the edition of {date}: without "
                      "--edition, tolaria history {number}").format(
        number=number, date=format_date(reading.edition)), status=1)


def _rebuild(args) -> int:
    from pathlib import Path

    from ..history.rebuild import default_reference_dir, rebuild
    from ..history.reader import history_dir
    from ..history.storage import write_history
    from ..yamlfiles.nodes import display_path

    reference = Path(args.reference) if args.reference else default_reference_dir()
    data = rebuild(reference, rules_dir(args))
    for path in write_history(data, history_dir(rules_dir(args))):
        print(_("wrote {file}").format(file=display_path(path)))
    return 0
