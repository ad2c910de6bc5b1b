"""tolaria show NUMBER: a section, rule or subrule with its text, examples and source."""

from __future__ import annotations

from functools import cached_property

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
    from ..lookup import typed_numbers

    numbers = typed_numbers(args.number, required=True)  # one, or a range
    langs = ["en", "es", "it"] if args.lang == "all" else [args.lang or current_language()]
    if args.edition:
        if len(numbers) > 1:
            raise UserError(_("--edition shows one rule at a time: give one number, not a "
                              "range"))
        return _as_of(args, numbers[0])
    book = rulebook(args)
    history = _History(book.root)  # a str: pathlib is not on the start-up path
    found = []
    for number in numbers:
        found.extend(_found(book, history, langs, number))
    if not found:
        raise UserError(_not_found(book, langs[0], numbers[0]), status=1)
    if args.json:
        print_json(found if args.lang == "all" or len(numbers) > 1 else found[0])
        return 0
    from ..formats.text import render_text

    print("\n\n".join(render_text(book, f) for f in found))
    return 0


class _History:
    """The rulebook folder's rule history (None: it has none) and the numbers more than one
    rule had, each read once a run and only when first needed (start-up is a hot path)."""

    def __init__(self, folder):
        self.folder = folder

    @cached_property
    def history(self):
        from ..history import history_of

        return history_of(self.folder)

    @cached_property
    def reused(self) -> frozenset[str]:
        from ..history.reused import reused_numbers

        return reused_numbers(self.folder)


def _found(book, history: _History, langs: list[str], number) -> list[dict]:
    """The JSON objects of number in each language: the rulebook's rule with that number,
    else the covered rule that had it in another edition; with the other rules that had it."""
    from ..numbering import RuleNumber
    from ..formats.text import find_rule

    found = [find_rule(book, lang, number) for lang in langs]
    asked = str(number)
    note = None
    if not any(found):  # a number of another edition: the covered rule that had it
        h = history.history
        for match in h.resolve(asked) if h else ():
            current = RuleNumber.parse(match.current.partition("@")[0])
            if "@" not in match.current and any(find_rule(book, lang, current) for lang in langs):
                found = [find_rule(book, lang, current) for lang in langs]
                note = match
                break
    found = [data for data in found if data]
    if not found:
        return []
    also = []
    if asked in history.reused:  # a number other rules had too
        from ..history.notes import others

        h = history.history
        also = others(h, asked, note.current if note else asked) if h else []
    for data in found:
        if note is not None:
            data["asked"] = note.number
            data["editions"] = [d.isoformat() for d in note.editions]
        if also:
            data["also"] = [other.to_json() for other in also]
    return found


def _as_of(args, number) -> int:
    """The English rule as the edition in force on --edition printed it. NUMBER is read as
    a number of that edition first; only a number it did not have means today's rule."""
    from ..history import load_history
    from ..history.asof import rule_as_of
    from ..history.notes import newest, read_on, rule_then, then_line
    from ..i18n import editions_phrase
    from ..i18n import format_date
    from ..formats.text import render_text

    if args.lang not in (None, "en"):
        raise UserError(_("--edition shows the English text only (the official editions "
                          "are English)"))
    when = edition_date(args.edition)
    h = load_history(rules_dir(args))
    text = str(number)
    coverage, reading = read_on(h, "show", text, when)
    notes, then = [], None
    if reading.key is not None:
        current = reading.key
        if current != text:
            then = rule_then(h, text, reading.edition)
    else:  # no rule had the number then: today's rule of that number
        known = h.rule(text) is not None
        match = None if known else next(iter(h.resolve(text)), None)
        current = text if known else match.current if match else None
        if current is None:
            raise UserError(_("{number} is not a covered rule in any edition of the history"
                              ).format(number=text), status=1)
        edition = format_date(reading.edition)
        if match is None:
            notes.append(_("{number} was no rule number in the edition of {date}: this is the "
                           "rule {number} of the rulebook, as that edition printed it").format(
                number=text, date=edition))
        else:
            notes.append(_("{number} was no rule number in the edition of {date}: this is the "
                           "rule that was {number} in {editions}, as that edition printed it"
                           ).format(number=text, date=edition,
                                    editions=editions_phrase(match.editions)))
    data = rule_as_of(h, current, when)
    if data is None:
        raise UserError(_("rule {number} is not in the edition in force on {date}").format(
            number=current, date=format_date(reading.edition)), status=1)
    if not h.in_rulebook(current):  # a rule this reference does not have
        data["current"] = None
    if text != data["number"]:
        data["asked"] = text
    if notes:
        data["asked"], data["asked_in_edition"] = text, False
    hint = then_line(then, text, when)
    if hint is not None:
        data["rulebook_rule"] = {"number": then.current, "then": then.then}
        notes.append(hint)
    if coverage.newest:
        data["newest_known"] = True
        notes.append(newest(coverage.edition, when))
    if args.json:
        print_json(data)
        return 0
    block = render_text(rulebook(args), data)
    if notes:
        head, _newline, rest = block.partition("\n")
        block = "\n".join((head, *notes, rest))
    print(block)
    return 0


def _not_found(book, lang: str, number) -> str:
    from ..search.numbers import not_covered  # the error path only: search is not imported

    return not_covered(book, [lang], [number])
