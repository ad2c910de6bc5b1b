"""tolaria show NUMBER: a rule as it stands today (examples, earlier numbers, edition and
source) or as an earlier edition printed it; tolaria show --glossary TERM: a glossary entry."""

from __future__ import annotations

from ..errors import UserError
from ..i18n import _, current_language
from .common import edition_date, print_json, rulebook, rules_dir
from ..formats.export import shown, glossary_shown
from ..formats.text import render_term, render_text, with_notes
from ..lookup import not_found, typed_numbers

LANGS = ("en", "es", "it", "all")
# the options below, for a plain command line (cli.plain)
PLAIN = {"number": None, "--glossary": None, "--lang": LANGS, "--json": bool, "--edition": None}


def HELP() -> str:
    return _("show a section, rule or subrule with its examples, edition and source")


def EXAMPLE() -> str:
    return _("Example: tolaria show 104.3b --lang es")


def add_arguments(parser) -> None:
    parser.add_argument("number", metavar=_("NUMBER"), nargs="?",
                        help=_("e.g. 104, 104.3, 104.3b, or a range such as 512-514"))
    parser.add_argument("--glossary", metavar=_("TERM"),
                        help=_("a glossary entry instead, e.g. \"phased out\" (en, es or it)"))
    parser.add_argument("--lang", choices=list(LANGS),
                        help=_("language of the text (default: the locale's, else en)"))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))
    parser.add_argument("--edition", metavar=_("DATE"),
                        help=_("show the English text as it stood on this date (YYYY-MM-DD)"))


def run(args) -> int:
    langs = ["en", "es", "it"] if args.lang == "all" else [args.lang or current_language()]
    if args.glossary is not None:
        return _glossary(args, langs)
    if args.number is None:
        raise UserError(_("give a rule NUMBER, or --glossary TERM"))
    numbers = typed_numbers(args.number, required=True)  # one, or a range
    if args.edition:
        return _as_of(args, numbers)
    book = rulebook(args)
    found = shown(book, numbers, langs, links=args.json)
    if not found:
        raise UserError(not_found(book, langs, numbers), status=1)
    print_json(found if args.lang == "all" or len(numbers) > 1 else found[0]) if args.json \
        else print("\n\n".join(render_text(book, f) for f in found))
    return 0


def _glossary(args, langs) -> int:
    if args.number is not None or args.edition:
        raise UserError(_("--glossary shows a term of the current glossary: it takes no "
                          "NUMBER or --edition"))
    found = glossary_shown(rulebook(args), args.glossary, langs)
    print_json(found if args.lang == "all" else found[0]) if args.json else \
        print("\n\n".join(render_term(f) for f in found))
    return 0


def _as_of(args, numbers) -> int:
    # lazy: saves 50 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from ..editions.asking import any_as_of

    if len(numbers) > 1:
        raise UserError(_("--edition shows one rule at a time: give one number, not a range"))
    if args.lang not in (None, "en"):
        raise UserError(_("--edition shows the English text only (the official editions "
                          "are English)"))
    data, notes = any_as_of(rules_dir(args), str(numbers[0]), edition_date(args.edition))
    print_json(data) if args.json else print(with_notes(render_text(rulebook(args), data),
                                                        notes))
    return 0
