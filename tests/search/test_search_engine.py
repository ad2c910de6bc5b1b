"""engine.alternate: how a query of game words only mixes the covered and the English rules;
engine._own_names: which glossary names a query in one language holds."""

from hypothesis import given
from hypothesis import strategies as st

from tolaria.search.engine import alternate


@given(st.lists(st.integers()), st.lists(st.text(max_size=2)))
def test_alternate_takes_turns_then_keeps_the_longer_ones_rest(first, second):
    out = alternate(first, second)
    shorter = min(len(first), len(second))
    assert out[0:2 * shorter:2] == first[:shorter]
    assert out[1:2 * shorter:2] == second[:shorter]
    assert out[2 * shorter:] == first[shorter:] + second[shorter:]


def test_a_name_of_another_language_that_is_a_word_of_this_one_is_not_its_name(whole_book):
    """Italian "fase" (phasing) is the Spanish word for a phase: a Spanish question about
    the beginning phase is none about phasing. English names stay ("phasing" typed in a
    Spanish question)."""
    from tolaria.search import engine_for, search

    engine = engine_for(whole_book)
    words = "fase inicial del turno".split()
    found = engine.glossary.find(tuple(words))
    assert ("it", "phasing") in {(m.lang, m.term.id) for m in found}
    assert engine._own_names(found, words, "es") == [m for m in found if m.lang == "es"]
    assert not any(h.number.startswith("702.26")
                   for h in search(whole_book, " ".join(words), "es", limit=4))
    words = "phasing de mi criatura".split()
    assert {(m.lang, m.term.id) for m in engine._own_names(
        engine.glossary.find(tuple(words)), words, "es")} == {("en", "phasing")}
