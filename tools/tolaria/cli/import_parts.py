"""tolaria import, besides reading the file: which options go together, and --history (add
the file to rules/history/ and print what changed)."""

from __future__ import annotations

import sys
from pathlib import Path

from ..i18n import _
from .common import print_json, rules_dir


def add_to_history(args) -> int:
    from ..history.importing import changes_json, import_into_history
    from ..history.render import changes_text
    from ..yamlfiles.nodes import display_path

    doc, before, found, written = import_into_history(rules_dir(args), Path(args.file))
    warn(doc.warnings)
    print_json(changes_json(doc, before, found)) if args.json else \
        print(changes_text(found, before, doc.effective))
    for path in written:
        print(_("wrote {file}").format(file=display_path(path)), file=sys.stderr)
    return 0


def refuse_pairings(args) -> None:
    """UserError for options that mean nothing together."""
    from ..errors import UserError

    for refused, message in (
            (args.whole and (args.history or args.sections or args.write or args.json),
             _("--whole stores the whole file in rules/cr/: it takes no --sections, --write, "
               "--history or --json")),
            (args.history and (args.sections or args.write), _(
                "--history adds the whole file to rules/history/: it takes no --sections or "
                "--write")),
            (args.write and args.json, _("--write writes YAML files and prints their names: "
                                         "it takes no --json")),
            (args.sections and not (args.write or args.json), _(
                "--sections goes with --write or --json (it says which sections to write or "
                "print)")),
            (args.write and not args.sections, _("--write needs --sections (e.g. --sections "
                                                 "104,512-514)"))):
        if refused:
            raise UserError(message)


def warn(warnings: list[str]) -> None:
    for warning in warnings:
        print(_("warning: {warning}").format(warning=warning), file=sys.stderr)
