"""tolaria history NUMBER: a covered rule's numbers and wordings through every edition."""

from __future__ import annotations

from pathlib import Path

from ..errors import UserError
from ..editions.asking import any_history
from ..history.rebuild import rebuild_history
from ..i18n import _
from .common import print_json, rules_dir


def HELP() -> str:
    return _("show a rule's numbers and wordings through every official edition (a covered "
             "rule, or any rule of the whole CR), with word diffs (any edition's number "
             "works); or rebuild the history")


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
        for path in rebuild_history(rules_dir(args), args.reference and Path(args.reference)):
            print(_("wrote {file}").format(file=path))
        return 0
    if args.reference:
        raise UserError(_("--reference says where --rebuild reads the official files: give "
                          "it with --rebuild"))
    if not args.number:
        raise UserError(_("give a rule number (e.g. tolaria history 717.1), or --rebuild"))
    found = any_history(rules_dir(args), args.number, args.edition)
    if args.json:
        print_json(found.to_json())
    else:
        print(found.text())
    return 0
