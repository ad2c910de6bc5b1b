import doctest

import pytest
from hypothesis import given, strategies as st

from tolaria import numbering
from tolaria.numbering import LETTERS, BadNumber, RuleNumber, expand_range, find_references


def test_doctests():
    result = doctest.testmod(numbering)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("text", ["104", "104.3", "104.3b", "702.25p", "104.10", "104.3."])
def test_parse_accepts_cr_numbers(text):
    assert str(RuleNumber.parse(text)) == text.rstrip(".")


@pytest.mark.parametrize("text", ["", "1", "10", "1040", "104..", "104.3l", "104.3o", "104.0",
                                  "104.3bb", "104.3B", "abc", "104-3", "099.1", "104.03"])
def test_parse_rejects_what_the_cr_never_writes(text):
    with pytest.raises(BadNumber):
        RuleNumber.parse(text)


def test_numbers_sort_as_numbers_not_text():
    numbers = ["104.9", "104.10", "104", "104.3k", "104.3m", "104.3b", "103.1"]
    assert [str(n) for n in sorted(RuleNumber.parse(x) for x in numbers)] == [
        "103.1", "104", "104.3b", "104.3k", "104.3m", "104.9", "104.10"]


numbers = st.builds(RuleNumber, st.integers(100, 999),
                    st.one_of(st.none(), st.integers(1, 40)), st.sampled_from(LETTERS))
valid = numbers.map(lambda n: n if n.rule is not None or not n.letter else RuleNumber(n.section))


@given(valid)
def test_format_then_parse_is_identity(number):
    assert RuleNumber.parse(str(number)) == number


@given(valid, valid)
def test_order_agrees_with_the_numeric_parts(a, b):
    assert (a < b) == (a.sort_key() < b.sort_key())
    assert (a < b) or (b < a) or a == b


@given(valid)
def test_a_number_is_within_each_of_its_ancestors(number):
    node = number
    while node is not None:
        assert number.is_within(node)
        node = node.parent


def test_parent_and_depth():
    assert RuleNumber.parse("104.3b").parent == RuleNumber.parse("104.3")
    assert RuleNumber.parse("104.3").parent == RuleNumber.parse("104")
    assert RuleNumber.parse("104").parent is None
    assert [RuleNumber.parse(x).depth for x in ("104", "104.3", "104.3b")] == [0, 1, 2]


def test_letter_ranges_skip_l_and_o():
    assert [str(n) for n in expand_range("704.5j", "704.5p")] == [
        "704.5j", "704.5k", "704.5m", "704.5n", "704.5p"]


@pytest.mark.parametrize("text, cited", [
    ("See rule 704.", ["704"]),
    ("(See rules 704.5m and 704.5n.)", ["704.5m", "704.5n"]),
    ("ver la regla 608, “Resolución”", ["608"]),
    ("(Ver las reglas 800.4a y 800.4c.)", ["800.4a", "800.4c"]),
    ("vedi regola 506.4", ["506.4"]),
    ("(vedi regole 704.5n e 704.5p)", ["704.5n", "704.5p"]),
    ("Casting a spell includes proposal of the spell (rules 601.2a–d)",
     ["601.2a", "601.2b", "601.2c", "601.2d"]),
    ("See Rule 419.6e and Rule 419.6f.", ["419.6e", "419.6f"]),
    ("rule 104, “Ending the Game,” and rules 810.8 (for …) and rule 809.5", ["104", "810.8", "809.5"]),
    ("A player with 21 or more damage, ten poison counters, 7 cards.", []),
    ("See section 5, “Turn Structure.”", []),
])
def test_references_in_three_languages(text, cited):
    assert [str(n) for n in find_references(text)] == cited


@given(st.text(max_size=300))
def test_find_references_never_raises(text):
    for number in find_references(text):
        assert isinstance(number, RuleNumber)


_GRAMMAR = r"(?P<section>[1-9]\d{2})(?:\.(?P<rule>[1-9]\d*)(?P<letter>[a-z]?))?"


def _by_the_grammar(text):
    """What the grammar of a rule number (as a regular expression) makes of text, its blanks
    around and one final point aside."""
    import re

    text = text.strip()
    match = re.fullmatch(_GRAMMAR, text[:-1] if text.endswith(".") else text)
    if not match or (match["letter"] and match["letter"] not in LETTERS):
        return None
    return RuleNumber(int(match["section"]), int(match["rule"]) if match["rule"] else None,
                      match["letter"] or "")


def _parsed(text):
    try:
        return RuleNumber.parse(text)
    except BadNumber:
        return None


@pytest.mark.parametrize("text", [
    "104", "104.3", "104.3b", "104.10", "999.99z", "100.1a", "099", "1040", "104.", "104.03",
    "104.3B", "104.3bb", "104.3l", "104.b", "104.3.b", "104..3", ".104", "104 .3", "104.3 b",
    "１０４.3", "१०४.३b", "1٠4", "104.٣", "104.3ä", "", "1", "10a", "104.0", "104.30a"])
def test_parse_reads_the_grammar_of_a_rule_number(text):
    assert _parsed(text) == _by_the_grammar(text)


@given(st.text(alphabet="0123456789. abclz١٢", max_size=9))
def test_parse_agrees_with_the_grammar_on_any_text(text):
    assert _parsed(text) == _by_the_grammar(text)
