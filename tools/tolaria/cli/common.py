"""Small helpers the commands share: reading the rulebook, printing JSON.

pathlib is imported where used (rules_dir): every command imports this module, and `show`
needs it only with another rulebook folder."""

from __future__ import annotations

import sys
from datetime import date

from .. import i18n
from ..errors import UserError
from ..formats.json_text import json_text
from ..i18n import _
from ..rulebook.folders import default_rules_dir
from ..today.loader import load_rulebook
from ..model import RuleBook


def INTERFACE_LANG_HELP() -> str:
    return _("the interface's language (default: the locale's, else en)")


def add_interface_language(parser, alias: bool = False) -> None:
    """--ui-lang (and, with alias, --lang as its other name). Its value was read before the
    parser was built (cli.interface); here it is checked and documented."""
    # lazy: saves 16 ms of `show`'s cold start (argparse: only to build a parser, cli.plain)
    import argparse

    names = ("--ui-lang", "--lang") if alias else ("--ui-lang",)
    parser.add_argument(*names, dest="ui_lang", choices=list(i18n.SUPPORTED),
                        default=argparse.SUPPRESS, help=INTERFACE_LANG_HELP())


def edition_date(text: str, name: str = "--edition"):
    """The date of an edition the user named (YYYY-MM-DD) as the argument name, or a
    one-line UserError."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise UserError(_("{name}: '{value}' is not a date (YYYY-MM-DD)").format(
            name=name, value=text)) from None


def rules_dir(args):
    """The rulebook folder the user asked for (a path), or the project's."""
    # lazy: saves 6 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from pathlib import Path

    return Path(args.rules) if getattr(args, "rules", None) else Path(default_rules_dir())


def rulebook(args) -> RuleBook:
    return load_rulebook(args.rules if getattr(args, "rules", None) else None)


def print_json(data) -> None:
    sys.stdout.write(json_text(data) + "\n")
