"""tolaria show NUMBER: a section, rule or subrule with its text, examples and source."""

from __future__ import annotations

from ..errors import UserError
from ..i18n import _, current_language, language_name
from .common import print_json, rulebook, rules_dir


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


def asked_numbers(text: str) -> list:
    """The RuleNumbers a NUMBER argument asks for: one ('rule 104.3b', '104.3B', '104,3b'
    with a decimal comma) or a range ('512-514', '104.3a-d'), as search reads them; a
    one-line UserError otherwise."""
    from .common import parse_number

    try:
        return [parse_number(text)]
    except UserError as error:
        from ..search.numbers import parse_number_query

        numbers = parse_number_query(text)  # raises its own clear message for a bad range
        if not numbers:
            raise error from None
        return numbers


def run(args) -> int:
    numbers = asked_numbers(args.number)
    langs = ["en", "es", "it"] if args.lang == "all" else [args.lang or current_language()]
    if args.edition:
        if len(numbers) > 1:
            raise UserError(_("--edition shows one rule at a time: give one number, not a "
                              "range"))
        return _as_of(args, numbers[0])
    book = rulebook(args)
    found = []
    for number in numbers:
        found.extend(_found(args, book, langs, number))
    if not found:
        raise UserError(_not_found(args, book, langs[0], numbers[0]), status=1)
    if args.json:
        print_json(found if args.lang == "all" or len(numbers) > 1 else found[0])
        return 0
    from ..show import render_text

    print("\n\n".join(render_text(book, f) for f in found))
    return 0


def _found(args, book, langs: list[str], number) -> list[dict]:
    """The JSON objects of number in each language: the rulebook's rule with that number,
    else the covered rule that had it in another edition; with the other rules that had it."""
    from ..history.reused import reused_numbers
    from ..numbering import RuleNumber
    from ..show import find_rule

    found = [find_rule(book, lang, number) for lang in langs]
    asked = str(number)
    note = h = None
    if not any(found):  # a number of another edition: the covered rule that had it
        h = _history(args)
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
    if asked in reused_numbers(rules_dir(args)):  # a number other rules had too
        from ..history.notes import others

        h = h or _history(args)
        also = others(h, asked, note.current if note else asked) if h else []
    for data in found:
        if note is not None:
            data["asked"] = note.number
            data["editions"] = [d.isoformat() for d in note.editions]
        if also:
            data["also"] = [other.to_json() for other in also]
    return found


_histories: dict = {}


def _history(args):
    """The rule history of the rulebook folder (read once), or None when it has none."""
    from ..history import load_history
    from ..history.reader import history_dir

    folder = rules_dir(args)
    if not history_dir(folder).is_dir():
        return None
    key = folder, *(p.stat().st_mtime_ns for p in sorted(history_dir(folder).glob("*.yaml")))
    if key not in _histories:
        _histories[key] = load_history(folder)
    return _histories[key]


def _as_of(args, number) -> int:
    """The English rule as the edition in force on --edition printed it. NUMBER is read as
    a number of that edition first; only a number it did not have means today's rule."""
    from datetime import date

    from ..history import load_history
    from ..history.asof import reading_on, rule_as_of
    from ..history.notes import (newest, no_edition, partial_edition, rule_then, then_hint,
                                 uncovered_reading)
    from ..history.render import editions_phrase
    from ..i18n import format_date
    from ..show import render_text

    if args.lang not in (None, "en"):
        raise UserError(_("--edition shows the English text only (the official editions "
                          "are English)"))
    try:
        when = date.fromisoformat(args.edition)
    except ValueError:
        raise UserError(_("--edition: '{value}' is not a date (YYYY-MM-DD)").format(
            value=args.edition)) from None
    h = load_history(rules_dir(args))
    text = str(number)
    coverage = h.coverage(when)
    if coverage.edition is None:
        raise UserError(no_edition(h, "show", text, when, coverage), status=1)
    reading = reading_on(h, text, when)
    if reading.key is None and h.holds(reading.edition) is not None:
        raise UserError(partial_edition(h, "show", text, when, reading.edition), status=1)
    notes, hint = [], None
    if reading.key is not None:
        current = reading.key
        if current != text:
            hint = then_hint(h, text, reading.edition, when)
    elif reading.uncovered is not None:
        raise UserError(uncovered_reading(h, text, when, reading), status=1)
    else:
        match = None if h.rule(text) else next(iter(h.resolve(text)), None)
        current = match.current if match else text if h.rule(text) else None
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
    if hint is not None:
        found = rule_then(h, text, reading.edition)
        data["rulebook_rule"] = {"number": found.current, "then": found.then}
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


def _not_found(args, book, lang: str, number) -> str:
    covered = ", ".join(str(n) for n in book.section_numbers(lang) or book.section_numbers())
    near = ", ".join(str(n) for n in book.nearby(lang, number))
    if near and book.section_for(lang, number):
        return _("no rule {number} in the {language} text of this rulebook; nearby: {near}. "
                 "It covers sections {covered}.").format(
            number=number, language=language_name(lang), near=near, covered=covered)
    h = _history(args)
    if h is not None:
        from ..history.notes import not_covered

        return not_covered(h, str(number), covered)
    return _("rule {number} is not covered: this rulebook covers sections {covered}."
             ).format(number=number, covered=covered)
