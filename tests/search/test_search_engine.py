"""engine.alternate: how a query of game words only mixes the covered and the English rules."""

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
