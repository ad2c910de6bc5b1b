"""What a user typed, to rules of the model: the one place `show`, `search`, the site and
the audit turn a number into rules.

Numbers are read as people type them: `104.3b`, `Rule 104.3B`, `r104`, `104,3b` (a decimal
comma), and ranges `512-514`, `104.3a-d` (typed_numbers; its patterns are numbering.py's, its
errors one line in the user's language), in any script's digits or in fullwidth forms
(`１０４.３ｂ`, `٥١٤`: read_digits). A number then names a covered rule (resolve): by
today's number, by this rulebook's own, by any edition's through the rule history, or as
what a pre-2009 rule 300.x became.

>>> [str(n) for n in typed_numbers("Rule 104.3B")]
['104.3b']
>>> [str(n) for n in typed_numbers("104.3a-d")]
['104.3a', '104.3b', '104.3c', '104.3d']
>>> typed_numbers("fuera de fase") is None
True
"""

from __future__ import annotations

from .errors import DataErrors, UserError
from .i18n import _, language_name
from .model import RuleBook
from .numbering import (RULE_WORDS, TYPED_DASH, TYPED_PATTERN, BadNumber, RuleNumber,
                        expand_range)
from .rulebook.limits import MAX_NUMBER, MAX_RANGE
from .tuples import named

PREFIX = r"(?:(?:" + RULE_WORDS + r"|r)\s*\.?\s*)?"  # "rule 104.3", "regla 104", "r104"
_NUMBER = TYPED_PATTERN + r"\.?"
MAX_LENGTH = MAX_NUMBER  # longer text is words, not a number (rulebook.limits)

_compiled: dict = {}  # name -> pattern, compiled on first use


def _pattern(name: str, source: str):
    """source compiled (ignoring case) on first use, kept under name: a number typed plainly
    ("104.3b", most of them) is read by RuleNumber.parse alone, with no regular expression."""
    pattern = _compiled.get(name)
    if pattern is None:
        # lazy: saves 8 ms of `show`'s cold start (re and enum, python -X importtime)
        import re

        pattern = _compiled[name] = re.compile(source, re.IGNORECASE)
    return pattern


def _query():
    """A number or a range as a user types it ("rule 104.3b", "512-514", "104.3a-d")."""
    return _pattern("query", r"^\s*" + PREFIX + r"(?P<first>" + _NUMBER + r")(?:" + TYPED_DASH
                    + PREFIX + r"(?P<last>" + _NUMBER + r"|[a-z]))?\s*$")


# The decimal digits of every script are in runs of ten, from its zero up (unicodedata's
# Nd), all in Unicode's first two planes.
DIGIT_PLANES = 0x20000
FULLWIDTH = (0xFF01, 0xFF5E, 0xFEE0)  # ！ to ～: ASCII's ! to ~ plus the offset


def digit_zeros() -> list[int]:
    """The code points of the zeros of every script's decimal digits (read_digits' table;
    the site's search reads digits from it)."""
    # lazy: saves 0.2 ms of `show`'s cold start (python -X importtime): only the export and
    # a number typed in other digits need it
    import unicodedata

    return [code for code in range(DIGIT_PLANES)
            if unicodedata.decimal(chr(code), None) == 0]


def read_digits(text: str) -> str:
    """text with each decimal digit of another script (٣, ३, ３) as its ASCII digit, and the
    fullwidth forms of ASCII's characters (ｂ, ．) as those characters: a number typed with
    any keyboard is the number (docs/search.md)."""
    if text.isascii():
        return text
    import unicodedata  # lazy: saves 0.2 ms of `show`'s cold start (python -X importtime)

    first, last, offset = FULLWIDTH
    return "".join(chr(ord(c) - offset) if first <= ord(c) <= last
                   else str(unicodedata.decimal(c, "")) or c for c in text)


