"""search/postings.py: the best documents taken from one array of scores, with each term's and
phrase's scored postings kept in memory, are those Whoosh's own collector gives, with the
same scores: for a sum of leaves, an And of sums and leaves, and one leaf, on any corpus."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from whoosh import collectors, fields
from whoosh import query as Q
from whoosh.filedb.filestore import RamStorage

from tolaria.search.postings import PostingsCache, top
from tolaria.search.query import Any, flat

WORDS = ("draw", "lose", "game", "turn", "phase", "step", "cleanup")
KINDS = ("book", "cr")

documents = st.lists(st.tuples(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8),
                               st.sampled_from(KINDS)), min_size=1, max_size=30)
boosts = st.sampled_from([1.0, 0.5, 2.0, 3.0])
terms = st.builds(lambda word, boost: Q.Term("body", word, boost=boost),
                  st.sampled_from(WORDS), boosts)
phrases = st.builds(lambda words: Q.Phrase("body", list(words)),
                    st.lists(st.sampled_from(WORDS), min_size=2, max_size=3))
leaves = st.one_of(terms, phrases)
sums = st.builds(lambda subs, boost: Any(subs, boost=boost),
                 st.lists(st.one_of(leaves, st.builds(Any, st.lists(leaves, min_size=1,
                                                                     max_size=3))),
                          min_size=1, max_size=5), boosts)
# an And of two parts: a filter on a field, or a phrase the query must hold, and a sum
ands = st.builds(lambda first, second: Q.And([first, second]),
                 st.one_of(st.builds(Q.Term, st.just("kind"), st.sampled_from(KINDS)),
                           phrases), sums)
queries = st.one_of(leaves, sums, ands)


def index_of(docs):
    schema = fields.Schema(body=fields.TEXT(phrase=True), kind=fields.ID)
    ix = RamStorage().create_index(schema)
    writer = ix.writer()
    for words, kind in docs:
        writer.add_document(body=" ".join(words), kind=kind)
    writer.commit()
    return ix


def whooshs(query, searcher, n):
    """Whoosh's n best as the engine's fallback asks for them on a small index (several
    segments, or deletions): without block-quality skipping, and without the rebuilding of
    the matcher tree every few matches (replace), which may leave out a better document (an
    And of a filter and a sum that names one term twice, at n=1)."""
    collector = collectors.TopCollector(n, usequality=False, replace=0)
    searcher.search_with_collector(query, collector)
    return [(score, docnum) for score, docnum in collector.results().top_n]


@settings(max_examples=150, deadline=None)
@given(documents, queries, st.integers(1, 12))
def test_the_one_array_top_is_whooshs_collector(docs, query, n):
    with index_of(docs).searcher() as searcher:
        made = flat(query)
        want = [(score, docnum) for score, docnum in whooshs(made, searcher, n) if score > 0]
        kept = PostingsCache()
        assert top(kept.replace_terms(made, searcher), searcher, n) == want
        assert top(made, searcher, n) == want  # the leaves read by their own matchers
        assert top(kept.replace_terms(made, searcher), searcher, n) == want  # kept, read again


def test_an_and_keeps_only_the_documents_every_part_matched():
    ix = index_of([(["draw", "game"], "cr"), (["draw", "draw"], "book"), (["lose"], "cr"),
                   (["game", "lose"], "cr")])
    with ix.searcher() as searcher:
        query = flat(Q.And([Q.Term("kind", "cr"), Any([Q.Term("body", "draw"),
                                                       Q.Term("body", "game")])]))
        found = top(PostingsCache().replace_terms(query, searcher), searcher, 10)
        assert sorted(docnum for _score, docnum in found) == [0, 3]
        assert found == whooshs(query, searcher, 10)
