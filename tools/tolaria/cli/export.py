"""tolaria export: the whole rulebook, every language, as one JSON document: each rule as
`show --json` gives it, under today's number."""

from __future__ import annotations

from ..i18n import _
from .common import print_json, rulebook
from ..formats.export import export_json


def HELP() -> str:
    return _("print the whole rulebook, every language, as one JSON document keyed by "
             "today's rule number, each rule as show --json gives it")


def EXAMPLE() -> str:
    return _("Example: tolaria export --json > rulebook.json")


def add_arguments(parser) -> None:
    parser.add_argument("--json", action="store_true",
                        help=_("print JSON (the only format; accepted for symmetry)"))


def run(args) -> int:
    print_json(export_json(rulebook(args)))
    return 0
