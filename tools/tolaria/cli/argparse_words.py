"""argparse's own words, marked here so that `pybabel extract` puts them in our catalogs;
and its formatters, told the terminal's width.

main() routes argparse's gettext calls through tolaria.i18n, so usage lines, help headings
and argument errors are translated like the rest of the interface. The strings must be
exactly argparse's (Python 3.11).
"""

import argparse
import os
import sys

from ..i18n import N_

ARGPARSE_WORDS = [
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
]


def columns() -> int:
    """The terminal's width as shutil.get_terminal_size() gives it ($COLUMNS, the terminal,
    else 80). argparse imports shutil (and with it bz2 and lzma) to ask, for every parser
    and argument, which costs each start of the CLI 2 ms (python -X importtime)."""
    try:
        width = int(os.environ.get("COLUMNS", 0))
    except ValueError:
        width = 0
    if width <= 0:
        try:
            width = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            width = 0
    return width or 80


class _Width:
    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        super().__init__(prog, indent_increment, max_help_position,  # type: ignore[call-arg]
                         width if width is not None else columns() - 2)


class Formatter(_Width, argparse.HelpFormatter):
    """argparse's formatter, with the width from columns()."""


class RawFormatter(_Width, argparse.RawDescriptionHelpFormatter):
    """argparse's formatter that keeps a description's lines, with the width from columns()."""