def typed_numbers(text: str, required: bool = False) -> list[RuleNumber] | None:
    """The numbers text asks for, or None when it is not shaped like a number (when
    required, a UserError instead). Shaped like one but not a valid number ("104.3l",
    "099"), a range that leaves its rule or level ("104.3b-104.4a"), or a range too long: a
    one-line UserError (which repeats text as typed)."""
    typed, text = text, read_digits(text)
    if len(text) <= MAX_LENGTH:
        try:  # a plain number: 104, 104.3, 104.3B
            return [RuleNumber.parse(text.lower())]
        except BadNumber:
            pass
    shaped = len(text) <= MAX_LENGTH and any(c.isdigit() for c in text)  # numbers have digits
    match = _query().match(text) if shaped else None
    if not match:
        if any(c.isdigit() for c in text[:MAX_LENGTH]) and _malformed().match(text):
            raise _not_a_number_or_range(typed)  # for search as for show
        if required:
            raise _not_a_number(typed)
        return None
    first = match["first"].lower().rstrip(".").replace(",", ".")
    last = (match["last"] or "").lower().rstrip(".").replace(",", ".")
    if len(last) == 1:  # 104.3a-d: a range of subrule letters
        last = first[:-1] + last if first[-1:].isalpha() else "!"
    try:
        ends = RuleNumber.parse(first), RuleNumber.parse(last) if last else None
    except BadNumber:
        raise _not_a_number_or_range(typed) from None
    if ends[1] is None:
        return [ends[0]]
    try:
        numbers = expand_range(*ends, strict=True)
    except BadNumber:
        raise UserError(_("'{query}' is not a range: a range stays within one rule or one "
                          "level, first number first (e.g. 512-514, 104.3-104.5, "
                          "104.3a-104.3d or 104.3a-d)").format(query=as_typed(typed))) from None
    if len(numbers) > MAX_RANGE:
        raise UserError(_("the range {query} is too long (at most {count} numbers)").format(
            query=as_typed(typed), count=MAX_RANGE))
    return numbers


def _malformed():
    """Text shaped like a rule number or a range though it is neither, which no command takes
    for words: digits with a point or a comma ("104.3zz"), maybe with anything after a dash
    ("104.3a-zz"); three digits or more and anything after a dash ("104-zz"); digits, a dash
    and digits ("1-99999"). Digits alone ("1043") are words."""
    tail = TYPED_DASH + PREFIX + r"[\w.,]+"
    return _pattern("malformed", r"^\s*" + PREFIX + r"(?:\d+[.,][\w.,]*(?:" + tail + r")?|\d{3,}"
                    + tail + r"|\d+" + TYPED_DASH + PREFIX + r"\d[\w.,]*)\s*$")


def _not_a_number_or_range(text: str) -> UserError:
    return UserError(_("'{query}' is not a rule number (expected e.g. 104, 104.3, 104.3b "
                       "or a range such as 512-514 or 104.3a-d)").format(query=as_typed(text)))


