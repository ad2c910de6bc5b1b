"""Scored postings kept in memory: each term's documents and BM25F scores, read once.

For an open index, a term's postings and their scores never change: Whoosh would still read
them from disk, decode them and score every posting again for every query that holds the
term (most of a search on the rulebook). So a Term query (and a Phrase) is answered once by Whoosh's own
matcher and scorer, its (documents, scores) kept, and given back to Whoosh as a list
matcher (whose score is the kept score) in later queries. Only for an index of a single
segment (the rulebook's is: written in one commit), whose document numbers are its own.
"""

from __future__ import annotations

import heapq
from array import array
from itertools import compress

from whoosh import matching
from whoosh import query as Q

MAX_POSTINGS = 5_000_000  # postings kept, all terms together (12 bytes each: 60 MB at most)


class Scored(Q.Query):
    """A term's documents with their scores, computed beforehand (a leaf query)."""

    def __init__(self, fieldname: str, text: str, ids: array, scores: array,
                 boost: float = 1.0):
        self.fieldname, self.text = fieldname, text
        self.ids, self.scores = ids, scores
        self.boost = boost

    def __repr__(self):
        return f"{type(self).__name__}({self.fieldname!r}, {self.text!r}, boost={self.boost})"

    def __eq__(self, other):
        return (type(other) is type(self) and other.fieldname == self.fieldname
                and other.text == self.text and other.boost == self.boost)

    def __hash__(self):
        return hash((self.fieldname, self.text, self.boost))

    def is_leaf(self):
        return True

    def estimate_size(self, ixreader):
        return len(self.ids)

    def matcher(self, searcher, context=None):
        if not self.ids:
            return matching.NullMatcher()
        found = matching.ListMatcher(self.ids, weights=self.scores)  # read, never changed
        return found if self.boost == 1.0 else matching.WrappingMatcher(found, self.boost)


class PostingsCache:
    """Each term's (documents, scores) in one searcher, read on first use."""

    def __init__(self):
        self._held: dict[tuple[str, str], tuple[array, array]] = {}
        self._postings = 0

    def clear(self) -> None:
        self._held.clear()
        self._postings = 0

    def scored(self, searcher, fieldname: str, text, query=None) -> tuple[array, array]:
        """The documents and scores of Term(fieldname, text), or of query (a phrase: text
        is then its words) at boost 1."""
        held = self._held.get((fieldname, text))
        if held is None:
            ids, scores = array("i"), array("d")
            query = query or Q.Term(fieldname, text)
            found = query.matcher(searcher, searcher.context())
            while found.is_active():
                ids.append(found.id())
                scores.append(found.score())
                found.next()
            if self._postings + len(ids) > MAX_POSTINGS:
                self.clear()
            self._postings += len(ids)
            held = self._held[(fieldname, text)] = (ids, scores)
        return held

    def replace_terms(self, query, searcher):
        """query with the Term leaves of its top-level sum (or of And's parts) answered
        from memory; other queries (phrases) as they are."""
        if isinstance(query, Q.And):
            return Q.And([self.replace_terms(q, searcher) for q in query.subqueries],
                         boost=query.boost)
        if isinstance(query, Q.Or):
            return type(query)([self._leaf(q, searcher) for q in query.subqueries],
                               boost=query.boost)
        return self._leaf(query, searcher)

    def _leaf(self, query, searcher):
        if type(query) is Q.Phrase and query.slop == 1:  # phrases too: slow on many documents
            words = tuple(query.words)
            ids, scores = self.scored(searcher, query.fieldname, words,
                                      Q.Phrase(query.fieldname, list(words)))
            return Scored(query.fieldname, words, ids, scores, query.boost)
        if type(query) is not Q.Term:
            return query
        ids, scores = self.scored(searcher, query.fieldname, query.text)
        return Scored(query.fieldname, query.text, ids, scores, query.boost)


def top(query, searcher, n: int) -> list[tuple[float, int]]:
    """The n best (score, document) of a query made flat (query.flat: a sum of leaves, an
    And of such sums and leaves, or one leaf) in an atomic searcher with no deletions, best
    first (ties: the lower document first), as Whoosh's TopCollector would give them: every
    leaf's scores are added into one array of every document's score (kept postings straight
    from memory) and the best taken from it, rather than the collector asking each matching
    document in turn, which costs most of a query that matches thousands of documents (an
    index of every edition, or the whole CR a Spanish question is also read in). An And's
    parts are each summed so; a document every part matched gets their scores added (_tree,
    as the site's search adds them: for two parts, which is what queries make, exactly as
    Whoosh's intersection does)."""
    count = searcher.doc_count_all()
    context = searcher.context()
    if isinstance(query, Q.And):
        parts = [_summed(part, searcher, context, count, set())
                 for part in query.subqueries]
        scores = array("d", bytes(8 * count))
        for docnum in parts[0][1].intersection(*(held for _sums, held in parts[1:])):
            total = _tree([sums[docnum] for sums, _held in parts])
            scores[docnum] = total if query.boost == 1.0 else total * query.boost
    else:
        scores = _summed(query, searcher, context, count)[0]
    # the documents scored (compress: those of a score other than 0), best first; nlargest
    # keeps equal scores in the order given, the lower document first
    scored = [docnum for docnum in compress(range(count), scores) if scores[docnum] > 0]
    return [(scores[docnum], docnum)
            for docnum in heapq.nlargest(n, scored, key=scores.__getitem__)]


def _summed(query, searcher, context, count: int,
            held: set | None = None) -> tuple[array, set | None]:
    """Every document's score for a sum of leaves (query.Flat) or one leaf, each leaf's
    scores added in turn; and the documents matched, into held when one is given."""
    leaves, boost = (query.subqueries, query.boost) if isinstance(query, Q.Or) else \
        ((query,), 1.0)
    scores = array("d", bytes(8 * count))
    for leaf in leaves:
        if isinstance(leaf, Scored):
            factor = boost * leaf.boost
            for docnum, score in zip(leaf.ids, leaf.scores):
                scores[docnum] += score * factor
            if held is not None:
                held.update(leaf.ids)
            continue
        found = leaf.matcher(searcher, context)
        while found.is_active():
            docnum = found.id()
            scores[docnum] += found.score() * boost
            if held is not None:
                held.add(docnum)
            found.next()
    return scores, held


def _tree(values: list[float]) -> float:
    """values added in a binary tree of the order given (whoosh.util.make_binary_tree):
    the halves' sums, each made the same way."""
    if len(values) <= 2:
        return values[0] + values[1] if len(values) == 2 else values[0]
    half = len(values) // 2
    return _tree(values[:half]) + _tree(values[half:])
