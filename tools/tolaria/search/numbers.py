"""Number lookup: `104.3b`, `rule 104.3`, `r104`, `512-514`, `104.3a-d`, without the index.

A decimal comma is read as the point (`104,3b` is 104.3b), as Spanish and Italian users type.

This module imports nothing from the full-text engine: a number never needs it.
"""

from __future__ import annotations

import re

from ..errors import DataErrors, UserError
from ..i18n import _, format_date
from ..model import RuleBook
from ..numbering import BadNumber, RuleNumber, expand_range
from .hits import Hit, shorten

_PREFIX = r"(?:(?:rules?|reglas?|regol[ae]|r)\s*\.?\s*)?"
_NUM = r"\d{3}(?:[.,]\d+[a-z]?)?\.?"
_QUERY = re.compile(r"^\s*" + _PREFIX + r"(?P<first>" + _NUM + r")"
                    r"(?:\s*[-–—]\s*" + _PREFIX + r"(?P<last>" + _NUM + r"|[a-z]))?\s*$",
                    re.IGNORECASE)
_MAX_RANGE = 200


def parse_number_query(text: str) -> list[RuleNumber] | None:
    """The numbers a query asks for, or None when it is not a number query.

    >>> [str(n) for n in parse_number_query("Rule 104.3B")]
    ['104.3b']
    >>> [str(n) for n in parse_number_query("104.3a-d")]
    ['104.3a', '104.3b', '104.3c', '104.3d']
    >>> parse_number_query("fuera de fase") is None
    True

    A query shaped like a number but not a valid one ("104.3l", "099") raises UserError.
    """
    if len(text) > 40:
        return None
    match = _QUERY.match(text)
    if not match:
        return None
    first = match["first"].lower().rstrip(".").replace(",", ".")
    last = (match["last"] or "").lower().rstrip(".").replace(",", ".")
    try:
        if not last:
            return [RuleNumber.parse(first)]
        if len(last) == 1:  # 104.3a-d: a range of subrule letters
            start = RuleNumber.parse(first)
            if not start.letter:
                raise BadNumber(first)
            last = first[:-1] + last
        numbers = expand_range(first, last, strict=True)
    except BadNumber:
        raise UserError(_("'{query}' is not a rule number (expected e.g. 104, 104.3, 104.3b "
                          "or a range such as 512-514 or 104.3a-d)").format(query=text.strip())
                        ) from None
    if len(numbers) > _MAX_RANGE:
        raise UserError(_("the range {query} is too long (at most {count} numbers)").format(
            query=text.strip(), count=_MAX_RANGE))
    return numbers


def resolve_unknown(book: RuleBook, lang: str, numbers: list[RuleNumber]) -> list[Hit]:
    """Hook for numbers the rulebook does not hold: rules that were renumbered.

    Asks the rule history (`tolaria.history.load_history(rules).resolve(number)`, when that
    module and its data exist) which covered rule once had the number, and returns those
    rules, saying which number they had. [] when there is no history or it knows nothing.
    """
    try:
        from ..history import load_history
    except ImportError:
        return []
    try:
        history = load_history(book.root)
    except (DataErrors, OSError, ValueError):
        return []
    hits: list[Hit] = []
    for number in numbers:
        try:
            found = history.resolve(str(number))
        except (ValueError, TypeError, LookupError):
            continue
        for match in found or ():
            try:
                target = RuleNumber.parse(str(getattr(match, "current", match)))
            except BadNumber:
                continue
            note = editions_note(str(number), getattr(match, "editions", None) or [])
            hits.extend(h._replace(snippet=f"{note} {h.snippet}")
                        for h in lookup(book, [target], [lang], unknown_hook=False))
    return hits


def editions_note(number: str, editions: list) -> str:
    """Which editions gave a rule the number asked for: '(702.26 in the editions of 22 April
    2021 … 17 April 2026)'; the number may be earlier or later than the project's own."""
    dates = sorted(editions)
    if not dates:
        return _("(numbered {old} in other editions)").format(old=number)
    if len(dates) == 1:
        return _("({old} in the edition of {date})").format(old=number,
                                                             date=format_date(dates[0]))
    return _("({old} in the editions of {first} … {last})").format(
        old=number, first=format_date(dates[0]), last=format_date(dates[-1]))


def lookup(book: RuleBook, numbers: list[RuleNumber], langs: list[str],
           unknown_hook: bool = True) -> list[Hit]:
    """The rules with these numbers, in each language, in order; UserError when none exist."""
    hits, missing = [], []
    for lang in langs:
        for number in numbers:
            found = book.find(lang, number)
            if found is None:
                missing.append((lang, number))
                continue
            section = book.section_for(lang, number)
            if found is section:
                first = section.rules[0].text if section.rules else ""
                snippet = shorten(first)
            else:
                snippet = shorten(found.text)
            hits.append(Hit(str(number), lang, section.title, snippet, 1.0))
    if not hits and unknown_hook:
        for lang in langs:
            hits.extend(resolve_unknown(book, lang, [n for l, n in missing if l == lang]))
    if not hits and unknown_hook:
        raise UserError(not_covered(book, langs, numbers), status=1)
    return hits


def not_covered(book: RuleBook, langs: list[str], numbers: list[RuleNumber]) -> str:
    """What the reference covers, for a number it does not hold."""
    shown = ", ".join(str(n) for n in numbers[:3]) + (" …" if len(numbers) > 3 else "")
    lang = langs[0]
    covered = ", ".join(str(n) for n in book.section_numbers(lang) or book.section_numbers())
    for number in numbers[:1]:
        near = book.nearby(lang, number)
        if book.section_for(lang, number) and near:
            return _("no rule {number} in this rulebook ({lang}); nearby: {near}. It covers "
                     "sections {covered}.").format(number=shown, lang=lang, covered=covered,
                                                   near=", ".join(str(n) for n in near))
    return _("rule {number} is not covered: this rulebook covers sections {covered}."
             ).format(number=shown, covered=covered)