def as_typed(text: str) -> str:
    """What a user typed, for a one-line message: trimmed, control characters escaped."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in text.strip())


def typed_number(text: str) -> RuleNumber:
    """Exactly one number ('rule 104.3b', '104.3B', '104,3b'), or a one-line UserError."""
    numbers = typed_numbers(text, required=True)
    if len(numbers) != 1:
        raise _not_a_number(text)
    return numbers[0]


def _not_a_number(text: str) -> UserError:
    return UserError(_("'{number}' is not a rule number (expected e.g. 104, 104.3 or "
                       "104.3b)").format(number=as_typed(text)))


# --- what a number names ------------------------------------------------------------------
TODAY, RULEBOOK, HISTORY, FORERUNNER, WHOLE = ("today", "rulebook", "history", "forerunner",
                                               "whole")


class Found(named("Found", "key asked via editions", defaults=((),))):
    """The covered rule a typed number names. key: its number in this rulebook (a history
    key such as '702.26q@2023-06-09' for a rule added since its English); via: how the
    number was read (today's number, the rulebook's, another edition's through the history,
    or the number a pre-2009 rule 300.x became); editions: for HISTORY and FORERUNNER, the
    editions in which the number was the rule's (or its successor's)."""

    __slots__ = ()
    # key: str; asked: str; via: str; editions: tuple[date, ...] = ()


def resolve(book: RuleBook, number: RuleNumber) -> Found | None:
    """The rule number names: a covered rule's number today first (702.26d, 724.1), then
    this rulebook's own (702.25d, 717.1), then a number of section 500 as the pre-2009 rule
    300.x it came from (500.7), then any rule of the whole current CR in English (704.5a,
    WHOLE: key is the number), then any edition's number of a covered rule through the rule
    history (716.1b); None when none does."""
    asked = str(number)
    key = book.key_today(asked)
    if key is not None:
        return Found(key, asked, TODAY)
    if any(book.find(lang, number) is not None for lang in book.languages):
        return Found(asked, asked, RULEBOOK)
    history = history_of(book.root)
    current = history.editions[-1] if history is not None and history.editions else None
    for match in history.forerunners(asked) if history is not None else ():
        if current in match.editions:  # a number of section 500 today: its pre-2009 rule
            return Found(match.current, asked, FORERUNNER, tuple(match.editions))
    whole = whole_cr(book)
    if whole is not None and (whole.rule(asked) or whole.section(asked)):
        return Found(asked, asked, WHOLE)
    if history is None:
        return None
    for match in history.resolve(asked):
        if book.today_of(match.current) is not None or \
                any(book.find(lang, RuleNumber.parse(match.current.partition("@")[0]))
                    for lang in book.languages if "@" not in match.current):
            return Found(match.current, asked, HISTORY, tuple(match.editions))
    for match in history.forerunners(asked):
        return Found(match.current, asked, FORERUNNER, tuple(match.editions))
    return None


def todays_other(book: RuleBook, found: Found) -> str | None:
    """The number asked when the current edition gives it to another rule than the covered
    rule found by this rulebook's numbering or as a pre-2009 rule's successor (702.25 is
    Flanking today, where it found Phasing, 702.26; 717.1 an Attraction rule; 300.1 a rule of
    card types; 500.7 the rule the pre-2009 300.6 became); else None. (A number of another
    edition that the whole CR uses today names today's rule first: resolve.)"""
    if found.via not in (RULEBOOK, FORERUNNER) or book.key_today(found.asked) is not None:
        return None
    whole = whole_cr(book)
    if whole is None or not (whole.rule(found.asked) or whole.section(found.asked)):
        return None
    return found.asked


def had_by_covered(book: RuleBook, number: str) -> bool:
    """Whether a covered rule had number in some edition, as the model knows it (the numbers
    of today's covered rules, and those two covered rules had): the rule history is read
    only when one did."""
    return number in book.reused or any(alias.number == number
                                        for today in (book.today or {}).values()
                                        for alias in today.aliases)


def whole_cr(book: RuleBook):
    """The whole current CR in English stored with the rulebook (rules/cr/), or None."""
    # lazy: saves 5 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from .cr import load_whole_cr  # read when a number is not one of the covered rules

    key = str(book.root)
    if key not in _wholes:
        try:
            _wholes[key] = load_whole_cr(book.root)
        except (DataErrors, OSError, ValueError):  # `tolaria validate` says why
            _wholes[key] = None
    return _wholes[key]


_wholes: dict = {}


def rule_in(book: RuleBook, found: Found, lang: str):
    """(section, rule) of the rulebook for a Found in lang: rule None for the section
    itself; (None, None) when lang has no text of it (a rule added since the English)."""
    if "@" in found.key or found.via == WHOLE:
        return None, None
    number = RuleNumber.parse(found.key)
    section = book.section_for(lang, number)
    if section is None:
        return None, None
    if section.number == number:
        return section, None
    rule = section.rule(number)
    return (section, rule) if rule is not None else (None, None)


def history_of(root):
    """The rule history of a rulebook folder (read once a run), or None."""
    # lazy: saves 7 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from .history.lookup import history_of as read  # the whole history: only when asked

    return read(root)


def not_found(book: RuleBook, langs: list[str], numbers: list[RuleNumber]) -> str:
    """What the reference covers, for a number it does not hold: the nearest numbers of its
    section, or the number named by its title in the whole CR when the history knows it."""
    shown = ", ".join(str(n) for n in numbers[:3]) + (" …" if len(numbers) > 3 else "")
    lang = langs[0]
    covered = ", ".join(str(n) for n in book.section_numbers(lang) or book.section_numbers())
    for number in numbers[:1]:
        near = book.nearby(lang, number)
        if book.section_for(lang, number) and near:
            return _("no rule {number} in the {language} text of this rulebook; nearby: "
                     "{near}. It covers sections {covered}.").format(
                number=shown, language=language_name(lang), covered=covered,
                near=", ".join(str(n) for n in near))
    whole = whole_cr(book)
    if whole is not None and len(numbers) == 1:
        near = whole.nearby(str(numbers[0]))
        if near:
            return _("no rule {number} in any edition this reference knows; the nearest "
                     "numbers of the current edition are {near}").format(
                number=shown, near=", ".join(str(getattr(n, "number", n)) for n in near))
    history = history_of(book.root) if len(numbers) == 1 else None
    if history is not None:
        # lazy: saves 9 ms of `show`'s cold start (import CPU time, min of 5 runs)
        from .history.notes import not_covered as named

        return named(history, shown, covered, "show")
    return _("rule {number} is not covered: this rulebook covers sections {covered}."
             ).format(number=shown, covered=covered)


# --- what a cited number points to -------------------------------------------------------
class Target(named("Target", "number exists rule covered")):
    """Where a number a text cites leads: exists (the current edition or a covered rule has
    it), rule (its number in the current edition, the one a link names) and covered (a
    translated rule). A number that leads nowhere has exists False and rule None."""

    __slots__ = ()
    # number: str (as cited); exists: bool; rule: str | None; covered: bool


def target(book: RuleBook, number: RuleNumber, rulebook_numbers: bool = False) -> Target:
    """The target of a cited number: a covered rule by today's number, else a rule of the
    current edition, else what resolve finds (another edition's number). rulebook_numbers:
    the citing text numbers rules as this rulebook does (a translation, an older English)
    and a rulebook number comes first. Only the numbers of the whole CR are read, not its
    records: `show` finds every target on every start."""
    asked = str(number)
    key = book.key_today(asked)
    if rulebook_numbers and any(book.find(lang, number) for lang in book.languages):
        key = asked
    if key is None and asked in whole_numbers(book):
        return Target(asked, True, asked, False)
    found = Found(key, asked, TODAY) if key is not None else resolve(book, number)
    if found is None:
        return Target(asked, False, None, False)
    if found.via == WHOLE:
        return Target(asked, True, asked, False)
    today = book.today_of(found.key)
    if today is not None and today.number is None:  # no counterpart today
        return Target(asked, True, None, True)
    rule = today.number if today is not None else found.key.partition("@")[0]
    return Target(asked, True, rule, True)


def whole_numbers(book: RuleBook) -> frozenset[str]:
    """Every section and rule number of the whole current CR stored with the rulebook."""
    # lazy: saves 5 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from .cr.loading import load_numbers  # the whole CR's numbers: not for a covered rule

    key = str(book.root)
    if key not in _numbers:
        try:
            _numbers[key] = load_numbers(book.root) or frozenset()
        except (DataErrors, OSError, ValueError):  # `tolaria validate` says why
            _numbers[key] = frozenset()
    return _numbers[key]


_numbers: dict = {}


# --- the glossary -------------------------------------------------------------------------
def fold(text: str) -> str:
    """A term as the glossaries compare it (cr.records.fold, imported when a term is looked
    up: `show NUMBER` needs none of the whole CR's records)."""
    # lazy: saves 4 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from .cr.records import fold as folded

    return folded(text)


class Entry(named("Entry", "official term")):
    """A glossary entry a typed term names: official, the entry of the current edition's
    glossary (cr.CRTerm) or None; term, the project's trilingual term (model.Term) or None."""

    __slots__ = ()


def glossary_entry(book: RuleBook, text: str) -> Entry | None:
    """The glossary entry a typed term names, in any of the three languages, whatever its
    case and accents ("phased out", "FUERA DE FASE", "fuori fase"); None when none does."""
    wanted = fold(text)
    term = _project_terms(book).get(wanted)
    whole = whole_cr(book)
    official = None
    if whole is not None:
        official = whole.term(text)
        for name in _english_names(term) if official is None else ():
            official = official or whole.term(name)
    if term is None and official is not None:
        term = _project_terms(book).get(fold(official.term))
    return Entry(official, term) if official is not None or term is not None else None


def close_terms(book: RuleBook, text: str, limit: int = 4) -> list[str]:
    """Glossary terms spelled like text, or containing it, for a term not found."""
    # lazy: saves 1 ms of `show`'s cold start (import CPU time, min of 5 runs)
    import difflib  # only for a term that is not there

    names = {fold(t.term): t.term for t in (whole_cr(book).glossary if whole_cr(book) else ())}
    for term in book.glossary:
        names.update((fold(n.name), n.name) for n in term.names.values())
    wanted = fold(text)
    close = difflib.get_close_matches(wanted, list(names), n=limit, cutoff=0.6)
    close += [k for k in names if wanted and wanted in k and k not in close]
    return [names[k] for k in close[:limit]]


def glossary_not_found(book: RuleBook, text: str) -> str:
    """One line for a term no glossary has, naming close terms."""
    close = close_terms(book, text)
    if close:
        return _("no glossary term '{term}'; close terms: {terms}").format(
            term=as_typed(text), terms=", ".join(close))
    return _("no glossary term '{term}' in the glossary of the current edition or of this "
             "reference").format(term=as_typed(text))


def _project_terms(book: RuleBook) -> dict:
    terms: dict = {}
    for term in book.glossary:
        for name in term.names.values():
            for spelled in (name.name, *name.variants, *name.obsolete_names):
                terms.setdefault(fold(spelled), term)
    return terms


def _english_names(term) -> list[str]:
    name = term.names.get("en") if term is not None else None
    return [name.name, *name.variants] if name is not None else []
