"""formats.json_text writes what json.dumps(data, ensure_ascii=False, indent=2) writes."""

import json

import pytest
from hypothesis import given, strategies as st

from tolaria_testing import REPO
from tolaria.formats.export import export_json, shown
from tolaria.formats.json_text import json_text
from tolaria.lookup import typed_numbers
from tolaria.today.loader import load_rulebook


def _json(data):
    return json.dumps(data, ensure_ascii=False, indent=2)


@pytest.mark.parametrize("data", [
    {}, [], (), "", 0, -12, True, False, None, {"a": []}, {"a": {}}, [[], {}, [()]],
    "quote \" backslash \\ slash / tab \t nul \x00 \x1f \x7f é ’ 😀 \u2028",
    {"k\n\"ey": ("x", 1, None)}, {"float": 1.5}, {1: "an int key"}, [float("nan")],
])
def test_as_json_writes_it(data):
    assert json_text(data) == _json(data)


def test_every_show_and_the_whole_export_as_json_writes_them():
    book = load_rulebook(REPO / "rules")
    data = [shown(book, typed_numbers(number), ["en", "es", "it"], links=True)
            for number in ("104", "104.3b", "702.25", "512-514")]
    assert json_text(data) == _json(data)
    whole = export_json(book)
    assert json_text(whole) == _json(whole)


def test_what_json_refuses_it_refuses():
    with pytest.raises(TypeError):
        json_text({"a": {1, 2}})


values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text() | st.floats(allow_nan=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=4),
    max_leaves=20)


@given(values)
def test_any_data_is_written_as_json_writes_it(data):
    assert json_text(data) == _json(data)
