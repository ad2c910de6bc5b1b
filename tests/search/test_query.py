"""Words: accents, plurals, phrases, typos, ranking, across languages, snippets, JSON."""

import pytest

from tolaria.search import search


def first(book, query, lang="en"):
    hits = search(book, query, lang, limit=5)
    return hits[0].number if hits else None


@pytest.mark.parametrize("query, lang, number", [
    ("fuera de fase", "es", "702.25b"),
    ("fase de finalizacion", "es", "512"),  # no accent typed
    ("fase de finalización", "es", "512"),
    ("turnos adicionales", "es", "300.6"),  # plural
    ("turno adicional", "es", "300.6"),
    ("priorita sottofase finale", "it", "513.1"),
    ("sottofasi di cancellazione", "it", "514"),  # plural of the title
    ("segnalini veleno", "it", "104.3d"),
    ("discard to hand size", "en", "514.1"),
    ("ten poison counters", "en", "104.3d"),
])
def test_words_find_the_rule(book, query, lang, number):
    assert first(book, query, lang) == number


def test_the_rule_that_defines_comes_before_those_that_mention(book):
    numbers = [h.number for h in search(book, "cleanup step", "en")]
    assert numbers[0] == "514"
    assert numbers.index("514") < numbers.index("717.1d")  # 717.1d mentions the cleanup step
    assert first(book, "paso de limpieza", "es") == "514"


@pytest.mark.parametrize("query, lang, number", [
    ("phasing", "it", "702.25"), ("mana burn", "es", "300.3"), ("mana burn", "it", "300.3"),
    ("cleanup step", "es", "514"), ("fuera de fase", "it", "702.25b"),
])
def test_across_languages_through_the_glossary(book, query, lang, number):
    hits = search(book, query, lang, limit=3)
    assert hits and hits[0].lang == lang
    assert number in [h.number for h in hits]


def test_lang_all_searches_every_language(book):
    hits = search(book, "phased out", "all", limit=20)
    assert {h.lang for h in hits} == {"en", "es", "it"}
    assert hits[0].number == "702.25b"


def test_a_quoted_phrase_must_be_there(book):
    hits = search(book, '"fuera de fase"', "es", limit=50)
    assert hits and all("fuera de fase" in h.snippet.lower() or h.number.startswith("702.25")
                        for h in hits)
    loose = search(book, "fuera fase", "es", limit=50)
    assert len(loose) >= len(hits)


def test_typos_fall_back_to_fuzzy_matching(book):
    assert first(book, "clenaup", "en") in ("514", "514.1", "512.1")
    assert first(book, "poisn conters", "en") == "104.3d"


def test_snippet_marks_the_matched_words(book):
    hit = search(book, "fuera de fase", "es")[0]
    marked = hit.marked("[", "]")
    assert "[fuera] de [fase]" in marked
    assert hit.to_json()["snippet"].count("**") == 2 * len(hit.marks)
    assert set(hit.to_json()) == {"number", "lang", "title", "snippet", "score"}


def test_results_are_best_first(book):
    scores = [h.score for h in search(book, "end of turn", "en", limit=20)]
    assert scores == sorted(scores, reverse=True)


def test_a_quoted_phrase_without_exact_match_says_it_fell_back(book):
    exact = search(book, '"poison counters"', "en")
    assert exact and not exact.phrase_missed and exact.fallback is None
    loose = search(book, '"counters poison"', "en")
    assert loose and loose.phrase_missed and loose.fallback == "loose"
    assert loose[0].number == "104.3d"
    assert not search(book, "counters poison", "en").phrase_missed  # no quotes
