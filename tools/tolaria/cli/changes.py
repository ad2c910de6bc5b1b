"""tolaria changes [EDITION]: what an edition changed in the whole CR, section by section."""

from __future__ import annotations

from ..editions.asking import ask_changes
from ..editions.render import changes_text
from ..i18n import _
from .common import edition_date, print_json, rules_dir


def HELP() -> str:
    return _("list what an official edition changed in the whole CR, section by section: "
             "the rules added, removed, moved and reworded (with word diffs), the rules "
             "renumbered by insertions above them (counted), and the Spanish and Italian "
             "texts each change makes stale")


def EXAMPLE() -> str:
    return _("Example: tolaria changes --since 2026-02-27 --section 702")


def add_arguments(parser) -> None:
    parser.add_argument("edition", metavar=_("EDITION"), nargs="?",
                        help=_("the edition's effective date (YYYY-MM-DD; default: the "
                               "current edition)"))
    parser.add_argument("--since", metavar=_("EDITION"),
                        help=_("compare with this earlier edition (default: the one before)"))
    parser.add_argument("--section", metavar=_("N"),
                        help=_("this section only, e.g. 702"))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))


def run(args) -> int:
    found = ask_changes(rules_dir(args), args.edition and edition_date(args.edition, "EDITION"),
                        args.since and edition_date(args.since, "--since"), args.section)
    print_json(found) if args.json else print(changes_text(found))
    return 0
