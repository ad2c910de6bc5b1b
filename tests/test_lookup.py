"""Rule numbers as people type them: one reader for the command line and search."""

import doctest

import pytest
from hypothesis import given, strategies as st

from tolaria import lookup as module
from tolaria.errors import UserError
from tolaria.lookup import typed_number, typed_numbers


def test_doctests():
    result = doctest.testmod(module)
    assert result.attempted and not result.failed


@pytest.mark.parametrize("text, expected", [
    ("104.3b", ["104.3b"]), ("Rule 104.3B", ["104.3b"]), ("r104.3b", ["104.3b"]),
    ("regla 104,3b", ["104.3b"]), ("regola 104.3.", ["104.3"]), ("104", ["104"]),
    ("512-514", ["512", "513", "514"]), ("104.3a–c", ["104.3a", "104.3b", "104.3c"]),
])
def test_what_people_type(text, expected):
    assert [str(n) for n in typed_numbers(text)] == expected


@pytest.mark.parametrize("text, message", [
    ("104.3l", "'104.3l' is not a rule number"),
    ("104.3-d", "'104.3-d' is not a rule number"),
    ("104.3b-104.4a", "'104.3b-104.4a' is not a range"),
    ("514-104", "'514-104' is not a range"),
    ("100-999", "the range 100-999 is too long"),
])
def test_a_number_shaped_mistake_is_one_clear_line(text, message):
    with pytest.raises(UserError) as caught:
        typed_numbers(text)
    assert str(caught.value).startswith(message)


def test_exactly_one_number():
    assert str(typed_number("rule 104.3B")) == "104.3b"
    for text in ("512-514", "fuera de fase"):
        with pytest.raises(UserError, match="is not a rule number"):
            typed_number(text)


@given(st.text(max_size=60))
def test_any_text_is_numbers_none_or_a_clear_error(text):
    try:
        numbers = typed_numbers(text)
    except UserError as error:
        assert "\n" not in str(error)
        return
    assert numbers is None or (numbers and len(numbers) <= module.MAX_RANGE)
