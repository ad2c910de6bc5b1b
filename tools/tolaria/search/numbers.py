"""Number lookup: `104.3b`, `rule 104.3`, `r104`, `512-514`, `104.3a-d`, without the index.

A decimal comma is read as the point (`104,3b` is 104.3b), as Spanish and Italian users type.
Numbers among words (`104.3b 104.3c`, `rule 104.3b please`) are found too (split_numbers):
their rules come first, then what the words find.

This module imports nothing from the full-text engine: a number never needs it.
"""

from __future__ import annotations

import functools
import re

from ..errors import UserError
from ..i18n import _, editions_phrase, language_name, shorten
from ..model import RuleBook
from ..numbering import RULE_WORDS, TYPED_DASH, TYPED_PATTERN, RuleNumber
from ..lookup import (MAX_RANGE, RULEBOOK, WHOLE, Found, had_by_covered, history_of,
                      not_found, read_digits, resolve, rule_in, todays_other, typed_numbers,
                      whole_cr)
from .hits import Hit


@functools.cache
def _in_text() -> re.Pattern:
    """A number (or range) among words: not glued to other digits, letters or a decimal
    mark. Compiled on first use: a query of words has no digit and never needs it (compiling
    it costs a search's start about 1 ms)."""
    return re.compile(r"(?<![\w.,])(?P<prefix>r\s*)?(?P<item>" + TYPED_PATTERN + r"(?:"
                      + TYPED_DASH + r"(?:" + TYPED_PATTERN + r"|[a-z]))?)(?!\w)\.?",
                      re.IGNORECASE)


_RULE_WORD = re.compile(r"(?<!\w)(?:" + RULE_WORDS + r")\s*$", re.IGNORECASE)
_QUOTED = re.compile(r'"[^"]*(?:"|$)')
MAX_TEXT = 200  # characters of a query searched for numbers (as the word search cuts it)


parse_number_query = typed_numbers  # the numbers a query asks for, or None (typed_numbers.py)


def split_numbers(text: str) -> tuple[list[RuleNumber], str] | None:
    """The rule numbers among the words of a query, and the words left; None when it names
    none. `104.3b 104.3c` and `104.3b, 104.3c` are two numbers and no words; `rule 104.3b
    please` is 104.3b and "please". A bare section number (`104`) counts only after a word
    for rule or in a query of numbers only; numbers inside quotes are words. A malformed
    number or range raises UserError, as in a query of one number.

    >>> numbers, rest = split_numbers("rule 104.3b please")
    >>> [str(n) for n in numbers], rest
    (['104.3b'], 'please')
    >>> split_numbers("lose at 100 poison") is None
    True
    """
    typed = text[:MAX_TEXT]
    text = read_digits(typed)  # the same length: a number refused is quoted as typed
    if not any(c.isdigit() for c in text):  # every rule number has digits
        return None
    quoted = [m.span() for m in _QUOTED.finditer(text)]
    found = []  # (start, end, item, counts without other numbers)
    for match in _in_text().finditer(text):
        if any(a <= match.start() < b for a, b in quoted):
            continue
        start, item = match.start(), match["item"]
        explicit = bool(match["prefix"]) or not item.isdigit()
        word = _RULE_WORD.search(text, 0, start)
        if word:
            start, explicit = word.start(), True
        found.append((start, match.end(), typed[match.start("item"):match.end("item")],
                      explicit))
    if not found:
        return None
    only_numbers = not re.search(r"\w", _without(text, found))
    chosen = [f for f in found if f[3] or only_numbers]
    if not chosen:
        return None
    numbers: list[RuleNumber] = []
    for _start, _end, item, _explicit in chosen:
        for number in parse_number_query(item) or ():
            if number not in numbers:
                numbers.append(number)
        if len(numbers) > MAX_RANGE:
            raise UserError(_("the range {query} is too long (at most {count} numbers)"
                              ).format(query=item, count=MAX_RANGE))
    rest = " ".join(t for t in _without(text, chosen).split() if re.search(r"\w", t))
    return numbers, rest


