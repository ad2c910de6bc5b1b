"""tolaria status: each translated rule against the current edition (up to date, or stale
since which edition and by how much)."""

from __future__ import annotations

from ..history.status import status_report, status_text
from ..i18n import _
from .common import print_json, rulebook


def HELP() -> str:
    return _("list every Spanish and Italian rule against the current English edition: up "
             "to date, or stale since which edition, with the number of changes and the "
             "words the English inserted and deleted since the translation's base")


def EXAMPLE() -> str:
    return _("Example: tolaria status --lang es")


def add_arguments(parser) -> None:
    parser.add_argument("--lang", choices=["es", "it"],
                        help=_("this language only (default: es and it)"))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))


def run(args) -> int:
    status = status_report(rulebook(args), args.lang)
    if args.json:
        print_json(status.to_json())
    else:
        print(status_text(status))
    return 0
