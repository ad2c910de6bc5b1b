"""Words: accents, plurals, phrases, typos, ranking, across languages, snippets, JSON."""

import pytest

from tolaria import i18n
from tolaria.search import search


def key(hit):
    """A hit's number in this rulebook (the sets name covered rules so: 702.25b is shown
    as today's 702.26b), "cr:" and its number for a rule of the whole CR."""
    return f"cr:{hit.number}" if hit.english_only else hit.rulebook_number or hit.number


def first(book, query, lang="en"):
    hits = search(book, query, lang, limit=5)
    return key(hits[0]) if hits else None


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
    numbers = [key(h) for h in search(book, "cleanup step", "en")]
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
    assert key(hits[0]) == number


def test_lang_all_searches_every_language(book):
    hits = search(book, "phased out", "all", limit=20)
    assert {h.lang for h in hits} == {"en", "es", "it"}
    assert (key(hits[0]), hits[0].lang) == ("702.25b", "en")


@pytest.mark.parametrize("query, lang, number", [
    ("phasing", "en", "702.25"), ("fuera de fase", "es", "702.25b"),
    ("fuori fase", "it", "702.25b"), ("paso de limpieza", "es", "514"),
    ("sottofase di cancellazione", "it", "514"),
])
def test_lang_all_puts_the_query_language_first(book, query, lang, number):
    hits = search(book, query, "all", limit=10)
    assert (key(hits[0]), hits[0].lang) == (number, lang)
    assert {h.lang for h in hits} == {"en", "es", "it"}  # the others still follow


@pytest.mark.parametrize("interface", ["en", "es", "it"])
def test_lang_all_breaks_a_tie_by_the_interface_language(book, interface):
    i18n.set_language(interface)  # "mana" is a word of all three languages
    hits = search(book, "mana", "all", limit=3)
    assert [key(h) for h in hits] == ["300.3"] * 3
    assert hits[0].lang == interface


def test_a_quoted_phrase_must_be_there(book):
    hits = search(book, '"fuera de fase"', "es", limit=50)
    assert hits and all("fuera de fase" in h.snippet.lower() or key(h).startswith("702.25")
                        for h in hits)
    loose = search(book, "fuera fase", "es", limit=50)
    assert len(loose) >= len(hits)


@pytest.mark.parametrize("query, lang, number, searched", [
    ("fasing", "en", "702.25", "phasing"),  # f for ph
    ("phasin", "en", "702.25", "phasing"),  # "phase" is as near by letters, not by edits
    ("phasng", "en", "702.25", "phasing"),
    ("clenaup", "en", "514", "cleanup"),  # two letters swapped
    ("poisn conters", "en", "104.3d", "poison counters"),
    ("limpiesa", "es", "514", "limpieza"),  # z and s sound alike
    ("lmpieza", "es", "514", "limpieza"),
    ("finalisacion", "es", "512", "finalizacion"),  # as "finalización": 512.1 first
    ("cancelazione", "it", "514", "cancellazione"),  # a double letter single
    ("sotofasi di cancellazione", "it", "514", "sottofasi di cancellazione"),
    ("fasing", "it", "702.25", "phasing"),  # a glossary name of another language
])
def test_typos_are_read_as_the_closest_indexed_word(book, query, lang, number, searched):
    hits = search(book, query, lang, limit=5)
    assert key(hits[0]).startswith(number) and hits[0].lang == lang
    assert key(hits[0]) == first(book, searched, lang)  # as if typed right
    assert hits.fallback == "fuzzy" and hits.searched == searched


def test_a_typo_with_lang_all_finds_its_own_language_first(book):
    hits = search(book, "fasing", "all", limit=5)
    assert (key(hits[0]), hits[0].lang) == ("702.25", "en")


def test_only_unknown_words_are_corrected(book):
    hits = search(book, "phasin out", "en", limit=3)
    assert hits.corrections == (("phasin", "phasing"),)
    assert key(hits[0]) == "702.25b"
    exact = search(book, "phase", "en")  # a word the index knows is never corrected
    assert exact.fallback is None and exact.corrections == ()
    assert search(book, "zzzzqqq", "en") == []  # nothing near: no answer at all


def test_snippet_marks_the_matched_words(book):
    hit = search(book, "fuera de fase", "es")[0]
    marked = hit.marked("[", "]")
    assert "[fuera] de [fase]" in marked
    assert hit.to_json()["snippet"].count("**") == 2 * len(hit.marks)
    assert set(hit.to_json()) - {"rulebook_number"} == {"number", "lang", "title", "snippet",
                                                      "score"}


def test_results_are_best_first(book):
    scores = [h.score for h in search(book, "end of turn", "en", limit=20)]
    assert scores == sorted(scores, reverse=True)