def _without(text: str, spans) -> str:
    out, position = [], 0
    for start, end, *_rest in sorted(spans):
        out.append(text[position:max(start, position)])
        position = max(position, end)
    out.append(text[position:])
    return " ".join(out)


def among_words(book: RuleBook, numbers: list[RuleNumber], langs: list[str],
                words=None) -> list[Hit]:
    """The rules of numbers first, then the hits of words() (a search for the rest of the
    query, or None), each rule once; what the numbers meant in other editions only when
    there are no words (a list of numbers alone). UserError when neither finds anything."""
    # among words, the words say which of a number's rules in other editions is meant
    hits = lookup(book, numbers, langs, required=False, others=words is None)
    more = []
    if words is not None:
        try:
            more = list(words())
        except UserError:  # nothing to search for in the words left: the numbers answer
            if not hits:
                raise
    seen = {(h.number, h.lang) for h in hits}
    hits.extend(h for h in more if (h.number, h.lang) not in seen)
    if not hits:
        raise UserError(not_found(book, langs, numbers), status=1)
    return hits


def history_hits(book: RuleBook, history, number: str, lang: str,
                 shown: str | None = None) -> list[Hit]:
    """The rules other than shown that had number in some edition (most recent first), each
    saying in which editions: the rulebook's rule in lang, or, for a rule this reference
    does not have (removed since, or newer than its text), its English wording then."""
    # lazy: saves 12 ms of `search`'s cold start (import CPU time, min of 5 runs)
    from ..history.notes import others, state

    hits: list[Hit] = []
    for other in others(history, number, shown or ""):
        editions = tuple(d.isoformat() for d in other.editions)
        if other.in_rulebook:
            note = editions_note(number, other.editions)
            hits.extend(h._replace(snippet=f"{note} {h.snippet}", asked=number,
                                   editions=editions)
                        for h in lookup(book, [RuleNumber.parse(other.key)], [lang],
                                        unknown_hook=False))
            continue
        unit = history.unit_of(other.key)
        title = history.title(unit.key, other.editions[-1]) if unit else None
        note = _("({number} in {editions}, {state}: {command})").format(
            number=number, editions=editions_phrase(other.editions), state=state(other),
            command=other.see)
        hits.append(Hit(number, "en", title or "", f"{note} {shorten(other.text)}",
                        0.5 if shown else 1.0, (), number, editions, False))
    return hits


def editions_note(number: str, editions: list) -> str:
    """Which editions gave a rule the number asked for: '(702.26 in the editions of 22 April
    2021 … 17 April 2026)'; the number may be earlier or later than the project's own."""
    if not editions:
        return _("(numbered {old} in other editions)").format(old=number)
    return _("({old} in {editions})").format(old=number, editions=editions_phrase(sorted(editions)))


