"""Any input string gives results or a clear message: never a traceback, never slow."""

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tolaria.errors import UserError
from tolaria.search import search
from tolaria.search.parsing import MAX_CHARS, MAX_WORD, MAX_WORDS, QueryError, parse


def _answer(book, query, lang="en"):
    try:
        hits = search(book, query, lang, limit=5)
    except UserError as exc:  # a clear message
        assert str(exc) and "\n" not in str(exc)
        return None
    assert isinstance(hits, list) and len(hits) <= 5
    return hits


@pytest.mark.parametrize("query", ["", "   ", "*", "?", "AND", "OR NOT", "( ) : + - ~ ^",
                                   '"', '""', '" "', "***", "\x00\x01\x1b\x7f", "\u200b\ufeff"])
def test_nothing_to_search_for_is_a_clear_message(book, query):
    with pytest.raises(UserError) as info:
        search(book, query, "en")
    assert "nothing to search for" in str(info.value) or "not a rule number" in str(info.value)


def test_a_bare_star_never_lists_the_index(book):
    with pytest.raises(QueryError):
        search(book, "*", "all", limit=1000)


@pytest.mark.parametrize("query", ['"fuera de fase', 'fuera "de fase', 'cleanup" step"',
                                   "cleanup\x00step", "cleanup\tstep\nnow", "cléanup*",
                                   "phas*", "702.25b phasing", "AND cleanup OR"])
def test_odd_but_meaningful_queries_still_answer(book, query):
    assert _answer(book, query, "all") is not None


def test_huge_input_is_bounded_and_fast(book):
    query = ("phasing " * 20000)[:100_000]
    start = time.perf_counter()
    hits = search(book, query, "en")
    assert hits and hits[0].number.startswith("702.26")
    assert len(parse(query).text) <= MAX_CHARS
    assert time.perf_counter() - start < 2.0


@pytest.mark.parametrize("token", ["a" * 100_000, "phasing" * 15_000, "x" * 100_000])
def test_one_huge_token_is_cut_and_answered_fast(book, token):
    start = time.perf_counter()
    assert parse(token).words == (token[:MAX_WORD],)
    assert _answer(book, token, "all") == []  # no rule has such a word, nor one near it
    assert time.perf_counter() - start < 1.0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(st.text(max_size=300), st.sampled_from(["en", "es", "it", "all"]))
def test_any_string_gives_results_or_a_clear_message(book, query, lang):
    _answer(book, query, lang)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(['"', "*", "(", ")", "AND", "OR", "NOT", ":", "~", "-", "104",
                                 ".3b", "fase", "phasing", "\x00", "\u0301", "é", " "]),
                max_size=30).map("".join))
def test_operator_soup_never_breaks(book, query):
    _answer(book, query, "all")


def test_a_long_question_keeps_its_first_max_words_words():
    """Stop words count too: a question of 40 words keeps its first MAX_WORDS (32), so a
    question of 20 words keeps its last ones, which often say what it asks."""
    words = [f"w{n}" for n in range(40)]
    assert parse(" ".join(words)).words == tuple(words[:MAX_WORDS])
    assert parse(" ".join(words[:20])).words == tuple(words[:20])  # 20 words: all kept
