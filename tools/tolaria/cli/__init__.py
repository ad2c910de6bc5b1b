"""The command line: parse arguments, call the library, turn its errors into one line each.

Each command lives in its own small module with `add_arguments(parser)` and `run(args)`; the
parser is in cli.parser (a plain line: cli.plain), the interface's language in cli.interface.
"""

from __future__ import annotations

import os
import sys

from .. import i18n
from ..errors import DataErrors, UserError, os_error_text
from ..i18n import _
from .commands import COMMANDS
from .interface import command_position, interface_language
from .plain import read_plain
from .warning_lines import report_warnings

__all__ = ["COMMANDS", "main"]


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    i18n.set_language(interface_language(argv) or i18n.language_from_environment())
    args = read_plain(argv) or _parsed(argv)
    if isinstance(args, int):  # argparse has printed usage or help
        return args
    try:
        with report_warnings():
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


def _parsed(argv: list[str]):
    """argv read by argparse (cli.parser); the exit status when it printed usage or help."""
    # lazy: saves 16 ms of `show`'s cold start (argparse, gettext, re; python -X importtime)
    from .parser import build_parser, check_global_options, route_argparse_words

    route_argparse_words()
    at = command_position(argv)
    first = argv[at] if at < len(argv) else None
    wants_help = any(a in ("-h", "--help") for a in argv[:at])
    parser = build_parser(first if first in COMMANDS and not wants_help else None)
    try:
        check_global_options(parser, argv)
        return parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
