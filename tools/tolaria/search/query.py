"""From a parsed query to a Whoosh query for one language: fields, boosts, phrases.

Every word is looked for in the names of a rule (its section's title on the section, the
glossary names of the terms it defines: heavily boosted, so that the rule that defines a
thing comes before rules that mention it), in its text, and in its examples and glossary
definitions, under both of its stems and its folded form. The words as a phrase add a bonus,
and the engine favours rules that hold more of the words; quoted phrases are required.
Question and conversation words (filler.py: "what happens if", "cosa succede") are left out.
A glossary term the query names completely (its meaningful words all of the query's, its
stop words as typed) adds its defining rules; one named in another language adds its names
in the target language too (that is how "phasing" finds "fase"). A term named among other
words ("does the equipment phase out with the creature") is what the question is about, not
what it asks, unless its words tell most of the query ("draw game": MAIN_SHARE, words
weighed by rarity): its words are then looked for in rules' text only, not in names, and the
engine favours the rules of its topic rather than the rule defining it. Words people use
that the rules do not (synonyms.py: "multijugador" for "varios jugadores") add the rules'
wording, a little below the words typed. Every two consecutive words also count as a phrase
(a small bonus for rules that keep them together: "end of turn" over "end" ... "turn"), and
the title of a rule's section counts, so that "triggered abilities in the cleanup step"
prefers the rules of the cleanup step. Built.about tells the engine the rules about the
terms the query names (and how much of the query each name covers, half as much for a name
typed without its stop words), for re-ranking.

A phrase of two words is one term of the pairs of consecutive words (analysis.pairs), but a
quoted phrase is always checked word by word. Terms the index does not hold are left out
before Whoosh sees them (`present`): most words of a long question are in no rule's names.
On a small index the engine scores the query as one flat sum (flat, Flat).
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Callable

Present = Callable[[str, str], bool]  # whether the index holds (field, text)
Weigh = Callable[[str, frozenset], float]  # how telling a word (its stems) is in lang

from whoosh import matching
from whoosh import query as Q

from ..numbering import RuleNumber
from ..tuples import named
from . import synonyms
from .analysis import analyzer, keys, pair
from .filler import is_filler
from .glossary import TermMatch
from .parsing import ParsedQuery

BOOSTS = {"name": 1.5, "stem": 1.0, "section": 0.8}
TEXT_BOOSTS = {"stem": 1.0, "section": 0.8}  # for a term's words when it is not the query
SYNONYM_BOOSTS = {"name": 1.2, "stem": 0.8}
PHRASE_BONUS = 2.0
PAIR_BONUS = 0.6
DEFINES_BONUS = 8.0
INEXACT_SHARE = 0.5  # a name matched without its stop words ("end turn") counts half
MAIN_SHARE = 0.5  # a name telling this much of the query (by rarity) is what it asks about


def _everything(field: str, text: str) -> bool:
    return True


def _alike(lang: str, stems: frozenset) -> float:
    return 1.0


class Any(Q.Or):
    """Or, always as a tree of union matchers: Whoosh's default for small indexes preloads
    an array of 2048 scores per Or node, which costs more than the search itself here."""

    matcher_type = Q.Or.DEFAULT_MATCHER


class _Scores(matching.ArrayUnionMatcher):
    """Whoosh's array of scores, its array made and cleared at once rather than one element
    at a time in Python."""

    def __init__(self, submatchers, doccount, boost=1.0, scored=True, partsize=2048):
        matching.CombinationMatcher.__init__(self, submatchers, boost=boost)
        self._scored, self._doccount, self._partsize = scored, doccount, partsize
        self._zeros = array("d", bytes(8 * partsize))
        self._a = array("d", self._zeros)
        self._docnum = self._min_id()
        self._read_part()

    def _read_part(self):
        self._a[:] = self._zeros
        scored, boost, a = self._scored, self._boost, self._a
        offset = self._docnum
        limit = min(offset + self._partsize, self._doccount)
        for m in self._submatchers:
            while m.is_active() and m.id() < limit:
                if scored:
                    a[m.id() - offset] += m.score() * boost
                else:
                    a[m.id() - offset] = 1
                m.next()
        self._offset, self._limit = offset, limit


class Flat(Q.Or):
    """A sum of leaf queries, scored into one array of every document's score: on a small
    index, much cheaper than a tree of union matchers asked for every document's score in
    turn (the tree is what Whoosh's default does, or an array of 2048 per Or node)."""

    def _matcher(self, subs, searcher, context):
        scored = context.weighting is not None if context else True
        count = searcher.doc_count_all()
        return _Scores([q.matcher(searcher, context) for q in subs], count, boost=self.boost,
                       scored=scored, partsize=max(1, min(count, 2048)))


def flat(query):
    """query with its Any nodes (sums) made one Flat sum of their leaves, boosts multiplied
    through: the same scores, for an array matcher."""
    leaves: list = []

    def walk(node, factor: float) -> None:
        if isinstance(node, Any):
            for sub in node.subqueries:
                walk(sub, factor * node.boost)
        elif factor == 1.0:
            leaves.append(node)
        else:
            leaves.append(node.with_boost(node.boost * factor))

    if isinstance(query, Q.And):
        return Q.And([flat(sub) for sub in query.subqueries], boost=query.boost)
    if not isinstance(query, Any):
        return query
    walk(query, 1.0)
    return Flat(leaves) if len(leaves) > 1 else leaves[0]


class Built(named("Built", "query keys words about", defaults=((), ()))):
    __slots__ = ()
    # query: object  # a whoosh query
    # keys: frozenset[str]  # what the snippet marks
    # words: tuple[frozenset[str], ...] = ()  # each meaningful query word's stems (coverage)
    # about: tuple[tuple[RuleNumber, float], ...] = ()  # (a named term's topic, its share)


def topic(number: RuleNumber | str) -> RuleNumber:
    """The rule whose subrules share the topic of a term defined at number: a subrule's
    rule (phased out, defined at 702.25b, is what every rule of 702.25 is about), else the
    number itself."""
    if not isinstance(number, RuleNumber):
        number = RuleNumber.parse(number)
    return number.parent if number.depth >= 2 else number


def meaningful_positions(lang: str, words: list[str]) -> frozenset[int]:
    """The positions of the words that are neither stop words nor filler in lang (filler.py:
    "what happens if", "cosa succede"); of those that are not stop words when all are."""
    found = [i for i, w in enumerate(words) if keys(lang, w) is not None]
    content = [i for i in found if not is_filler(lang, words[i])]
    return frozenset(content or found)


def _one(clauses: list, kind=Any, boost: float = 1.0):
    """clauses as one query (None for none, the clause itself for one, boosted: Whoosh
    ignores the boost of a compound query of one subquery)."""
    if not clauses:
        return None
    if len(clauses) == 1:
        return clauses[0] if boost == 1.0 else clauses[0].with_boost(clauses[0].boost * boost)
    return kind(clauses, boost=boost)


def _word(lang: str, word: str, fields=BOOSTS, present: Present = _everything):
    """The word's stems in each of fields (its folded form only counts in phrases); None when
    the index holds none of them."""
    found = keys(lang, word)
    if found is None:
        return None
    spellings = []
    for key in sorted(found):
        if key.startswith("="):
            continue
        terms = [Q.Term(f"{field}_{lang}", key, boost=boost) for field, boost in fields.items()
                 if present(f"{field}_{lang}", key)]
        if terms:
            spellings.append(_one(terms))
    return _one(spellings)


@functools.lru_cache(maxsize=4096)
def _spellings(lang: str, text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """text's words as the exact field has them, and (first stem spelling) as stemmed."""
    exact = tuple(t.text for t in analyzer(lang, "exact")(text))
    stemmed = {}
    for token in analyzer(lang, "stem")(text, positions=True):
        stemmed.setdefault(token.pos, token.text)
    return exact, tuple(stemmed[p] for p in sorted(stemmed))


def _phrase(lang: str, text: str, fields=("stem",), boost: float = 1.0,
            present: Present = _everything, positions: bool = False):
    """text as a phrase in the exact field and (first stem spelling) the given fields. Two
    words are looked up as one pair token (analysis.pairs), unless positions is True."""
    exact, spelling = _spellings(lang, text)
    if len(exact) < 2:
        return None
    exact, spelling = list(exact), list(spelling)
    clauses = []
    if len(exact) == 2 and not positions:
        for kind, seq in (("exact", ["=" + w for w in exact]),
                          *((field, spelling) for field in fields)):
            token = pair(kind, *seq)
            if present(f"pairs_{lang}", token):
                clauses.append(Q.Term(f"pairs_{lang}", token))
        return _one(clauses, boost=boost)
    if all(present(f"exact_{lang}", w) for w in exact):
        clauses.append(Q.Phrase(f"exact_{lang}", exact))
    for field in fields:
        if all(present(f"{field}_{lang}", w) for w in spelling):
            clauses.append(Q.Phrase(f"{field}_{lang}", spelling))
    return _one(clauses, boost=boost)


def _alternatives(lang: str, forms, present: Present):
    """One query for several ways of saying one thing (a synonym entry's alternatives, a
    term's names), and every key they hold."""
    options, stems = [], set()
    for form in forms:
        parts = [_word(lang, w, SYNONYM_BOOSTS, present) for w in form]
        if len(form) > 1:
            parts.append(_phrase(lang, " ".join(form), boost=PAIR_BONUS, present=present))
        parts = [p for p in parts if p is not None]
        if parts:
            options.append(_one(parts))
        for word in form:
            stems |= keys(lang, word) or set()
    return _one(options), stems


def build(lang: str, parsed: ParsedQuery, matches: list[TermMatch], strict: bool = True,
          present: Present = _everything, weigh: Weigh = _alike,
          defines: tuple[str, ...] = ()) -> Built | None:
    """The query for documents in lang; None when no word of it means anything in lang.
    present(field, text) says whether the index holds a term (terms it lacks are left out);
    weigh(lang, stems) how telling a word is (a glossary name among other words is the
    question's main subject when its words tell at least MAIN_SHARE of the query's);
    defines, the rules of the whole CR an official glossary term sends to when the query is
    exactly its name (English only)."""
    words = [w.lower() for w in parsed.words]
    marks: set[str] = set()
    clauses, meaningful = [], []
    covers: dict[int, set[str]] = {}  # query word position -> stems that count as it
    content = meaningful_positions(lang, words)
    named = []  # (glossary match, whether it is the whole query, its share of the query)
    partly: set[int] = set()  # positions of words naming a term among other words
    for match in matches:
        if match.term.names.get(lang) is None:
            continue
        among = meaningful_positions(match.lang, words) | match.words
        share = len(match.words) / max(1, len(among))
        if match.lang == lang and share < 1:  # by what its words tell (weigh: rare words)
            told = {p: weigh(lang, frozenset(k for k in keys(lang, words[p]) or ()
                                             if not k.startswith("="))) for p in among}
            total = sum(told.values())
            main = total > 0 and sum(told[p] for p in match.words) >= MAIN_SHARE * total
        else:
            main = share >= 1
        named.append((match, share >= 1,
                      min(1.0, share) * (1.0 if match.exact else INEXACT_SHARE)))
        if not main:
            partly |= match.words
    for position, word in enumerate(words):
        if position not in content or keys(lang, word) is None:
            continue
        meaningful.append(word)
        marks |= keys(lang, word)
        covers[position] = {k for k in keys(lang, word) if not k.startswith("=")}
        clause = _word(lang, word, TEXT_BOOSTS if position in partly else BOOSTS, present)
        if clause is not None:
            clauses.append(clause)
    for span, entry in synonyms.find(lang, words):
        clause, found = _alternatives(lang, entry.alternatives, present)
        marks |= found
        if clause is not None:
            clauses.append(clause)
        for position in span:
            if position in covers:
                covers[position] |= {k for k in found if not k.startswith("=")}
    about = []
    for match, whole, share in named:
        name = match.term.names[lang]
        # the query is the name: the rule defining it comes first (and gets DEFINES_BONUS
        # when typed word for word, or in another language); else the rules of its topic,
        # unless the name is most of what the query says ("draw game")
        main = not (match.words & partly)
        about.extend((n if main else topic(n), share) for n in match.term.rules)
        forms = {name.name.lower(), *(v.lower() for v in name.variants)}
        if match.lang != lang and whole:  # named in another language: this one's names
            for form in forms:
                for word in form.split():
                    marks |= keys(lang, word) or set()
                phrase = _phrase(lang, form, fields=("name",), boost=PHRASE_BONUS,
                                 present=present)
                if phrase is not None:
                    clauses.append(phrase)
                elif form.strip():
                    clause = _word(lang, form.strip(), {"name": 3.0}, present)
                    if clause is not None:
                        clauses.append(clause)
        elif match.lang != lang:  # and among other words: its names as a synonym's words
            clause, found = _alternatives(lang, [tuple(f.split()) for f in sorted(forms)],
                                          present)
            marks |= found
            if clause is not None:
                clauses.append(clause)
            for position in match.words:
                covers.setdefault(position, set()).update(
                    k for k in found if not k.startswith("="))
        if whole and (match.exact or match.lang != lang):
            numbers = [Q.Term("number", str(n)) for n in match.term.rules]
            if numbers:
                clauses.append(Q.And([Q.Term("lang", lang), Q.Term("origin", "book"),
                                      Any(numbers)],
                                     boost=DEFINES_BONUS))
    if defines and lang == "en" and clauses:  # the query is an official glossary term's name
        clauses.append(Q.And([Q.Term("origin", "cr"), Any([Q.Term("number", n)
                                                          for n in defines])],
                             boost=DEFINES_BONUS))
    if not clauses:
        return None
    if len(meaningful) > 1:
        whole_phrase = _phrase(lang, " ".join(meaningful), fields=(), boost=PHRASE_BONUS,
                               present=present)
        if whole_phrase is not None:
            clauses.append(whole_phrase)
    if len(meaningful) > 2:  # every two consecutive words as a phrase, a small bonus
        for first, second in zip(meaningful, meaningful[1:]):
            together = _phrase(lang, f"{first} {second}", boost=PAIR_BONUS, present=present)
            if together is not None:
                clauses.append(together)
    query = _one(clauses)
    if strict and parsed.phrases:
        required = [_phrase(lang, " ".join(p), fields=("stem", "name"), positions=True)
                    for p in parsed.phrases]
        required = [r for r in required if r is not None]
        if required:
            query = Q.And(required + [query])
    stems_of = tuple(frozenset(covers[p]) for p in sorted(covers))
    return Built(query, frozenset(marks), stems_of, tuple(about))
