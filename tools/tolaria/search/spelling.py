"""Typos: the indexed word closest to a word the index does not know, by sound and edits.

A word is compared with the index's words (folded, unstemmed) through a sound-alike key per
language (`ph` and `f` alike, double letters single, Spanish `z`/`ce`/`ci` as `s`, `v` as
`b`, silent `h`...), then by edit distance between keys (a swap of two letters is one edit).
The closest word wins outright, so a common word two edits away ("phase") never beats a
rarer one a single edit away ("phasing" for "phasin"); among equally close words, one of the
languages searched, then the one in more rules. Glossary names of every language count too,
so "fasing" typed in an Italian search is read as "phasing", which the glossary then takes
to the Italian "fase".

A correction is offered only when it helps: to a word within the edit allowance of the word
as typed (one edit for a word of fewer than six letters, two for a longer one), with the same
first letter or the same first sound ("fasing", "phasing"), held by at least MIN_FREQUENCY
documents when two edits away (or a glossary name), and never to a common word of another meaning (the
`never` lists of rules/search/corrections.yaml: "trample" is not a typo of "example").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..tuples import named

from .analysis import fold

MIN_LENGTH = 4  # shorter words (or sound-alike keys) are never corrected: too many neighbours
MIN_FREQUENCY = 2  # a word two edits away in fewer documents is too rare to be what was meant

_DOUBLE = re.compile(r"(\w)\1+")
SOUNDS = {  # per language: (written, heard), replaced in order
    "en": (("ph", "f"), ("ck", "k"), ("q", "k"), ("y", "i")),
    "es": (("ph", "f"), ("ch", "X"), ("h", ""), ("ll", "y"), ("qu", "k"), ("z", "s"),
           ("ce", "se"), ("ci", "si"), ("c", "k"), ("v", "b"), ("w", "u"), ("X", "ch")),
    "it": (("ph", "f"), ("h", ""), ("k", "c"), ("y", "i"), ("j", "i"), ("w", "v")),
}


def sound(lang: str, word: str) -> str:
    """A sound-alike key of a lowercase word: 'phasing' and 'fasing' -> 'fasing'."""
    key = fold(word.lower())
    for written, heard in SOUNDS[lang]:
        key = key.replace(written, heard)
    return _DOUBLE.sub(r"\1", key)


def distance(a: str, b: str, most: int) -> int:
    """Edit distance between a and b (insert, delete, replace, swap two neighbours); any
    value above most is returned as most + 1."""
    if abs(len(a) - len(b)) > most:
        return most + 1
    before, row = None, list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            cost = x != y
            value = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
            if before is not None and i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                value = min(value, before[j - 2] + 1)
            current[j] = value
        if min(current) > most:
            return most + 1
        before, row = row, current
    return min(row[-1], most + 1)


def allowance(key: str) -> int:
    """How many edits a word whose sound-alike key is this long may be from what was meant."""
    return 1 if len(key) < 6 else 2


class Candidate(named("Candidate", "word lang frequency")):
    __slots__ = ()
    # word: str  # folded, as indexed
    # lang: str
    # frequency: int  # documents that hold it (0: a glossary name only)


class Vocabulary:
    """Every word of one language, by sound-alike key, with how many documents hold it."""

    def __init__(self, lang: str, words: Iterable[tuple[str, int]]):
        self.lang = lang
        self.by_sound: dict[str, list[Candidate]] = {}
        for word, frequency in words:
            self.by_sound.setdefault(sound(lang, word), []).append(
                Candidate(word, lang, frequency))
        # Only keys of a near length are compared, and only those with few letters the
        # other lacks (each edit brings in or takes out at most one letter).
        self.by_length: dict[int, list[tuple[str, frozenset[str]]]] = {}
        for key in self.by_sound:
            self.by_length.setdefault(len(key), []).append((key, frozenset(key)))

    def closest(self, word: str) -> tuple[int, list[Candidate]]:
        """(distance, candidates) of the words at the smallest distance, if any is close
        enough (see allowance); a word whose key is too short has none."""
        key = sound(self.lang, word)
        if len(key) < MIN_LENGTH:
            return 0, []
        most = allowance(key)
        letters = frozenset(key)
        best, found = most + 1, []
        for length in range(len(key) - most, len(key) + most + 1):
            for other, its in self.by_length.get(length, ()):
                near = min(most, best)
                if len(letters - its) > near or len(its - letters) > near:
                    continue
                d = distance(key, other, near)
                if d < best:
                    best, found = d, list(self.by_sound[other])
                elif d == best and d <= most:
                    found.extend(self.by_sound[other])
        return best, found


def acceptable(word: str, candidate: Candidate, never: frozenset[str] = frozenset()) -> bool:
    """Whether candidate may stand for word (folded, lowercase): close in spelling as typed,
    the same first letter or sound, of some weight, and not a common word of another
    meaning."""
    other = candidate.word
    if other == word or other in never:
        return False
    if word[0] != other[0] and sound(candidate.lang, word)[:1] != sound(candidate.lang,
                                                                          other)[:1]:
        return False
    edits = distance(word, other, allowance(word))
    if edits > 1 and 0 < candidate.frequency < MIN_FREQUENCY:
        return False
    return edits <= allowance(word)


def correct(word: str, searched: list[Vocabulary], others: list[Vocabulary],
            never: dict[str, frozenset[str]] | None = None) -> str | None:
    """The closest word to word (folded) in the vocabularies, or None if none is close
    enough to help (see acceptable): searched languages first among equals, then the word
    in more documents. never: per language, words a correction never goes to."""
    word = fold(word.lower())
    if len(word) < MIN_LENGTH or word.isdigit():
        return None
    never = never or {}
    ranked = []
    for preference, vocabularies in enumerate((searched, others)):
        for vocabulary in vocabularies:
            d, candidates = vocabulary.closest(word)
            excluded = never.get(vocabulary.lang, frozenset())
            for candidate in candidates:
                if not acceptable(word, candidate, excluded):
                    continue
                spelled = distance(word, candidate.word, len(word))
                ranked.append((d, preference, -candidate.frequency, spelled, candidate.word))
    if not ranked:
        return None
    return min(ranked)[-1]
