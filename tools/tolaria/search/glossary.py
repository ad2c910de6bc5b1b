"""Across languages through the glossary: find the terms a query names, in any language.

"phasing" names the term `phasing`, whose Italian name is "Fase" and whose rule is 702.25;
so an Italian search for "phasing" looks for "fase" and for rule 702.25. Names are matched
on their stems (inflections and accents do not matter), longest first.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..model import Term
from .analysis import LANGS, keys, words

_PARENTHESIS = re.compile(r"\s*\([^)]*\)")


class TermMatch(NamedTuple):
    term: Term
    lang: str  # the language of the name that matched
    words: frozenset[int]  # indices of the query words it covers


def _name_keys(lang: str, name: str) -> tuple[frozenset[str], ...]:
    out = []
    for word in words(_PARENTHESIS.sub("", name)):
        found = keys(lang, word)
        if found is not None:
            out.append(found)
    return tuple(out)


class Glossary:
    """The glossary's names in every language, ready to be found in queries."""

    def __init__(self, terms: tuple[Term, ...]):
        self.terms = terms
        self.names: list[tuple[Term, str, tuple[frozenset[str], ...]]] = []
        for term in terms:
            for lang, name in term.names.items():
                forms = {name.name, *name.variants, *name.obsolete_names}
                for form in forms:
                    found = _name_keys(lang, form)
                    if found:
                        self.names.append((term, lang, found))
        self.names.sort(key=lambda item: -len(item[2]))

    def find(self, query_words: tuple[str, ...]) -> list[TermMatch]:
        """The terms named in the query, longest names first, no two on the same words."""
        per_lang = {}
        for lang in LANGS:
            per_lang[lang] = [(i, keys(lang, w)) for i, w in enumerate(query_words)]
            per_lang[lang] = [(i, k) for i, k in per_lang[lang] if k is not None]
        covered: set[int] = set()
        seen: set[tuple[str, str]] = set()
        out = []
        present = {lang: frozenset().union(*(k for _, k in seq)) if seq else frozenset()
                   for lang, seq in per_lang.items()}
        for term, lang, name in self.names:
            if not all(part & present[lang] for part in name):
                continue
            sequence = per_lang[lang]
            for start in range(len(sequence) - len(name) + 1):
                window = sequence[start:start + len(name)]
                if all(w[1] & n for w, n in zip(window, name)):
                    indices = frozenset(i for i, _ in window)
                    if indices & covered or (term.id, lang) in seen:
                        continue
                    covered |= indices
                    seen.add((term.id, lang))
                    out.append(TermMatch(term, lang, indices))
                    break
        return out
