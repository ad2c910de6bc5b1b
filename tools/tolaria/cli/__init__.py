"""The command line: parse arguments, call the library, turn its errors into one line each.

Each command lives in its own small module with `add_arguments(parser)` and `run(args)`;
modules import what they need inside `run`, so that start-up stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from .. import i18n
from ..errors import DataErrors, UserError, os_error_text
from ..i18n import _

# command name -> module under tolaria.cli
COMMANDS = {
    "show": "show",
    "export": "export",
    "validate": "validate",
    "fmt": "fmt",
    "import": "import_",
    "check": "check",
    "site": "site",
    "serve": "serve",
    "audit": "audit",
    "history": "history",
    "search": "search",
    "index": "index",
    "po": "po",
}


def _interface_language(argv: list[str]) -> str:
    """--lang es|it|en anywhere on the line, else the environment's locale."""
    for index, arg in enumerate(argv):
        value = None
        if arg == "--lang" and index + 1 < len(argv):
            value = argv[index + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        if value in i18n.SUPPORTED:
            return value
    return i18n.language_from_environment()


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line that says where to look."""

    def error(self, message: str):
        self.exit(2, _("{prog}: {message} (see: {prog} --help)").format(
            prog=self.prog, message=message) + "\n")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser; with only, just that command's (a fresh process needs no other)."""
    parser = _Parser(
        prog="tolaria",
        description=_("The Magic: The Gathering Comprehensive Rules in English, Spanish and "
                      "Italian."),
        epilog=_("Example: tolaria show 104.3b --lang es"))
    parser.add_argument("--lang", dest="interface_lang", choices=list(i18n.SUPPORTED),
                        help=_("the interface's language (default: the locale's, else en)"))
    commands = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    commands.required = True
    for name, module_name in COMMANDS.items():
        if only is not None and name != only:
            continue
        module = importlib.import_module(f"{__name__}.{module_name}")
        sub = commands.add_parser(name, help=module.HELP(), description=module.HELP(),
                                  epilog=module.EXAMPLE(),
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
        sub.add_argument("--rules", metavar=_("DIR"),
                         help=_("the rulebook folder to read (default: the project's rules/, "
                                "or $TOLARIA_RULES)"))
        module.add_arguments(sub)
        sub.set_defaults(run=module.run)
    return parser


def _patch_argparse() -> None:
    """argparse's own words (usage, errors, help) through our catalogs too."""
    argparse._ = i18n._
    argparse.ngettext = i18n.ngettext


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    i18n.set_language(_interface_language(argv))
    _patch_argparse()
    first = next((a for i, a in enumerate(argv) if not a.startswith("-")
                  and not (i and argv[i - 1] == "--lang")), None)
    wants_help = any(a in ("-h", "--help") for a in argv[:1])
    parser = build_parser(first if first in COMMANDS and not wants_help else None)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has printed usage or help
        return int(exc.code or 0)
    try:
        return args.run(args)
    except DataErrors as exc:
        for error in exc.errors:
            print(error, file=sys.stderr)
        print(i18n.ngettext("{count} error: fix it and run the command again.",
                            "{count} errors: fix them and run the command again.",
                            len(exc.errors)).format(count=len(exc.errors)), file=sys.stderr)
        return 2
    except UserError as exc:
        print(f"tolaria: {exc}", file=sys.stderr)
        return exc.status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    except OSError as exc:  # a file the user named cannot be read or written
        where = f"{exc.filename}: " if exc.filename else ""
        print(_("tolaria: {where}{problem}").format(where=where,
                                                    problem=os_error_text(exc)), file=sys.stderr)
        return 2
    except Exception as exc:  # a bug: still one line, and a way to see the details
        import os

        if os.environ.get("TOLARIA_DEBUG"):
            raise
        print(_("tolaria: unexpected error ({kind}: {problem}); please report it. Run again "
                "with TOLARIA_DEBUG=1 to see where it happened.").format(
            kind=type(exc).__name__, problem=exc), file=sys.stderr)
        return 70
