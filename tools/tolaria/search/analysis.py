"""Per-language text analysis: curated stop lists, Snowball stems, accent folding.

Stemming and accent folding interact: Spanish Snowball stems "finalización" to "finaliz"
but leaves the unaccented "finalizacion" alone, and Italian stems "priorità" to "priorit"
but "priorita" to "prior". So a word is indexed under both fold(stem(word)) and
stem(fold(word)) (at the same position, so phrases still work), and once more folded but
unstemmed in an exact field, for phrases and typo correction. Query words go through the very
same functions, so every spelling meets every other. The few words Snowball would merge with
a different word keep a key of their own (OWN_STEMS: Spanish and Italian "mano", hand, and
"mana" both stem to "man"). A number word is keyed by its digits as well (number_keys:
"ten" and "10", "siete" and "7"). This module's source is part of the index's fingerprint:
change it and the index is rebuilt by itself.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from ..vocabulary.number_words import number_words
from .whoosh_import import load

load()

from whoosh.analysis import Filter, LowercaseFilter, RegexTokenizer, StopFilter  # noqa: E402
from whoosh.lang import stemmer_for_language  # noqa: E402
from whoosh.lang.stopwords import stoplists  # noqa: E402

LANGS = ("en", "es", "it")
WORD = re.compile(r"\w+")

# Snowball's stop lists (as shipped with Whoosh) minus the words that carry meaning in rules
# text: "fuera de fase" (phased out), "phased out", "no player", "until end of turn",
# "more cards", "più carte", "fuori fase".
_KEEP = {
    "en": {"out", "off", "up", "down", "no", "not", "nor", "before", "after", "until", "during",
           "more", "most", "few", "once", "again", "against", "between", "under", "over",
           "same", "both", "only", "own", "each", "all", "any", "other", "further", "above",
           "below", "while"},
    "es": {"fuera", "antes", "contra", "entre", "durante", "hasta", "más", "sin", "sobre", "no",
           "nada", "otro", "otra", "otros", "otras", "todo", "todos", "poco", "mucho", "muchos",
           "mientras", "ante", "desde", "tiene", "tienen", "estado"},
    "it": {"contro", "tra", "più", "non", "anche", "tutti", "tutto", "fuori", "stato"},
}


# Words Snowball reduces to the stem of a different word, each with a key of its own (by
# folded spelling): es/it "mano" (hand) and "mana"/"maná" would both be "man".
OWN_STEMS = {
    "es": {"mano": "mano", "manos": "mano", "mana": "mana"},
    "it": {"mano": "mano", "mani": "mano", "mana": "mana"},
    "en": {},
}


# Number words (number_words.py, the audit's table too), keyed also by their digits and
# folded, so that "10 poison counters" finds "ten or more poison counters" and "siete"
# finds "7" (and the other way round).
@functools.cache
def number_keys(lang: str) -> dict[str, str]:
    """lang's number words, folded, and their digits."""
    return {fold(word): str(value) for word, value in number_words(lang).items()}


@functools.cache
def stop_words(lang: str) -> frozenset[str]:
    """The curated stop list of lang, in accented and folded spellings."""
    words = set(stoplists[lang]) - _KEEP[lang]
    return frozenset(words | {fold(w) for w in words} - {fold(w) for w in _KEEP[lang]})


@functools.lru_cache(maxsize=65536)
def fold(word: str) -> str:
    """word without accents: 'finalización' -> 'finalizacion', 'priorità' -> 'priorita'."""
    if word.isascii():
        return word
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@functools.cache
def _stemmer(lang: str):
    return functools.lru_cache(maxsize=65536)(stemmer_for_language(lang))


def stems(lang: str, word: str) -> tuple[str, ...]:
    """The stemmed keys of a lowercase word: fold(stem(word)), and stem(fold(word)) if other
    (or its own key, for the few words in OWN_STEMS); a number word's digits too."""
    folded = fold(word)
    own = OWN_STEMS[lang].get(folded)
    if own is not None:
        return (own,)
    stem = _stemmer(lang)
    first = fold(stem(word))
    second = stem(folded)
    found = (first,) if first == second else (first, second)
    digits = number_keys(lang).get(folded)
    return found if digits is None else found + (digits,)


@functools.lru_cache(maxsize=65536)
def keys(lang: str, word: str) -> frozenset[str] | None:
    """Every key a word is indexed under (stems and folded form); None for a stop word."""
    lower = word.lower()
    if lower in stop_words(lang) or not lower.strip("_"):
        return None
    return frozenset(stems(lang, lower) + ("=" + fold(lower),))


def word_keys(lang: str, text: str) -> str:
    """Every stem key of text's words, space-separated (stored, for coverage re-ranking)."""
    found: set[str] = set()
    for word in WORD.findall(text):
        k = keys(lang, word)
        if k:
            found.update(x for x in k if not x.startswith("="))
    return " ".join(sorted(found))


def words(text: str) -> list[str]:
    return WORD.findall(text)


# --- pairs of consecutive words (shingles) --------------------------------------------
# Two words side by side ("end of turn": "end", "turn") are indexed as one token, so that a
# two-word phrase is one term to look up rather than a phrase query (an intersection, then a
# check of positions: most of the cost of a search). Stop words are skipped, as in phrases.
# Each kind of field has its prefix: "s" text (stems), "n" names (stems), "e" exact spellings.
PAIR_KINDS = {"stem": "s", "name": "n", "exact": "e"}


def pair(kind: str, first: str, second: str) -> str:
    """The token of two keys side by side in a kind of field."""
    return f"{PAIR_KINDS[kind]}{first}~{second}"


def pairs(lang: str, text: str, kind: str) -> list[str]:
    """The pair tokens of text (line by line) for a kind of field: every stem spelling of
    each word with every one of the next word's, or their exact spellings."""
    exact = kind == "exact"
    out = []
    for line in text.splitlines():
        previous: list[str] = []
        for word in WORD.findall(line):
            found = keys(lang, word)
            if found is None:
                continue
            current = sorted(k for k in found if k.startswith("=") == exact)
            out.extend(pair(kind, a, b) for a in previous for b in current)
            previous = current
    return out


# --- Whoosh analyzers (module level: Whoosh pickles the schema, analyzers included) ----
class DualStemFilter(Filter):
    """fold(stem(w)) and, where different, stem(fold(w)) at the same position."""

    def __init__(self, lang: str):
        self.lang = lang

    def __eq__(self, other):
        return type(other) is type(self) and other.lang == self.lang

    def __call__(self, tokens):
        lang = self.lang
        for token in tokens:
            for text in stems(lang, token.text):
                token.text = text
                yield token


class FoldFilter(Filter):
    """Accent folding, unstemmed."""

    def __call__(self, tokens):
        for token in tokens:
            token.text = fold(token.text)
            yield token


@functools.cache
def analyzer(lang: str, kind: str):
    """The Whoosh analyzer of a field: kind 'stem' (both stems) or 'exact' (folded)."""
    chain = (RegexTokenizer(WORD.pattern) | LowercaseFilter()
             | StopFilter(stoplist=stop_words(lang), minsize=1, renumber=True))
    return chain | (DualStemFilter(lang) if kind == "stem" else FoldFilter())
