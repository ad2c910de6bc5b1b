"""tolaria show NUMBER: a section, rule or subrule with its text, examples and source."""

from __future__ import annotations

from ..errors import UserError
from ..i18n import _, current_language
from .common import print_json, rulebook


def HELP() -> str:
    return _("show a section, rule or subrule with its examples, edition and source")


def EXAMPLE() -> str:
    return _("Example: tolaria show 104.3b --lang es")


def add_arguments(parser) -> None:
    parser.add_argument("number", metavar=_("NUMBER"), help=_("e.g. 104, 104.3 or 104.3b"))
    parser.add_argument("--lang", choices=["en", "es", "it", "all"],
                        help=_("language of the text (default: the locale's, else en)"))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))


def run(args) -> int:
    from ..numbering import BadNumber, RuleNumber
    from ..show import find_rule

    text = args.number.strip()
    if text.lower().startswith("rule "):
        text = text[5:]
    try:
        number = RuleNumber.parse(text)
    except BadNumber:
        raise UserError(_("'{number}' is not a rule number (expected e.g. 104, 104.3 or "
                          "104.3b)").format(number=args.number)) from None
    langs = ["en", "es", "it"] if args.lang == "all" else [args.lang or current_language()]
    book = rulebook(args)
    found = [find_rule(book, lang, number) for lang in langs]
    if not any(found):
        raise UserError(_not_found(book, langs[0], number), status=1)
    if args.json:
        data = [f for f in found if f]
        print_json(data if args.lang == "all" else data[0])
        return 0
    from ..show import render_text

    blocks = [render_text(book, f) for f in found if f]
    print("\n\n".join(blocks))
    return 0


def _not_found(book, lang: str, number) -> str:
    covered = ", ".join(str(n) for n in book.section_numbers(lang) or book.section_numbers())
    near = ", ".join(str(n) for n in book.nearby(lang, number))
    if near and book.section_for(lang, number):
        return _("no rule {number} in this rulebook ({lang}); nearby: {near}. It covers "
                 "sections {covered}.").format(number=number, lang=lang, near=near,
                                               covered=covered)
    return _("rule {number} is not covered: this rulebook covers sections {covered}."
             ).format(number=number, covered=covered)
