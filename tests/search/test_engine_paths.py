"""The fast path of a small index (one array of scores, terms' scored postings kept in
memory, no matcher replacing) gives exactly what Whoosh's own path gives."""

import pytest

from tolaria.search import engine as engine_module
from tolaria.search import engine_for, search
from tolaria.search.snippets import snippet

QUERIES = [
    ("cleanup step", "en"), ("what happens if my life total is 0", "en"),
    ("does the aura phase out with the creature", "en"), ("10 poison counters", "en"),
    ("fuera de fase", "es"), ("trigger en el cleanup", "es"), ("mana burn", "es"),
    ("i token phasati", "it"), ("priorita sottofase finale", "it"),
    ('"poison counters"', "en"), ('"counters poison"', "en"), ("fasing", "it"),
    ("phased out", "all"), ("paso de limpieza", "all"),
]


def _results(book):
    return [[(h.number, h.lang, round(h.score, 6), h.snippet, h.marks)
             for h in search(book, query, lang, limit=20)] for query, lang in QUERIES]


def test_the_fast_path_ranks_and_scores_as_whoosh_does(book, monkeypatch):
    fast = _results(book)
    assert all(fast)
    monkeypatch.setattr(engine_module, "SKIPPING_ABOVE", 0)  # as a large index: Whoosh's way
    assert _results(book) == fast


def test_what_an_engine_remembers_is_forgotten_when_it_closes(book):
    engine = engine_for(book)
    before = [h.number for h in search(book, "trigger en el cleanup", "es")]
    assert engine._postings._held and engine._held and engine._documents
    engine.close()
    assert not engine._postings._held and not engine._held and not engine._documents
    assert [h.number for h in search(book, "trigger en el cleanup", "es")] == before


def test_a_snippet_marks_only_what_its_query_matched():
    text = "If a permanent phases out, its status changes to phased out."
    first, marks = snippet("en", text, frozenset({"phase"}))
    assert [first[a:b] for a, b in marks] == ["phases", "phased"]
    again, marks = snippet("en", text, frozenset({"status"}))  # the same text, kept
    assert again == first and [again[a:b] for a, b in marks] == ["status"]
