"""From a parsed query to a Whoosh query for one language: fields, boosts, phrases, fuzz.

Every word is looked for in the names of a rule (its section's title on the section, the
glossary names of the terms it defines: heavily boosted, so that the rule that defines a
thing comes before rules that mention it), in its text, and in its examples and glossary
definitions, under both of its stems and its folded form. The words as a phrase add a bonus,
and the engine favours rules that hold more of the words; quoted phrases are required. A glossary term the query
names completely adds its defining rules; one named in another language adds its names in
the target language too (that is how "phasing" finds "fase"). Words people use that the rules
do not (synonyms.py: "multijugador" for "varios jugadores") add the rules' wording, a little
below the words typed. Every two consecutive words also count as a phrase (a small bonus for
rules that keep them together: "end of turn" over "end" ... "turn"), and the title of a
rule's section counts a little, so that "triggered abilities in the cleanup step" prefers the
rules of the cleanup step.
"""

from __future__ import annotations

from typing import NamedTuple

from whoosh import query as Q

from . import synonyms
from .analysis import analyzer, fold, keys
from .glossary import TermMatch
from .parsing import ParsedQuery

BOOSTS = {"name": 1.5, "stem": 1.0, "section": 0.4}
SYNONYM_BOOSTS = {"name": 1.2, "stem": 0.8}
PHRASE_BONUS = 2.0
PAIR_BONUS = 0.6
DEFINES_BONUS = 8.0


class Any(Q.Or):
    """Or, always as a tree of union matchers: Whoosh's default for small indexes preloads
    an array of 2048 scores per Or node, which costs more than the search itself here."""

    matcher_type = Q.Or.DEFAULT_MATCHER


class Built(NamedTuple):
    query: object  # a whoosh query
    keys: frozenset[str]  # what the snippet marks
    words: tuple[frozenset[str], ...] = ()  # each meaningful query word's stems (coverage)


def _terms(lang: str, word: str, fields=BOOSTS) -> list:
    """The word's stems in each of fields (its folded form only counts in phrases)."""
    found = keys(lang, word)
    if found is None:
        return []
    return [Q.Term(f"{field}_{lang}", key, boost=boost) for key in sorted(found)
            if not key.startswith("=") for field, boost in fields.items()]


def _phrase(lang: str, text: str, fields=("stem",), boost: float = 1.0):
    """text as a phrase in the exact field and (first stem spelling) the given fields."""
    exact = [t.text for t in analyzer(lang, "exact")(text)]
    if len(exact) < 2:
        return None
    stemmed = {}
    for token in analyzer(lang, "stem")(text, positions=True):
        stemmed.setdefault(token.pos, token.text)
    spelling = [stemmed[p] for p in sorted(stemmed)]
    clauses = [Q.Phrase(f"exact_{lang}", exact)]
    clauses.extend(Q.Phrase(f"{field}_{lang}", spelling) for field in fields)
    return Any(clauses, boost=boost)


def build(lang: str, parsed: ParsedQuery, matches: list[TermMatch],
          strict: bool = True) -> Built | None:
    """The query for documents in lang; None when no word of it means anything in lang."""
    words = [w.lower() for w in parsed.words]
    marks: set[str] = set()
    clauses, meaningful = [], []
    covers: dict[int, set[str]] = {}  # query word position -> stems that count as it
    for position, word in enumerate(words):
        terms = _terms(lang, word)
        if terms:
            clauses.extend(terms)
            meaningful.append(word)
            marks |= keys(lang, word)
            covers[position] = {k for k in keys(lang, word) if not k.startswith("=")}
    for span, entry in synonyms.find(lang, [keys(lang, w) for w in words]):
        stems: set[str] = set()
        for alternative in entry.alternatives:
            for word in alternative:
                clauses.extend(_terms(lang, word, fields=SYNONYM_BOOSTS))
                found = keys(lang, word) or set()
                marks |= found
                stems |= {k for k in found if not k.startswith("=")}
            if len(alternative) > 1:
                phrase = _phrase(lang, " ".join(alternative), boost=PAIR_BONUS)
                if phrase is not None:
                    clauses.append(phrase)
        for position in span:
            if position in covers:
                covers[position] |= stems
    for match in matches:
        name = match.term.names.get(lang)
        if name is None:
            continue
        if match.lang != lang:  # named in another language: add this language's names
            for form in {name.name.lower(), *(v.lower() for v in name.variants)}:
                for word in form.split():
                    marks |= keys(lang, word) or set()
                phrase = _phrase(lang, form, fields=("name",), boost=PHRASE_BONUS)
                if phrase is not None:
                    clauses.append(phrase)
                elif form.strip():
                    clauses.extend(_terms(lang, form.strip(), fields={"name": 3.0}))
        if match.lang != lang or len(match.words) == len(words):
            numbers = [Q.Term("number", str(n)) for n in match.term.rules]
            if numbers:
                clauses.append(Q.And([Q.Term("lang", lang), Any(numbers)],
                                     boost=DEFINES_BONUS))
    if not clauses:
        return None
    if len(meaningful) > 1:
        whole = _phrase(lang, " ".join(meaningful), fields=(), boost=PHRASE_BONUS)
        if whole is not None:
            clauses.append(whole)
    if len(meaningful) > 2:  # every two consecutive words as a phrase, a small bonus
        for first, second in zip(meaningful, meaningful[1:]):
            pair = _phrase(lang, f"{first} {second}", boost=PAIR_BONUS)
            if pair is not None:
                clauses.append(pair)
    query = Any(clauses)
    if strict and parsed.phrases:
        required = [_phrase(lang, " ".join(p), fields=("stem", "name")) for p in parsed.phrases]
        required = [r for r in required if r is not None]
        if required:
            query = Q.And(required + [query])
    stems_of = tuple(frozenset(covers[p]) for p in sorted(covers))
    return Built(query, frozenset(marks), stems_of)


def fuzzy(lang: str, parsed: ParsedQuery) -> Built | None:
    """Typo-tolerant: every word within one or two edits of an indexed word."""
    clauses, marks = [], set()
    for word in parsed.words:
        found = keys(lang, word.lower())
        if found is None or len(word) < 4:
            continue
        folded = fold(word.lower())
        distance = 1 if len(folded) < 6 else 2
        clauses.append(Q.FuzzyTerm(f"exact_{lang}", folded, maxdist=distance, prefixlength=1))
        marks |= found
    if not clauses:
        return None
    return Built(Any(clauses), frozenset(marks))
