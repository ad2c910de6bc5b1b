"""tolaria po: gettext PO files of the rule texts for translators' tools (export, import)."""

from __future__ import annotations

import argparse
import sys

from ..formats import po_export, po_import
from ..i18n import _
from .common import add_interface_language, rulebook, rules_dir


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
        description=_("write a PO file of the Spanish or Italian rule texts: the current "
                      "English as msgid, the translation as msgstr, the rule as msgctxt; where "
                      "the English the translation was made from differs, it is the previous "
                      "msgid (#| msgid) and the message is fuzzy"),
        epilog=_("Example: tolaria po export --lang it --out it.po"),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    export.add_argument("--lang", choices=["es", "it"], required=True,
                        help=_("the translation to export"))
    export.add_argument("--section", action="append", metavar=_("NUMBER"),
                        help=_("export this section only (e.g. 104 or 702.25; repeatable)"))
    export.add_argument("--out", metavar=_("FILE"),
                        help=_("write the PO file here (default: standard output)"))
    add_interface_language(export)
    _common(export)
    imported = actions.add_parser(
        "import", help=_("bring a translated PO file back into the YAML"),
        description=_("apply the msgstr texts of a PO file (its Language header names the "
                      "translation) to the YAML, comments kept, except fuzzy ones; each rule "
                      "updated is recorded as translated from the current edition; the whole "
                      "rulebook is checked first, and nothing changes on any error"),
        epilog=_("Example: tolaria po import it.po"),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    imported.add_argument("file", metavar=_("FILE"), help=_("a PO file made by po export"))
    imported.add_argument("--lang", choices=["es", "it"],
                          help=_("the translation to write; the file's Language header must "
                                 "name it (default: the header's language)"))
    add_interface_language(imported)
    _common(imported)


def run(args) -> int:
    if args.po_action == "import":
        for line in po_import.import_report(args.file, rules_dir(args), args.lang):
            print(line)
        return 0
    text = po_export.export_sections(rulebook(args), args.lang, args.section, args.out)
    if text is not None:
        sys.stdout.write(text)
    return 0
