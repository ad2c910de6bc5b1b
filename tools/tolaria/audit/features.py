"""What the checks measure in a rule's text: sentences, numbers, words, phrase matches."""

from __future__ import annotations

import functools
import re
from collections import Counter
import difflib

from ..vocabulary.number_words import number_words
from ..numbering import NUMBER_PATTERN, iter_reference_spans

EXAMPLE_LABELS = {"en": "Example:", "es": "Ejemplo:", "it": "Esempio:"}

# A sentence ends at . ! ? (then any closing quotes or brackets) before a space and a capital
# or an opening bracket/quote; a parenthesis opening on a capital starts one too ("… priority
# (This is a state-based action.") so that a missing full stop is reported once, as
# punctuation, not twice.
_UPPER = "A-ZÁÉÍÓÚÑÀÈÌÒÙÜ¿¡"
_SENTENCE_END = re.compile(r"[.!?][”’\"')\]]*\s+(?=[“\"‘(\[]?[" + _UPPER + r"])"
                           r"|\s+(?=\([" + _UPPER + r"][^()]*[.!?][”\"]?\))")


def sentences(text: str) -> list[str]:
    """The sentences of a text (rule numbers like 704.5m never split one)."""
    parts = [p.strip() for p in _SENTENCE_END.split(text.replace("\n\n", " "))]
    return [p for p in parts if p]


_TOKEN = re.compile(r"\d+|[^\W\d_]+(?:-[^\W\d_]+)?")
_RULE_NUMBER = re.compile(r"\b(?=\d{3}\.)" + NUMBER_PATTERN + r"\b")  # a rule, not a section


def numbers(text: str, lang: str) -> Counter:
    """The numbers a text states, in digits or words, as a multiset of values; rule numbers
    and cited rules are not numbers here."""
    spans = [(s, e) for s, e, _ in iter_reference_spans(text)]
    spans += [m.span() for m in _RULE_NUMBER.finditer(text)]
    out: Counter = Counter()
    table = number_words(lang)
    for match in _TOKEN.finditer(text):
        if any(s <= match.start() < e for s, e in spans):
            continue
        token = match.group().lower()
        if token.isdecimal():  # not isdigit(): "²" is a digit that int() refuses
            out[int(token)] += 1
        elif token in table:
            out[table[token]] += 1
        else:  # "two-player": the number is the first part
            for part in token.split("-"):
                if part in table:
                    out[table[part]] += 1
    return out


_WORD = re.compile(r"[^\W\d_]+")


def words(text: str) -> list[str]:
    """The words of a text ("dell’inizio" gives "dell", "inizio")."""
    return _WORD.findall(text)


def normalise(text: str) -> str:
    return " ".join(text.split())


# --- phrases (glossary terms, card names) -------------------------------------------------
_SHORT = 4  # words this short must match exactly (articles, prepositions)


def _stem(word: str) -> str:
    """A crude stem: enough to take 'pierde' and 'pierdan', 'finaliza' and 'finalizan' as
    one word, and never two different ones in the glossary's phrases."""
    word = word.lower()
    if len(word) <= _SHORT:
        return word
    return word[:max(_SHORT, len(word) - 2)]


@functools.cache
def phrase_pattern(phrase: str, inflected: bool) -> re.Pattern:
    """A pattern for a phrase: exact words (inflected=False), or each long word by its stem
    with up to two other words between them (inflected=True)."""
    parts = _WORD.findall(phrase)
    if not inflected:
        body = r"[\s\-]+".join(re.escape(p) for p in parts)
        return re.compile(r"(?<![\w-])" + body + r"(?![\w-])", re.IGNORECASE)
    pieces = []
    for part in parts:
        stem = _stem(part)
        pieces.append(re.escape(stem) + (r"\w*" if stem != part.lower() else ""))
    gap = r"(?:[\s\-’']+[^\W\d_]+){0,2}?[\s\-’']+"
    return re.compile(r"(?<![\w])" + gap.join(pieces) + r"(?![\w])", re.IGNORECASE)


def lexeme(matched: str) -> str:
    """The word a phrase match is built on (its first word), to tell one translation of a
    term from another: 'finaliza el turno' and 'termina el turno' differ here."""
    first = _WORD.findall(matched)
    return first[0].lower() if first else ""


def same_lexeme(a: str, b: str) -> bool:
    """Two forms of one word ('pierde', 'perder'), not two words ('finaliza', 'termina')."""
    def plain(word: str) -> str:  # Spanish stem changes: pierde/perder, puede/poder
        return word.replace("ie", "e").replace("ue", "o")

    return difflib.SequenceMatcher(None, plain(a), plain(b)).ratio() >= 0.6
