"""The command line: parse arguments, call the library, turn its errors into one line each.

Each command lives in its own small module with `add_arguments(parser)` and `run(args)`;
the parser is in cli.parser, the interface's language (--ui-lang) in cli.interface.
"""

from __future__ import annotations

import os
import sys

from .. import i18n
from ..errors import DataErrors, UserError, os_error_text
from ..i18n import _
from .interface import command_position, interface_language
from .parser import COMMANDS, build_parser, route_argparse_words

__all__ = ["COMMANDS", "build_parser", "main"]


def _check_global_options(parser, argv: list[str]) -> None:
    """Before the command only --ui-lang/--lang (and help) may come: anything else is
    reported as the unknown option it is, not as a missing command."""
    at = command_position(argv)
    if at < len(argv) and argv[at].startswith("-") and argv[at] not in ("-", "--"):
        parser.error(_("unrecognized arguments: %s") % argv[at])


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    i18n.set_language(interface_language(argv) or i18n.language_from_environment())
    route_argparse_words()
    at = command_position(argv)
    first = argv[at] if at < len(argv) else None
    wants_help = any(a in ("-h", "--help") for a in argv[:at])
    parser = build_parser(first if first in COMMANDS and not wants_help else None)
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
        if os.environ.get("TOLARIA_DEBUG"):
            raise
        print(_("tolaria: unexpected error ({kind}: {problem}); please report it. Run again "
                "with TOLARIA_DEBUG=1 to see where it happened.").format(
            kind=type(exc).__name__, problem=exc), file=sys.stderr)
        return 70
