"""The CLI reference (docs/cli.md), generated from the commands' own help texts.

`python -m tolaria.cli.reference > docs/cli.md` (or `make docs`) writes it; a test checks
that the committed file is what the CLI says today, so the docs never drift.
"""

from __future__ import annotations

import contextlib
import io


def render() -> str:
    """Markdown: the top-level help, then each command's help, in COMMANDS order."""
    from .. import i18n
    from . import COMMANDS, _patch_argparse, build_parser

    i18n.set_language("en")
    _patch_argparse()
    parts = ["# Command-line reference", "",
             "Generated from `tolaria --help` and each command's `--help` by",
             "`make docs`; do not edit by hand.", ""]
    parser = build_parser()
    parts += ["## tolaria", "", "```", _help(parser).rstrip(), "```", ""]
    for name in COMMANDS:
        sub = build_parser(only=name)
        action = next(a for a in sub._actions if a.dest == "command")
        parts += [f"## tolaria {name}", "", "```", _help(action.choices[name]).rstrip(),
                  "```", ""]
    return "\n".join(parts)


def _help(parser) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        parser.print_help()
    return out.getvalue()


if __name__ == "__main__":
    import os

    os.environ["COLUMNS"] = "100"
    print(render(), end="")