def test_a_quoted_phrase_without_exact_match_says_it_fell_back(book):
    exact = search(book, '"poison counters"', "en")
    assert exact and not exact.phrase_missed and exact.fallback is None
    loose = search(book, '"counters poison"', "en")
    assert loose and loose.phrase_missed and loose.fallback == "loose"
    assert key(loose[0]) == "104.3d"
    assert not search(book, "counters poison", "en").phrase_missed  # no quotes


@pytest.mark.parametrize("query, lang, number", [
    ("priority during cleanup", "en", "514.3"),  # 514.3 above 717.1f, which mentions it
    ("prioridad en el paso de limpieza", "es", "514.3"),
    ("end of turn step", "en", "513"),  # the End Step's obsolete name
    ("draw game", "en", "104.4"),
    ("fuori fase", "it", "702.25b"),
    ("end the turn", "en", "717.1"),  # not the obsolete "at end of turn" (513.1a)
])
def test_the_defining_rule_comes_first(book, query, lang, number):
    assert first(book, query, lang) == number


def test_rules_under_a_named_term_rank_higher(book):
    numbers = [key(h) for h in search(book, "triggered ability during cleanup step", "en")]
    assert numbers.index("514.3a") < 5 and numbers.index("514.3") < 3


@pytest.mark.parametrize("query, lang, number, unwanted", [
    ("limite di mano", "it", "514.1", {"300.3"}),  # mano: hand
    ("maná", "es", "300.3", {"514.1", "514"}),  # maná: mana
    ("mana burn", "es", "300.3", {"514.1", "104.4", "514"}),
    ("mana", "it", "300.3", {"514.1", "514"}),
    ("manos", "es", "514.1", {"300.3"}),
])
def test_hand_and_mana_are_different_words(book, query, lang, number, unwanted):
    numbers = [key(h) for h in search(book, query, lang, limit=3)]
    assert numbers[0] == number and not unwanted & set(numbers)


@pytest.mark.parametrize("query, lang, number", [
    # a term named among other words: the question is about the term, the answer is the
    # rule of its topic holding the other words, not the rule defining the term
    ("does the aura phase out with the creature", "en", "702.25g"),
    ("equipos salen de fase con la criatura", "es", "702.25g"),
    ("pedine phasing", "it", "702.25j"),  # and the same across languages
    ("tokens phasing", "es", "702.25d"),  # not the section of Phasing
])
def test_a_term_among_other_words_is_the_topic_not_the_answer(book, query, lang, number):
    assert first(book, query, lang) == number


def test_a_term_that_is_most_of_the_query_still_finds_its_definition(book):
    assert first(book, "draw game", "en") == "104.4"  # "game" tells little
    assert first(book, "phasing", "it") == "702.25"


def test_the_topic_of_a_term_defined_by_a_subrule_is_its_rule():
    from tolaria.search.query import topic

    assert [str(topic(n)) for n in ("702.25b", "513.1a", "514", "104.4")] == \
        ["702.25", "513.1", "514", "104.4"]


def test_rare_words_count_more_for_coverage(book):
    from tolaria.search import engine_for

    weight = engine_for(book)._weight
    assert weight("en", frozenset({"conced"})) > weight("en", frozenset({"turn"}))
    assert weight("es", frozenset({"upkeep"})) == 0.0  # in no Spanish rule
    numbers = [key(h) for h in search(book, "concede during my opponent's turn", "en",
                                        limit=3)]
    assert "104.3a" in numbers  # it was below three rules that merely say "turn"


@pytest.mark.parametrize("query, lang, number", [
    ("trigger en el cleanup", "es", "514.3a"),  # English jargon in Spanish
    ("i token phasati", "it", "702.25j"),
    ("can we ID", "en", "104.4i"),
    ("se todos pierden a la vez", "es", "104.4a"),
    ("nello stesso momento perdono tutti", "it", "104.4a"),
])
def test_jargon_and_everyday_wording_find_the_rule(book, query, lang, number):
    assert first(book, query, lang) == number


def test_a_bonus_on_a_single_clause_is_kept(book):
    """Whoosh ignores the boost of an Or of one subquery: the whole query as a phrase must
    still count PHRASE_BONUS times."""
    from tolaria.search import engine_for
    from tolaria.search.query import PHRASE_BONUS, _phrase

    whole = _phrase("en", "cleanup step", fields=(), boost=PHRASE_BONUS)
    searcher = engine_for(book).searcher()
    boosted = searcher.search(whole, limit=1)[0].score
    plain = searcher.search(whole.with_boost(1.0), limit=1)[0].score
    assert boosted == pytest.approx(PHRASE_BONUS * plain)
