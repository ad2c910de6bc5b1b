"""tolaria show NUMBER: a section, rule or subrule with its text, examples and source."""

from __future__ import annotations

from ..errors import UserError
from ..i18n import _, current_language
from .common import print_json, rulebook, rules_dir


def HELP() -> str:
    return _("show a section, rule or subrule with its examples, edition and source")


def EXAMPLE() -> str:
    return _("Example: tolaria show 104.3b --lang es")


def add_arguments(parser) -> None:
    parser.add_argument("number", metavar=_("NUMBER"), help=_("e.g. 104, 104.3 or 104.3b"))
    parser.add_argument("--lang", choices=["en", "es", "it", "all"],
                        help=_("language of the text (default: the locale's, else en)"))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))
    parser.add_argument("--edition", metavar=_("DATE"),
                        help=_("show the English text as it stood on this date (YYYY-MM-DD)"))


def run(args) -> int:
    from ..numbering import RuleNumber
    from ..show import find_rule
    from .common import parse_number

    number = parse_number(args.number)
    langs = ["en", "es", "it"] if args.lang == "all" else [args.lang or current_language()]
    if args.edition:
        return _as_of(args, number)
    book = rulebook(args)
    found = [find_rule(book, lang, number) for lang in langs]
    note = None
    if not any(found):  # a number of another edition: the covered rule that had it
        from ..history import load_history

        h = load_history(rules_dir(args))
        for match in h.resolve(str(number)):
            current = RuleNumber.parse(match.current.partition("@")[0])
            if "@" not in match.current and any(find_rule(book, lang, current) for lang in langs):
                found = [find_rule(book, lang, current) for lang in langs]
                note = match
                break
    if not any(found):
        raise UserError(_not_found(book, langs[0], number), status=1)
    if note is not None:
        for data in found:
            if data:
                data["asked"] = note.number
                data["editions"] = [d.isoformat() for d in note.editions]
    if args.json:
        data = [f for f in found if f]
        print_json(data if args.lang == "all" else data[0])
        return 0
    from ..show import render_text

    blocks = [render_text(book, f) for f in found if f]
    print("\n\n".join(blocks))
    return 0


def _as_of(args, number) -> int:
    """The English rule as the edition in force on --edition printed it. NUMBER is read as
    a number of that edition first; only a number it did not have means today's rule."""
    from datetime import date

    from ..history import load_history
    from ..history.asof import reading_on, rule_as_of
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
    reading = reading_on(h, text, when)
    note = None
    if reading.key is not None:
        current = reading.key
    elif reading.uncovered is not None:
        then, title = reading.uncovered
        if then == text:
            message = _("{number} on {date} was {title}, which this reference does not "
                        "cover").format(number=text, date=format_date(when), title=title)
        else:
            message = _("{number} on {date} fell under {rule} {title}, which this reference "
                        "does not cover").format(number=text, date=format_date(when),
                                                 rule=then, title=title)
        raise UserError(message, status=1)
    else:
        match = None if h.rule(text) else next(iter(h.resolve(text)), None)
        current = match.current if match else text if h.rule(text) else None
        if current is None:
            raise UserError(_("{number} is not a covered rule in any edition of the history"
                              ).format(number=text), status=1)
        if reading.edition is not None:
            edition = format_date(reading.edition)
            if match is None:
                note = _("{number} was no rule number in the edition of {date}: this is the "
                         "rule {number} of the rulebook, as that edition printed it").format(
                    number=text, date=edition)
            else:
                note = _("{number} was no rule number in the edition of {date}: this is the "
                         "rule that was {number} in {editions}, as that edition printed it"
                         ).format(number=text, date=edition,
                                  editions=editions_phrase(match.editions))
    data = rule_as_of(h, current, when)
    if data is None:
        edition = h.edition_on(when)
        raise UserError(_("rule {number} is not in the edition in force on {date}").format(
            number=current, date=format_date(edition or when)), status=1)
    if "@" in current:  # a rule the Comprehensive Rules no longer have
        data["current"] = None
    if text != data["number"]:
        data["asked"] = text
    if note is not None:
        data["asked"], data["asked_in_edition"] = text, False
    if args.json:
        print_json(data)
        return 0
    block = render_text(rulebook(args), data)
    if note is not None:
        head, _newline, rest = block.partition("\n")
        block = "\n".join((head, note, rest))
    print(block)
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