def lookup(book: RuleBook, numbers: list[RuleNumber], langs: list[str],
           unknown_hook: bool = True, required: bool = True, others: bool = True) -> list[Hit]:
    """The rules these numbers name (lookup.resolve), in each language, in order; then what
    each number meant in other editions (_others; unless others is False: among words,
    which then find those rules if they are about them). With unknown_hook False only the
    rulebook's own numbers count, and a hit says nothing of the number (the caller named
    the rule, not a reader). UserError when nothing is found (unless not required)."""
    hits: list[Hit] = []
    made: list[tuple[Found, list[Hit]]] = []  # each number found, with its hits, in order
    listed: set = set()  # each rule once, whatever number found it (_identity)
    for lang in langs:
        for number in numbers:
            found = resolve(book, number) if unknown_hook else \
                Found(str(number), str(number), RULEBOOK)
            if found is not None and found.via == WHOLE:  # English only: once, in English
                new = [h for h in whole_hit(book, found.key) if _identity(h) not in listed]
                if new:
                    made.append((found, new))
                    hits.extend(new)
                    listed.update(map(_identity, new))
                continue
            section, rule = rule_in(book, found, lang) if found else (None, None)
            if section is None:
                continue
            first = section.rules[0].text if section.rules and rule is None else ""
            today = book.today_of(found.key)
            shown = today.number if today is not None and today.number else found.key
            current = today.text if today is not None and lang == "en" and rule else None
            snippet = shorten(current or (rule.text if rule is not None else first))
            asked = found.asked if found.asked != shown and unknown_hook else None
            editions = found.editions
            if asked and not editions:  # a number this rule had in other editions
                editions = _editions(book, asked, found.key)
            if asked:
                snippet = f"{editions_note(asked, list(editions))} {snippet}"
            hit = Hit(shown, lang, section.title, snippet, 1.0, (), asked,
                      tuple(d.isoformat() for d in editions),
                      rulebook_number=found.key if shown != found.key else None)
            if _identity(hit) in listed:  # found by another number
                continue
            made.append((found, [hit]))
            hits.append(hit)
            listed.add(_identity(hit))
    if hits and unknown_hook and others:
        hits.extend(_others(book, made, langs, listed))
    if not hits and unknown_hook and required:
        raise UserError(not_found(book, langs, numbers), status=1)
    return hits


def whole_hit(book: RuleBook, number: str) -> list[Hit]:
    """A rule or section of the whole current CR in English, as a hit."""
    whole = whole_cr(book)
    rule = whole.rule(number) if whole else None
    section = whole.section(number.split(".", 1)[0]) if whole else None
    if section is None:
        return []
    first = rule.text if rule else (section.rules[0].text if section.rules else "")
    return [Hit(number, "en", section.title, shorten(first), 1.0, english_only=True)]


def _others(book: RuleBook, made: list[tuple[Found, list[Hit]]], langs: list[str],
            listed: set) -> list[Hit]:
    """What the numbers found meant in other editions, number by number, each rule once
    (score 0.5): the current edition's own rule of a number that named a covered rule by
    another numbering (lookup.todays_other: 702.25 is Flanking today, 717.1 an Attraction
    rule); the covered rules that had a number of the whole CR (723.1 was 724.1's until
    February 2026); the other covered rules that had a number (702.25k, 513.2). Those not
    listed already (listed: their _identity, updated)."""
    out: list[Hit] = []
    history = None
    for found, found_hits in made:
        more = []
        today = todays_other(book, found)
        if today is not None:  # said, as the covered rule's hit says its editions
            note = _("({number} in the current edition)").format(number=today)
            more += [h._replace(snippet=f"{note} {h.snippet}") for h in whole_hit(book, today)]
        if found.via == WHOLE:  # the covered rules that had it, in each language
            asked = [(found.key, lang, None) for lang in langs] \
                if had_by_covered(book, found.key) else []
        else:  # the other covered rules that had it, in the language of its hit
            asked = [(h.rulebook_number or h.number, h.lang, h.rulebook_number or h.number)
                     for h in found_hits if (h.rulebook_number or h.number) in book.reused]
        if asked and history is None:
            history = history_of(book.root)
        for number, lang, shown in asked if history is not None else ():
            more += history_hits(book, history, number, lang, shown=shown)
        for hit in more:
            if _identity(hit) not in listed:
                listed.add(_identity(hit))
                out.append(hit._replace(score=0.5))
    return out


def _identity(hit: Hit) -> tuple:
    """The rule a hit is: its number and language, whether it is the whole CR's, and whether
    it is a rule this reference does not have (its number is then the one asked): one of
    this reference's rules is listed once, whatever number found it."""
    return hit.number, hit.lang, hit.english_only, hit.asked == hit.number


def _editions(book: RuleBook, asked: str, key: str) -> tuple:
    """The editions in which the covered rule key had the number asked."""
    history = history_of(book.root)
    match = next((m for m in history.resolve(asked) if m.current == key), None) \
        if history else None
    return tuple(match.editions) if match else ()
