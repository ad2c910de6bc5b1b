"""Rule numbers: parse, order, format, and the one pattern for cross-references.

>>> RuleNumber.parse("104.3b")
RuleNumber('104.3b')
>>> sorted(RuleNumber.parse(n) for n in ["104.10", "104.9", "104", "104.3b"])
[RuleNumber('104'), RuleNumber('104.3b'), RuleNumber('104.9'), RuleNumber('104.10')]
>>> str(RuleNumber.parse("104.3b").parent)
'104.3'
>>> [str(n) for n in expand_range("601.2a", "601.2d")]
['601.2a', '601.2b', '601.2c', '601.2d']
"""

from __future__ import annotations

from .tuples import named

# Subrule letters skip "l" and "o" (CR introduction); numbers of rules are
# written without leading zeros.
LETTERS = "abcdefghijkmnpqrstuvwxyz"


class BadNumber(ValueError):
    """A string that is not a CR rule number; the message says why."""


def _parts(text: str) -> tuple[str, str, str] | None:
    """Section, rule and letter of '104', '104.3' or '104.3b' ('' for a missing part), or
    None: three digits, the first not 0; then maybe a point, a number not starting with 0
    and a letter a-z. Read without a regular expression: `show` parses a number before it
    needs any, and importing re costs its cold start about 8 ms (python -X importtime)."""
    section, point, rest = text.partition(".")
    if len(section) != 3 or not "1" <= section[0] <= "9" or not section.isdecimal():
        return None
    if not point:
        return section, "", ""
    letter = rest[-1] if rest and "a" <= rest[-1] <= "z" else ""
    rule = rest[:-1] if letter else rest
    if not rule or not "1" <= rule[0] <= "9" or not rule.isdecimal():
        return None
    return section, rule, letter


class RuleNumber(named("RuleNumber", "section rule letter", defaults=(None, ""))):
    """A rule number; compares and sorts as the CR orders rules (104.9 < 104.10)."""

    __slots__ = ()
    # section: int
    # rule: int | None = None
    # letter: str = ""

    @classmethod
    def parse(cls, text: str) -> RuleNumber:
        """Parse '104', '104.3' or '104.3b' (a trailing '.' is allowed: '104.3.')."""
        raw = text.strip()
        cleaned = raw[:-1] if raw.endswith(".") and raw.count(".") >= 1 else raw
        parts = _parts(cleaned)
        if parts is None:
            raise BadNumber(f"{raw!r} is not a rule number (expected e.g. 104, 104.3 or 104.3b)")
        section, rule, letter = parts
        if letter and letter not in LETTERS:
            raise BadNumber(f"{raw!r}: subrule letters skip 'l' and 'o'")
        return cls(int(section), int(rule) if rule else None, letter)

    @property
    def depth(self) -> int:
        """0 for a section, 1 for a rule, 2 for a subrule."""
        if self.rule is None:
            return 0
        return 2 if self.letter else 1

    @property
    def parent(self) -> RuleNumber | None:
        if self.letter:
            return RuleNumber(self.section, self.rule)
        if self.rule is not None:
            return RuleNumber(self.section)
        return None

    def is_within(self, other: RuleNumber) -> bool:
        """True when self is other or lies under it (104.3b is within 104.3 and 104)."""
        node: RuleNumber | None = self
        while node is not None:
            if node == other:
                return True
            node = node.parent
        return False

    def sort_key(self) -> tuple[int, int, int]:
        return (self.section, -1 if self.rule is None else self.rule,
                -1 if not self.letter else LETTERS.index(self.letter))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RuleNumber) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return tuple.__hash__(self)

    def __lt__(self, other: RuleNumber) -> bool:
        return self.sort_key() < other.sort_key()

    def __le__(self, other: RuleNumber) -> bool:
        return self.sort_key() <= other.sort_key()

    def __gt__(self, other: RuleNumber) -> bool:
        return self.sort_key() > other.sort_key()

    def __ge__(self, other: RuleNumber) -> bool:
        return self.sort_key() >= other.sort_key()

    def __str__(self) -> str:
        if self.rule is None:
            return str(self.section)
        return f"{self.section}.{self.rule}{self.letter}"

    def __repr__(self) -> str:
        return f"RuleNumber({str(self)!r})"


