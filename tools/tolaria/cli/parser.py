"""The command line's parser: every command's options, usage errors as one line."""

from __future__ import annotations

import argparse

from .. import i18n
from ..i18n import _
from .argparse_words import Formatter, RawFormatter
from .commands import COMMANDS, OWN_LANG, command_module
from .common import add_interface_language
from .interface import command_position


def route_argparse_words() -> None:
    """argparse's own words (usage, help headings, errors) through our catalogs: argparse
    reads its module-level gettext names when it speaks, so they are set here, once."""
    argparse._ = i18n._
    argparse.ngettext = i18n.ngettext


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line that says where to look, and an option is
    only ever its full name (`--la` is an error, not --lang)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("allow_abbrev", False)
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str):
        self.exit(2, _("{prog}: {message} (see: {prog} --help)").format(
            prog=self.prog, message=message) + "\n")


def build_parsers(only: str | None = None):
    """The parser and each command's (a dict); with only, just that command's."""
    parser = Parser(
        prog="tolaria",
        description=_("The Magic: The Gathering Comprehensive Rules in English, Spanish and "
                      "Italian."),
        epilog=_("Example: tolaria show 104.3b --lang es"))
    add_interface_language(parser, alias=True)
    commands = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    commands.required = True
    subs = {}
    for name in COMMANDS:
        if only is not None and name != only:
            continue
        module = command_module(name)
        sub = commands.add_parser(name, help=module.HELP(), description=module.HELP(),
                                  epilog=module.EXAMPLE(),
                                  formatter_class=RawFormatter)
        sub.add_argument("--rules", metavar=_("DIR"),
                         help=_("the rulebook folder to read (default: the project's rules/, "
                                "or $TOLARIA_RULES)"))
        module.add_arguments(sub)
        if name != "po":  # po gives each of its actions the option
            add_interface_language(sub, alias=name not in OWN_LANG)
        sub.set_defaults(run=module.run)
        subs[name] = sub
    return parser, subs


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    return build_parsers(only)[0]


def check_global_options(parser, argv: list[str]) -> None:
    """Before the command only --ui-lang/--lang (and help) may come: anything else is
    reported as the unknown option it is, not as a missing command."""
    at = command_position(argv)
    if at < len(argv) and argv[at].startswith("-") and argv[at] not in ("-", "--"):
        parser.error(_("unrecognized arguments: %s") % argv[at])
