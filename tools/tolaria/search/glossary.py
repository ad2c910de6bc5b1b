"""Across languages through the glossary: find the terms a query names, in any language.

"phasing" names the term `phasing`, whose Italian name is "Fase" and whose rule is 702.25;
so an Italian search for "phasing" looks for "fase" and for rule 702.25. Names are matched
on the stems of their meaningful words (inflections, accents and stop words do not matter),
longest first; among names as long, one typed word for word, stop words too, comes first
and is `exact` ("end the turn" names End the Turn, not the obsolete At End of Turn, though
both are "end ... turn" once stop words are dropped).
"""

from __future__ import annotations

import os
import re

from .. import cache
from ..model import Term
from ..tuples import named
from .analysis import LANGS, fold, keys, words

_PARENTHESIS = re.compile(r"\s*\([^)]*\)")


class TermMatch(named("TermMatch", "term lang words exact", defaults=(True,))):
    __slots__ = ()
    # term: Term
    # lang: str  # the language of the name that matched
    # words: frozenset[int]  # indices of the query words it covers
    # exact: bool = True  # typed word for word, stop words included


def _name_keys(lang: str, name: str) -> tuple[frozenset[str], ...]:
    out = []
    for word in words(_PARENTHESIS.sub("", name)):
        found = keys(lang, word)
        if found is not None:
            out.append(found)
    return tuple(out)


class Glossary:
    """The glossary's names in every language, ready to be found in queries."""

    def __init__(self, terms: tuple[Term, ...], salt: str | None = None):
        """The names of terms, each with its words' keys; with salt (what else decides the
        keys: the analysis's fingerprint), the keys are kept in the user's cache, since
        stemming every name in three languages costs a fresh search about 3 ms."""
        self.terms = terms
        forms = [(index, lang, form) for index, term in enumerate(terms)
                 for lang, name in term.names.items()
                 for form in sorted({name.name, *name.variants, *name.obsolete_names})]
        names = _kept(forms, salt) if salt is not None else _names(forms)
        self.names: list[tuple[Term, str, tuple[frozenset[str], ...], tuple[str, ...]]] = [
            (terms[index], lang, found, spelled) for index, lang, found, spelled in names]

    def words(self, lang: str) -> set[str]:
        """Every word of the names in lang (lowercase), for typo correction."""
        out = set()
        for term in self.terms:
            name = term.names.get(lang)
            if name is not None:
                for form in (name.name, *name.variants, *name.obsolete_names):
                    out.update(w.lower() for w in words(_PARENTHESIS.sub("", form)))
        return out

    def find(self, query_words: tuple[str, ...]) -> list[TermMatch]:
        """The terms named in the query, longest names first (then those typed word for
        word), no two on the same words."""
        per_lang = {}
        for lang in LANGS:
            per_lang[lang] = [(i, keys(lang, w)) for i, w in enumerate(query_words)]
            per_lang[lang] = [(i, k) for i, k in per_lang[lang] if k is not None]
        present = {lang: frozenset().union(*(k for _, k in seq)) if seq else frozenset()
                   for lang, seq in per_lang.items()}
        spelled = tuple(fold(w.lower()) for w in query_words)
        found = []
        for order, (term, lang, name, literal) in enumerate(self.names):
            if not all(part & present[lang] for part in name):
                continue
            sequence = per_lang[lang]
            for start in range(len(sequence) - len(name) + 1):
                window = sequence[start:start + len(name)]
                if all(w[1] & n for w, n in zip(window, name)):
                    exact = _holds(spelled, literal)
                    found.append((-len(name), not exact, order, term, lang,
                                  frozenset(i for i, _ in window), exact))
                    break
        found.sort(key=lambda item: item[:3])
        covered: set[int] = set()
        seen: set[tuple[str, str]] = set()
        out = []
        for *_, term, lang, indices, exact in found:
            if indices & covered or (term.id, lang) in seen:
                continue
            covered |= indices
            seen.add((term.id, lang))
            out.append(TermMatch(term, lang, indices, exact))
        return out


def _names(forms: list[tuple[int, str, str]]) -> list:
    """(term index, lang, each meaningful word's keys, the folded words) of each name with
    a meaningful word, longest first."""
    out = []
    for index, lang, form in forms:
        found = _name_keys(lang, form)
        if found:
            spelled = tuple(fold(w.lower()) for w in words(_PARENTHESIS.sub("", form)))
            out.append((index, lang, found, spelled))
    out.sort(key=lambda item: -len(item[2]))
    return out


def _kept(forms: list[tuple[int, str, str]], salt: str) -> list:
    """_names(forms), kept in the user's cache for the same names, salt and code of this
    module."""
    here = cache.source_digest(os.path.dirname(os.path.abspath(__file__)), ("glossary.py",))
    key = salt + here + "\n" + "\n".join(f"{i}\t{lang}\t{form}" for i, lang, form in forms)
    return cache.kept("glossary", key, lambda: _names(forms))


def _holds(words: tuple[str, ...], part: tuple[str, ...]) -> bool:
    """Whether part appears in words, word for word and in a row."""
    return any(words[i:i + len(part)] == part for i in range(len(words) - len(part) + 1))
