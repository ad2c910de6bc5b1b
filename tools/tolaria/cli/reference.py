"""The CLI reference (docs/cli.md), generated from the commands' own help texts.

`python -m tolaria.cli.reference > docs/cli.md` (or `make docs`) writes it; a test checks
that the committed file is what the CLI says today, so the docs never drift.
"""

from __future__ import annotations

import contextlib
import io
import os

from .. import i18n
from .parser import COMMANDS, build_parser, build_parsers, route_argparse_words


def render() -> str:
    """Markdown: the top-level help, then each command's help, in COMMANDS order."""
    i18n.set_language("en")
    route_argparse_words()
    parts = ["# Command-line reference", "",
             "Generated from `tolaria --help` and each command's `--help` by",
             "`make docs`; do not edit by hand.", ""]
    parser = build_parser()
    parts += ["## tolaria", "", "```", _help(parser).rstrip(), "```", ""]
    for name in COMMANDS:
        _parser, subs = build_parsers(only=name)
        parts += [f"## tolaria {name}", "", "```", _help(subs[name]).rstrip(),
                  "```", ""]
    return "\n".join(parts)


def _help(parser) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        parser.print_help()
    return out.getvalue()


if __name__ == "__main__":
    os.environ["COLUMNS"] = "100"
    print(render(), end="")
