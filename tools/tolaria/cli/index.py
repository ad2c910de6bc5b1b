"""tolaria index [--rebuild]: build the search index now and say what it holds."""

from __future__ import annotations
from ..i18n import _
from ..search import build_index
from .common import print_json, rulebook


def HELP() -> str:
    return _("build the full-text search index (in the user's cache) and report what it holds")


def EXAMPLE() -> str:
    return _("Example: tolaria index --rebuild")


def add_arguments(parser) -> None:
    parser.add_argument("--rebuild", action="store_true",
                        help=_("rebuild even if the index is up to date"))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))


def run(args) -> int:
    info = build_index(rulebook(args), rebuild=args.rebuild)
    if args.json:
        print_json(info.to_json())
    else:
        print(info.summary())
    return 0 if info.saved else 1  # not saved: the warning above says where and why
