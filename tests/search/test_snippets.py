"""Snippets: the matched words are marked, exactly those whose keys the query wants, though
only the words that could match are stemmed."""

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


class _Counted(list):
    """Matches whose reads by index are counted."""

    reads = 0

    def __getitem__(self, index):
        _Counted.reads += 1
        return super().__getitem__(index)


def test_a_huge_text_full_of_matches_is_cut_in_one_pass(monkeypatch):
    # 300 kB where every third word matches: the densest window is found reading each of
    # the 24,000 matches a bounded number of times, not once per other match
    from tolaria.search import snippets

    real, seen = snippets.densest, []

    def counted(spans, width):
        seen.append(len(spans))
        return real(_Counted(spans), width)

    monkeypatch.setattr(snippets, "densest", counted)
    _Counted.reads = 0
    text = "the phased out permanent " * 12_000
    shown, marks = snippet("en", text, keys("en", "phased") | keys("en", "permanent"))
    assert seen and seen[0] > 20_000 and _Counted.reads <= 2 * seen[0] + 2
    assert shown.startswith("the phased out") and shown.endswith(" …") and len(marks) > 10
