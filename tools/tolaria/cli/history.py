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
    parser.add_argument("--json", action="store_true", help=_("print JSON"))
    parser.add_argument("--rebuild", action="store_true",
                        help=_("rebuild rules/history/ from every official file"))
    parser.add_argument("--reference", metavar=_("DIR"),
                        help=_("the folder of official files for --rebuild (default: "
                               "../shared/reference/cr-en, or $TOLARIA_SHARED/reference/cr-en)"))
    parser.add_argument("--lang", choices=["en", "es", "it"], help=_("interface language"))


def run(args) -> int:
    if args.rebuild:
        return _rebuild(args)
    if not args.number:
        raise UserError(_("give a rule number (e.g. tolaria history 717.1), or --rebuild"))
    from ..history import load_history
    from ..history.render import history_json, history_text

    from .common import parse_number

    asked = args.number.strip()
    h = load_history(rules_dir(args))
    if not h.rule(asked):  # a history key ("702.25k@2016-07-22") is taken as it is
        asked = str(parse_number(asked))
    current = asked if h.rule(asked) else None
    if current is None:
        matches = h.resolve(asked)
        if not matches:
            raise UserError(_("{number} is not a covered rule in any edition of the history"
                              ).format(number=asked), status=1)
        current = matches[0].current
    if args.json:
        print_json(history_json(h, current, asked))
    else:
        print(history_text(h, current, asked))
    return 0


def _rebuild(args) -> int:
    from pathlib import Path

    from ..history.rebuild import default_reference_dir, rebuild
    from ..history.reader import history_dir
    from ..history.storage import write_history
    from ..loader import _display

    reference = Path(args.reference) if args.reference else default_reference_dir()
    data = rebuild(reference, rules_dir(args))
    for path in write_history(data, history_dir(rules_dir(args))):
        print(_("wrote {file}").format(file=_display(path)))
    return 0
