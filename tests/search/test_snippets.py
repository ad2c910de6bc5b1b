"""Snippets: the matched words are marked, exactly those whose keys the query wants, though
only the words that could match are stemmed."""

from hypothesis import given, settings, strategies as st

from tolaria.search.analysis import WORD, keys
from tolaria.search.snippets import snippet

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
