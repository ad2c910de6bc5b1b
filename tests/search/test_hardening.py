"""Any input string gives results or a clear message: never a traceback, never slow."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tolaria.errors import UserError
from tolaria.search import engine_for, search, spelling
from tolaria.search.parsing import MAX_CHARS, MAX_WORD, MAX_WORDS, QueryError, parse
from tolaria.search.protocol import SearchEngine


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


class _Recording(SearchEngine):
    """The engine search() uses, noting every query that reaches it."""

    def __init__(self, engine):
        self.engine, self.parsed = engine, []

    def search(self, parsed, langs, limit=10, correct=True):
        self.parsed.append(parsed)
        return self.engine.search(parsed, langs, limit, correct)


def test_huge_input_is_cut_before_the_engine_and_still_answered(book):
    query = ("phasing " * 20000)[:100_000]
    recording = _Recording(engine_for(book))
    hits = search(book, query, "en", engine=recording)
    assert hits and hits[0].number.startswith("702.26")
    assert len(parse(query).text) <= MAX_CHARS
    assert recording.parsed and all(len(p.text) <= MAX_CHARS and len(p.words) <= MAX_WORDS
                                    for p in recording.parsed)


@pytest.mark.parametrize("token", ["a" * 100_000, "phasing" * 15_000, "x" * 100_000])
def test_one_huge_token_is_cut_before_the_engine_and_the_spelling(book, token, monkeypatch):
    """The engine (the index, the typo corrections' edit distances) only ever sees the token
    cut to MAX_WORD letters."""
    corrected, compared = [], []
    real_correct, real_distance = spelling.correct, spelling.distance

    def correct(word, *args, **kwargs):
        corrected.append(word)
        return real_correct(word, *args, **kwargs)

    def distance(a, b, most):
        compared.append((a, b))
        return real_distance(a, b, most)

    monkeypatch.setattr(spelling, "correct", correct)
    monkeypatch.setattr(spelling, "distance", distance)
    recording = _Recording(engine_for(book))
    assert parse(token).words == (token[:MAX_WORD],)
    assert search(book, token, "all", limit=5, engine=recording) == []  # no rule is near it
    assert recording.parsed and all(p.words == (token[:MAX_WORD],) for p in recording.parsed)
    assert all(word == token[:MAX_WORD].lower() for word in corrected), corrected
    assert all(len(a) <= MAX_WORD and len(b) <= MAX_WORD for a, b in compared)


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