def expand_range(first: str | RuleNumber, last: str | RuleNumber,
                 strict: bool = False) -> list[RuleNumber]:
    """Every number from first to last, when they differ only in the final part.

    '601.2a'-'601.2d' gives four subrules; '512'-'514' three sections; '104.3'-'104.5'
    three rules. A range that is not of that shape gives just its two ends, or, when
    strict (a range a user typed), raises BadNumber.
    """
    a, b = (n if isinstance(n, RuleNumber) else RuleNumber.parse(n) for n in (first, last))
    shaped = a.depth == b.depth and a <= b and (
        a.depth == 0 or (a.section == b.section and (a.depth == 1 or a.rule == b.rule)))
    if not shaped:
        if strict:
            raise BadNumber(f"{first}-{last}: not a range (the first number must come first, "
                            "and both must be of the same rule or section)")
        return [a, b]
    if a.depth == 0:
        return [RuleNumber(s) for s in range(a.section, b.section + 1)]
    if a.depth == 1 and a.section == b.section:
        return [RuleNumber(a.section, r) for r in range(a.rule, b.rule + 1)]
    if a.depth == 2 and (a.section, a.rule) == (b.section, b.rule):
        letters = LETTERS[LETTERS.index(a.letter):LETTERS.index(b.letter) + 1]
        return [RuleNumber(a.section, a.rule, x) for x in letters]
    return [a, b]


# --- Patterns: the only rule-number regexes of the project -----------------------------
# A rule number as the CR prints it (104, 104.3, 104.3b).
NUMBER_PATTERN = r"[1-9]\d{2}(?:\.[1-9]\d*[a-z]?)?"
# A number as people type it, to be read by RuleNumber.parse after normalising: any case,
# a decimal comma for the point (104,3b), invalid shapes too (104.3l), so that they get a
# clear answer instead of being taken for words.
TYPED_PATTERN = r"\d{3}(?:[.,]\d+[a-z]?)?"
TYPED_DASH = r"\s*[-–—]\s*"  # between the two ends of a typed range
RULE_WORDS = r"rules?|reglas?|regol[ae]"  # "rule(s)" in en, es, it

# --- Cross-references ------------------------------------------------------------------
# One pattern for the whole project. A reference is a word for "rule(s)" in any of the
# three languages, followed by one or more numbers joined by commas, "and"/"y"/"e"/"or"/"o",
# or a dash for ranges ("rules 601.2a–d", "reglas 704.5m y 704.5n", "vedi regole 506.4").
_NUM = NUMBER_PATTERN
_JOIN = r"(?:\s*,\s*(?:and\s+|y\s+|e\s+|or\s+|o\s+)?|\s+(?:and|y|e|or|o)\s+)"
_RANGE_TAIL = r"(?:\s*[–-]\s*(?:" + _NUM + r"|[a-z]\b))?"
REFERENCE_PATTERN = (
    r"\b(?:" + RULE_WORDS + r"|sections?|secci[oó]n|secciones|sezion[ei])\s+"
    r"(?P<numbers>" + _NUM + _RANGE_TAIL + r"(?:" + _JOIN + _NUM + _RANGE_TAIL + r")*)")
_ITEM_PATTERN = r"(?P<first>" + _NUM + r")(?:\s*[–-]\s*(?P<last>" + _NUM + r"|[a-z]\b))?"


_compiled: tuple = ()


def _patterns() -> tuple:
    """REFERENCE_PATTERN and _ITEM_PATTERN compiled, on first use: a fresh process that
    only shows a rule never needs them."""
    global _compiled
    if not _compiled:
        # lazy: saves 8 ms of `show`'s cold start (re and enum, python -X importtime)
        import re

        _compiled = re.compile(REFERENCE_PATTERN, re.IGNORECASE), re.compile(_ITEM_PATTERN)
    return _compiled


def find_references(text: str) -> list[RuleNumber]:
    """The rule numbers a text cites, in order, ranges expanded; repeats kept.

    >>> [str(n) for n in find_references("See rules 704.5m and 704.5n. Ver la regla 116.")]
    ['704.5m', '704.5n', '116']
    >>> [str(n) for n in find_references("(vedi regole 601.2a–c)")]
    ['601.2a', '601.2b', '601.2c']
    """
    reference, item_pattern = _patterns()
    found: list[RuleNumber] = []
    for match in reference.finditer(text):
        for item in item_pattern.finditer(match["numbers"]):
            first, last = item["first"], item["last"]
            try:
                if last is None:
                    found.append(RuleNumber.parse(first))
                elif len(last) == 1:  # "601.2a–d": a range of subrule letters
                    found.extend(expand_range(first, first[:-1] + last))
                else:
                    found.extend(expand_range(first, last))
            except (BadNumber, ValueError):
                continue
    return found


def iter_reference_spans(text: str):  # -> Iterator[tuple[int, int, str]]
    """(start, end, number) of every cited number inside text, for linking in pages."""
    reference, item_pattern = _patterns()
    for match in reference.finditer(text):
        base = match.start("numbers")
        for item in item_pattern.finditer(match["numbers"]):
            yield base + item.start("first"), base + item.end("first"), item["first"]
