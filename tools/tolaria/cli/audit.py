"""tolaria audit: check the Spanish and Italian texts against the English they claim."""

from __future__ import annotations

from ..audit import audit_sections
from ..audit.report import render_text
from ..i18n import _
from .common import print_json, rulebook


def HELP() -> str:
    return _("audit the Spanish and Italian texts against the English of the edition they "
             "claim: alignment, structure, cross-references, numbers, glossary, card names, "
             "edition, untranslated text, punctuation, spelling (exit status 1 when a "
             "critical finding is not waived)")


def EXAMPLE() -> str:
    return _("Example: tolaria audit --lang it --section 702.25")


def add_arguments(parser) -> None:
    parser.add_argument("--lang", choices=["es", "it"],
                        help=_("audit this language only (default: es and it)"))
    parser.add_argument("--section", action="append", metavar=_("NUMBER"),
                        help=_("audit this section only (e.g. 104 or 702.25; repeatable)"))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))


def run(args) -> int:
    report = audit_sections(rulebook(args), args.lang, args.section)
    if args.json:
        print_json(report.to_json())
    else:
        print(render_text(report))
    return 1 if report.failed else 0
