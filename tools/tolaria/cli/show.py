"""tolaria show NUMBER: a section, rule or subrule as it stands today, with its examples,
the numbers it had before, its edition and source; or as an earlier edition printed it."""

from __future__ import annotations

from ..errors import UserError
from ..i18n import _, current_language
from .common import edition_date, print_json, rulebook, rules_dir


def HELP() -> str:
    return _("show a section, rule or subrule with its examples, edition and source")


def EXAMPLE() -> str:
    return _("Example: tolaria show 104.3b --lang es")


def add_arguments(parser) -> None:
    parser.add_argument("number", metavar=_("NUMBER"),
                        help=_("e.g. 104, 104.3, 104.3b, or a range such as 512-514"))
    parser.add_argument("--lang", choices=["en", "es", "it", "all"],
                        help=_("language of the text (default: the locale's, else en)"))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))
    parser.add_argument("--edition", metavar=_("DATE"),
                        help=_("show the English text as it stood on this date (YYYY-MM-DD)"))


def run(args) -> int:
    from ..formats.export import shown
    from ..formats.text import render_text, with_notes
    from ..lookup import not_found, typed_numbers

    numbers = typed_numbers(args.number, required=True)  # one, or a range
    langs = ["en", "es", "it"] if args.lang == "all" else [args.lang or current_language()]
    if args.edition:
        return _as_of(args, numbers)
    book = rulebook(args)
    found = shown(book, numbers, langs)
    if not found:
        raise UserError(not_found(book, langs, numbers), status=1)
    if args.json:
        print_json(found if args.lang == "all" or len(numbers) > 1 else found[0])
    else:
        print("\n\n".join(render_text(book, f) for f in found))
    return 0


def _as_of(args, numbers) -> int:
    from ..formats.text import render_text, with_notes
    from ..history import load_history
    from ..history.edition_view import shown_as_of

    if len(numbers) > 1:
        raise UserError(_("--edition shows one rule at a time: give one number, not a range"))
    if args.lang not in (None, "en"):
        raise UserError(_("--edition shows the English text only (the official editions "
                          "are English)"))
    data, notes = shown_as_of(load_history(rules_dir(args)), str(numbers[0]),
                              edition_date(args.edition))
    if args.json:
        print_json(data)
    else:
        print(with_notes(render_text(rulebook(args), data), notes))
    return 0
