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
from .common import INTERFACE_LANG_HELP

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


class _ProbeStop(Exception):
    """The probe parse met an error or a request for help: it stops there, silently."""


class _Probe:
    """While active, parsers print nothing and stop at the first error; the values of
    --lang that argparse accepted are noted, in the order of the command line."""

    active = False
    langs: list[str] = []


class _Store(argparse._StoreAction):
    """argparse's plain store action, noting each --lang value it accepted (its choices
    already checked), so that the interface speaks the language of the parsed --lang."""

    def __call__(self, parser, namespace, values, option_string=None):
        if option_string == "--lang" and _Probe.active:
            _Probe.langs.append(values)
        super().__call__(parser, namespace, values, option_string)


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line that says where to look, and an option is
    only ever its full name (`--la` is an error, not --lang)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        self.register("action", None, _Store)
        self.register("action", "store", _Store)

    def error(self, message: str):
        self.exit(2, _("{prog}: {message} (see: {prog} --help)").format(
            prog=self.prog, message=message) + "\n")

    def exit(self, status=0, message=None):
        if _Probe.active:
            raise _ProbeStop()
        super().exit(status, message)

    def _print_message(self, message, file=None):
        if not _Probe.active:
            super()._print_message(message, file)

    # While probing, a wrong value of another option (`--port x --lang es`) must not stop
    # the parse before --lang: it is taken as written, and reported by the real parse.
    def _get_value(self, action, arg_string):
        if not _Probe.active or "--lang" in action.option_strings:
            return super()._get_value(action, arg_string)
        try:
            return super()._get_value(action, arg_string)
        except argparse.ArgumentError:
            return arg_string

    def _check_value(self, action, value):
        if not _Probe.active or "--lang" in action.option_strings or \
                isinstance(action, argparse._SubParsersAction):
            super()._check_value(action, value)


def _parsed_language(parser: argparse.ArgumentParser, argv: list[str]) -> str | None:
    """The first --lang value the parser accepts on this command line (the top-level one
    or a command's), or None. Help is left out of this silent parse (it would stop it
    before a later --lang)."""
    _Probe.active, _Probe.langs = True, []
    try:
        parser.parse_known_args([a for a in argv if a not in ("-h", "--help")])
    except _ProbeStop:
        pass
    finally:
        _Probe.active = False
    return next((lang for lang in _Probe.langs if lang in i18n.SUPPORTED), None)


def _check_global_options(parser: argparse.ArgumentParser, argv: list[str]) -> None:
    """Before the command only --lang (and help) may come: anything else is reported as
    the unknown option it is, not as a missing command."""
    index = 0
    while index < len(argv):
        arg = argv[index]
        if arg == "--" or not arg.startswith("-") or arg == "-":
            return
        if arg == "--lang":
            index += 2
            continue
        if arg.startswith("--lang=") or arg in ("-h", "--help"):
            index += 1
            continue
        parser.error(_("unrecognized arguments: %s") % arg)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser; with only, just that command's (a fresh process needs no other)."""
    parser = _Parser(
        prog="tolaria",
        description=_("The Magic: The Gathering Comprehensive Rules in English, Spanish and "
                      "Italian."),
        epilog=_("Example: tolaria show 104.3b --lang es"))
    parser.add_argument("--lang", dest="interface_lang", choices=list(i18n.SUPPORTED),
                        help=INTERFACE_LANG_HELP())
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
        if "--lang" not in sub._option_string_actions and sub._subparsers is None:
            # a command whose --lang does not also choose the rules' language
            sub.add_argument("--lang", choices=list(i18n.SUPPORTED), help=INTERFACE_LANG_HELP())
        sub.set_defaults(run=module.run)
    return parser


def _patch_argparse() -> None:
    """argparse's own words (usage, errors, help) through our catalogs too."""
    argparse._ = i18n._
    argparse.ngettext = i18n.ngettext


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    environment = i18n.language_from_environment()
    i18n.set_language(environment)
    _patch_argparse()
    first = next((a for i, a in enumerate(argv) if not a.startswith("-")
                  and not (i and argv[i - 1] == "--lang")), None)
    wants_help = any(a in ("-h", "--help") for a in argv[:1])
    only = first if first in COMMANDS and not wants_help else None
    parser = build_parser(only)
    lang = _parsed_language(parser, argv) or environment
    if lang != environment:  # the parser's own words (help, errors) in that language
        i18n.set_language(lang)
        parser = build_parser(only)
    try:
        _check_global_options(parser, argv)
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
