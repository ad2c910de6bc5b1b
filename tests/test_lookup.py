"""Rule numbers as people type them: one reader for the command line and search."""

import doctest
import sys
import unicodedata

import pytest
from hypothesis import given, strategies as st

from tolaria import lookup as module
from tolaria.errors import UserError
from tolaria.lookup import digit_zeros, read_digits, typed_number, typed_numbers
from tolaria.numbering import RuleNumber
from tolaria_testing import QUERY_SETS, REPO, bench_queries


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


ZEROS = digit_zeros()
ASCII_NUMBERS = st.from_regex(r"(rule |r)?[1-9][0-9]{2}(\.[1-9][0-9]?[a-k]?)?(-[a-k])?",
                              fullmatch=True)


def in_digits(text: str, zero: int) -> str:
    return "".join(chr(zero + int(c)) if c.isdigit() else c for c in text)


def fullwidth(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def test_the_zeros_are_those_of_every_run_of_ten_digits():
    """The site reads a digit as its distance from the zero before it (docs/search.md):
    every decimal digit is within ten of a zero, and each run holds ten digits."""
    digits = [c for c in range(sys.maxunicode + 1)
              if unicodedata.decimal(chr(c), None) is not None]
    assert {c - unicodedata.decimal(chr(c)) for c in digits} == set(ZEROS)
    assert len(digits) == 10 * len(ZEROS) and ZEROS == sorted(ZEROS) and ZEROS[0] == ord("0")


@given(ASCII_NUMBERS, st.sampled_from(ZEROS), st.booleans())
def test_a_number_in_any_scripts_digits_or_in_fullwidth_is_the_number(text, zero, wide):
    typed = fullwidth(text) if wide else in_digits(text, zero)
    assert read_digits(typed) == text
    try:
        expected = typed_numbers(text)
    except UserError:
        with pytest.raises(UserError) as caught:
            typed_numbers(typed)
        assert typed.strip() in str(caught.value)  # repeated as typed
    else:
        assert typed_numbers(typed) == expected


@given(st.text(max_size=40))
def test_reading_digits_keeps_the_length_in_characters_and_is_done_once(text):
    read = read_digits(text)
    assert len(read) == len(text) and read_digits(read) == read
    assert all(c.isascii() or unicodedata.decimal(c, None) is None for c in read)


def _typed_in_query_sets():
    """(query, lang) of every query of the relevance sets that names rule numbers."""
    from tolaria.search.numbers import split_numbers

    out = []
    for path in QUERY_SETS:
        for query, lang in bench_queries(path):
            try:
                numbers = typed_numbers(query)
                if numbers is None:
                    mixed = split_numbers(query)
                    numbers = mixed[0] if mixed else None
            except UserError:
                continue
            if numbers:
                out.append((query, lang, [str(n) for n in numbers]))
    return out


def _every_number_known():
    """Every number any edition gave a covered rule (the history's), in two languages, and
    the numbers typed in the relevance sets: what `show` and `search` must agree on."""
    from tolaria.history import load_history

    history = load_history(REPO / "rules")
    tracked = [t for unit in history.data.units for t in (unit.head, *unit.rules)]
    tracked += [successor for t in tracked for successor in t.becomes]  # 300.x became 500.y
    numbers = sorted({span.value for t in tracked for span in t.numbers}, key=RuleNumber.parse)
    cases = [(number, "en" if i % 2 else "es", [number]) for i, number in enumerate(numbers)]
    return cases + _typed_in_query_sets()


def test_there_are_numbers_to_compare():
    assert len(_every_number_known()) > 200


@pytest.mark.parametrize("query, lang, numbers", _every_number_known())
def test_show_and_search_name_the_same_rules_for_every_number(book, capsys, query, lang,
                                                               numbers):
    """For every number typed in the relevance sets, `show` and `search` resolve it to the
    same covered rule, under today's number (the rulebook's beside it)."""
    import json

    from tolaria.cli import main
    from tolaria.search.numbers import lookup as search_lookup

    for number in numbers:
        status = main(["show", number, "--lang", lang, "--json"])
        out = capsys.readouterr().out
        shown = json.loads(out) if status == 0 else None
        if isinstance(shown, list):
            shown = shown[0]
        try:
            hits = search_lookup(book, [RuleNumber.parse(number)], [lang])
        except UserError:
            hits = []
        if shown is None:
            assert hits == [], (number, hits)
            continue
        assert hits, number
        assert hits[0].number == shown["number"], number
        assert hits[0].rulebook_number == shown.get("rulebook_number"), number


def test_200_random_numbers_of_the_current_edition_show_their_official_text(capsys):
    """`show N --lang en --json` for numbers drawn from the current official file: its text
    word for word, its examples, and the edition (covered rules included: their current
    English comes from the history, the rest from rules/cr/)."""
    import json
    import random

    from tolaria.cli import main
    from tolaria_testing import official

    doc = official("rules_20260417.txt")
    rules = [r for s in doc.sections.values() for r in s.rules]
    for rule in random.Random(20260417).sample(rules, 200):
        assert main(["show", rule.number, "--lang", "en", "--json"]) == 0, rule.number
        data = json.loads(capsys.readouterr().out)
        assert (data["number"], data["edition"]) == (rule.number, "2026-04-17"), rule.number
        assert data["text"] == rule.text, rule.number
        assert data["examples"] == list(rule.examples), rule.number


# --- where a cited number leads -------------------------------------------------------------
def test_every_number_the_current_edition_cites_leads_to_a_rule(book):
    """The link checker of the whole CR and of the covered texts: every number a rule, an
    example or a glossary entry cites has a target (translations read in their own numbers)."""
    from tolaria.lookup import target, whole_cr
    from tolaria.numbering import find_references

    whole = whole_cr(book)
    texts = [t for r in whole.rules() for t in (r.text, *r.examples)]
    texts += [t.definition for t in whole.glossary]
    cited = {str(n): n for text in texts for n in find_references(text)}
    assert len(cited) > 500
    assert [n for n, number in cited.items() if not target(book, number).exists] == []
    covered = {str(n) for _, r in book.rules() for n in r.cites}
    missing = {n for n in covered if not target(book, RuleNumber.parse(n), True).exists}
    # the pre-2009 section 300 cites its own edition's rules, which no later edition has
    assert covered and missing == {"419.6e", "419.6f"}


def test_a_target_names_the_rule_as_numbered_today(book):
    from tolaria.lookup import target

    assert target(book, RuleNumber.parse("704.5a")) == ("704.5a", True, "704.5a", False)
    # phasing is 702.25 in the rulebook (and its translations), 702.26 today
    assert target(book, RuleNumber.parse("702.25"), True) == ("702.25", True, "702.26", True)
    assert target(book, RuleNumber.parse("702.26")) == ("702.26", True, "702.26", True)
    assert target(book, RuleNumber.parse("704.99")) == ("704.99", False, None, False)


# --- the glossary ---------------------------------------------------------------------------
@pytest.mark.parametrize("typed, official, term", [
    ("phased out", "Phased In, Phased Out", "phased-in-phased-out"),
    ("PHASED   out", "Phased In, Phased Out", "phased-in-phased-out"),
    ("fuera de fase", "Phased In, Phased Out", "phased-in-phased-out"),
    ("Fuori Fase", "Phased In, Phased Out", "phased-in-phased-out"),
    ("fase de finalizacion", "Ending Phase", "ending-phase"),  # accent-blind
    ("trample", "Trample", None),  # in the official glossary only
])
def test_a_glossary_term_in_any_language_case_or_accents(book, typed, official, term):
    from tolaria.lookup import glossary_entry

    entry = glossary_entry(book, typed)
    assert entry.official.term == official
    assert (entry.term.id if entry.term else None) == term


def test_an_unknown_term_names_close_ones(book):
    from tolaria.lookup import close_terms, glossary_entry, glossary_not_found

    assert glossary_entry(book, "phasd") is None
    assert "Phasing" in close_terms(book, "phasd")
    assert glossary_not_found(book, "phasd").startswith("no glossary term 'phasd'; close terms:")
    assert close_terms(book, "xyzzy") == []


@given(st.text(max_size=30))
def test_any_typed_term_is_an_entry_or_none(text):
    from tolaria.lookup import glossary_entry
    from tolaria.today.loader import load_rulebook

    entry = glossary_entry(load_rulebook(REPO / "rules"), text)
    assert entry is None or entry.official is not None or entry.term is not None
