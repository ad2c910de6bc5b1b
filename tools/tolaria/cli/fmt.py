"""tolaria fmt: write the rulebook's YAML in its canonical form, comments kept."""

from __future__ import annotations

import sys

from ..i18n import _, ngettext
from .common import rules_dir
from ..errors import UserError
from ..validation.fmt import format_rulebook


def HELP() -> str:
    return _("write every YAML file of the rulebook in its canonical form (comments are kept)")


def EXAMPLE() -> str:
    return _("Example: tolaria fmt --check")


def add_arguments(parser) -> None:
    parser.add_argument("--check", action="store_true",
                        help=_("change nothing; fail if a file is not in canonical form"))


def run(args) -> int:
    root = rules_dir(args)
    changed = format_rulebook(root, write=not args.check)
    for path in changed:
        message = _("{file}: not in canonical form (run tolaria fmt)") if args.check \
            else _("{file}: reformatted")
        print(message.format(file=path), file=sys.stderr if args.check else sys.stdout)
    if args.check and changed:
        raise UserError(ngettext("{count} file is not in canonical form",
                                 "{count} files are not in canonical form",
                                 len(changed)).format(count=len(changed)),
                        status=1)
    if not changed:
        print(_("ok: every file is in canonical form"))
    return 0
