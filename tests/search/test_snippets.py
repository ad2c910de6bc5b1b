"""Snippets: the matched words are marked, exactly those whose keys the query wants, though
only the words that could match are stemmed."""

import time

from hypothesis import given, settings, strategies as st

from tolaria.search.analysis import WORD, keys
from tolaria.search.snippets import densest, snippet

LETTERS = "abcdefghijklmnopqrstuvwxyzáéíóúàèìòùñç"
WORDS = st.text(LETTERS, min_size=1, max_size=12)
# words of the rules and number words among random ones, in any case
SOME = st.one_of(WORDS, st.sampled_from([
    "Fase", "fuera", "siete", "seven", "dieci", "Phasing", "phased", "cleanup", "limpieza",
    "mano", "manos", "maná", "turno", "turni", "7", "10", "Die", "dying", "skies", "ugly"]))


def _marked(lang, text, wanted):
    """Every word whose keys meet wanted, found the plain way: each word stemmed."""
    flat = " ".join(text.split())
    return [m.group() for m in WORD.finditer(flat)
            if not (keys(lang, m.group()) or frozenset()).isdisjoint(wanted)]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["en", "es", "it"]), st.lists(SOME, min_size=1, max_size=25),
       st.lists(SOME, min_size=1, max_size=4))
def test_the_marked_words_are_those_the_query_wants(lang, text_words, query_words):
    text = " ".join(text_words)
    wanted = frozenset().union(*(keys(lang, w) or frozenset() for w in query_words))
    shown, marks = snippet(lang, text, wanted, width=10_000)
    assert [shown[start:end] for start, end in marks] == _marked(lang, text, wanted)


def test_a_long_text_is_cut_around_the_matched_words():
    text = "filler " * 60 + "the phased out permanent " + "filler " * 60
    shown, marks = snippet("en", text, keys("en", "phased"), width=80)
    assert shown.startswith("… ") and shown.endswith(" …") and len(shown) <= 90
    assert [shown[s:e] for s, e in marks] == ["phased"]


def test_a_number_word_is_marked_for_its_digits():
    shown, marks = snippet("es", "Descarta hasta siete cartas.", keys("es", "7"))
    assert [shown[s:e] for s, e in marks] == ["siete"]


def _densest_plainly(spans, width):
    """The window of the most whole matched words, counted for each start (quadratic)."""
    best, best_count = spans[0][0], 0
    for first, _ in spans:
        count = sum(1 for s, e in spans if first <= s and e <= first + width)
        if count > best_count:
            best, best_count = first, count
    return best


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 30), st.integers(1, 25)), min_size=1, max_size=40),
       st.integers(1, 120))
def test_the_densest_window_is_found_in_one_pass(gaps_and_lengths, width):
    spans, end = [], 0
    for gap, length in gaps_and_lengths:  # words in text order, never overlapping
        start = end + gap
        spans.append((start, start + length))
        end = start + length + 1
    assert densest(spans, width) == _densest_plainly(spans, width)


def test_a_huge_text_full_of_matches_is_cut_in_linear_time():
    # 300 kB where every third word matches: comparing every match with every other
    # (45,000 matches) takes minutes; one pass takes well under a second
    text = "the phased out permanent " * 12_000
    start = time.perf_counter()
    shown, marks = snippet("en", text, keys("en", "phased") | keys("en", "permanent"))
    assert time.perf_counter() - start < 3.0
    assert shown.startswith("the phased out") and shown.endswith(" …") and len(marks) > 10
