"""tolaria audit: check the Spanish and Italian texts against the English they claim."""

from __future__ import annotations

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
    from ..errors import UserError
    from ..audit import run_audit

    from ..lookup import typed_number

    asked = [typed_number(number) for number in args.section or ()]
    book = rulebook(args)
    covered = [str(n) for n in book.section_numbers()]
    for number in asked:
        if str(number) not in covered:
            raise UserError(_("section {number} is not in this rulebook: it covers sections "
                              "{covered}").format(number=number, covered=", ".join(covered)),
                            status=1)
    report = run_audit(book, langs=[args.lang] if args.lang else None,
                       sections=[str(n) for n in asked] or None)
    if args.json:
        print_json(report.to_json())
    else:
        from ..audit.report import render_text

        print(render_text(report))
    return 1 if report.failed else 0
