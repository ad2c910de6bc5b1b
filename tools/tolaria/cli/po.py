"""tolaria po: gettext PO files of the rule texts for translators' tools (export, import)."""

from __future__ import annotations

import argparse

from ..i18n import _
from .common import INTERFACE_LANG_HELP


def HELP() -> str:
    return _("write the rule texts of a translation as a gettext PO file for translators' "
             "tools (po export), and bring a translated PO file back into the YAML (po "
             "import)")


def EXAMPLE() -> str:
    return _("Example: tolaria po export --lang it --section 104 --out it-104.po")


def _common(parser) -> None:
    # SUPPRESS: a value given before the subcommand is not overwritten by a default
    parser.add_argument("--rules", metavar=_("DIR"), default=argparse.SUPPRESS,
                        help=_("the rulebook folder (default: the project's rules/, or "
                               "$TOLARIA_RULES)"))


def add_arguments(parser) -> None:
    actions = parser.add_subparsers(dest="po_action", metavar=_("ACTION"))
    actions.required = True
    export = actions.add_parser(
        "export", help=_("write a PO file of a translation's rule texts"),
        description=_("write a PO file of the Spanish or Italian rule texts: the English as "
                      "msgid, the translation as msgstr, the rule as msgctxt; fuzzy where the "
                      "audit finds the translation stale or misaligned"),
        epilog=_("Example: tolaria po export --lang it --out it.po"),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    export.add_argument("--lang", choices=["es", "it"], required=True,
                        help=_("the translation to export (also the interface language)"))
    export.add_argument("--section", action="append", metavar=_("NUMBER"),
                        help=_("export this section only (e.g. 104 or 702.25; repeatable)"))
    export.add_argument("--out", metavar=_("FILE"),
                        help=_("write the PO file here (default: standard output)"))
    _common(export)
    imported = actions.add_parser(
        "import", help=_("bring a translated PO file back into the YAML"),
        description=_("apply the changed msgstr texts of a PO file (its Language header "
                      "names the translation) to the YAML, comments kept; the whole rulebook "
                      "is checked first, and nothing changes on any error"),
        epilog=_("Example: tolaria po import it.po"),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    imported.add_argument("file", metavar=_("FILE"), help=_("a PO file made by po export"))
    imported.add_argument("--lang", choices=["en", "es", "it"], help=INTERFACE_LANG_HELP())
    _common(imported)


def run(args) -> int:
    from ..formats import po
    from .common import rules_dir

    if args.po_action == "import":
        changes = po.import_po(args.file, rules_dir(args))
        for change in changes:
            print(po.describe(change))
        if not changes:
            print(_("nothing to change: every msgstr is empty or already in the YAML"))
        return 0
    from ..lookup import typed_number

    for number in args.section or ():
        typed_number(number)  # a one-line error for what is not a rule number
    from .common import rulebook

    text = po.export_po(rulebook(args), args.lang, args.section)
    if args.out:
        from pathlib import Path

        from ..rulebook.writer import write_atomically

        write_atomically(Path(args.out), text, create_folders=False)
    else:
        import sys

        sys.stdout.write(text)
    return 0
