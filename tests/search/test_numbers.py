"""Number queries: parsing, ranges, what is not covered, and no full-text engine involved."""

import subprocess
import sys

import pytest

from tolaria.errors import UserError
from tolaria.search import search
from tolaria.search.numbers import parse_number_query


@pytest.mark.parametrize("text, expected", [
    ("104.3b", ["104.3b"]), ("104.3", ["104.3"]), ("104", ["104"]),
    ("rule 104.3b", ["104.3b"]), ("r104.3b", ["104.3b"]), ("104.3B", ["104.3b"]),
    ("  Rule 104.3b. ", ["104.3b"]), ("regla 104.3b", ["104.3b"]), ("regola 717", ["717"]),
    ("512-514", ["512", "513", "514"]), ("512 – 514", ["512", "513", "514"]),
    ("104.3a-d", ["104.3a", "104.3b", "104.3c", "104.3d"]),
    ("104.3a-104.3c", ["104.3a", "104.3b", "104.3c"]),
    ("702.25j-m", ["702.25j", "702.25k", "702.25m"]),  # letters skip l
])
def test_parses_numbers_and_ranges(text, expected):
    assert [str(n) for n in parse_number_query(text)] == expected


@pytest.mark.parametrize("text", ["fuera de fase", "cleanup step", "21 commander damage",
                                  "1043", "", "rules", "104.3b discard"])
def test_words_are_not_numbers(text):
    assert parse_number_query(text) is None


@pytest.mark.parametrize("text", ["104.3l", "099", "104.03"])
def test_malformed_numbers_say_so(text):
    with pytest.raises(UserError, match="not a rule number"):
        parse_number_query(text)


def test_lookup_gives_the_rule_in_each_language(book):
    hits = search(book, "rule 104.3B", "all")
    assert [(h.number, h.lang) for h in hits] == [("104.3b", "en"), ("104.3b", "es"),
                                                   ("104.3b", "it")]
    assert hits[0].title == "Ending the Game" and hits[0].snippet.startswith("If a player’s")
    assert [h.number for h in search(book, "512-514", "es")] == ["512", "513", "514"]


def test_uncovered_number_names_what_is_covered(whole_book):
    book = whole_book
    with pytest.raises(UserError) as info:
        search(book, "999.1", "en")
    assert info.value.status == 1
    assert str(info.value).startswith("no rule 999.1 in any edition this reference knows; "
                                      "the nearest numbers of the current edition are")
    with pytest.raises(UserError, match="nearby: .*104.3k"):
        search(book, "104.3z", "en")


def test_a_number_of_section_500_finds_the_pre_2009_rule_it_came_from(book):
    hits = search(book, "500.7", "en")
    assert (hits[0].number, hits[0].asked) == ("300.6", "500.7")
    assert hits[0].snippet.startswith("(500.7 in the editions of July 22, 2016 … ")
    assert search(book, "500.1", "es")[0].number == "300.1"


def test_a_number_never_imports_the_full_text_engine(tmp_path):
    code = ("import sys; from tolaria.cli import main; status = main(['search', '104.3b']); "
            "print(status, any(m.startswith('whoosh') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.splitlines()[-1] == "0 False"


@pytest.mark.parametrize("text, expected", [
    ("104,3b", ["104.3b"]), ("104,3", ["104.3"]), ("regla 104,3B", ["104.3b"]),
    ("104,3a-d", ["104.3a", "104.3b", "104.3c", "104.3d"]),
    ("104,3a-104,3c", ["104.3a", "104.3b", "104.3c"]),
])
def test_a_decimal_comma_reads_as_the_point(text, expected):
    assert [str(n) for n in parse_number_query(text)] == expected


def test_a_renumbered_rule_names_the_editions_that_used_the_number(book):
    """A number is answered under today's number: an earlier one (702.25) with a note naming
    the editions that used it, today's (702.26) as it is."""
    from tolaria.i18n import format_date
    from tolaria.history import load_history

    editions = next(m.editions for m in load_history(book.root).resolve("702.25")
                    if m.current == "702.25")
    hits = search(book, "702.25", "en")
    assert (hits[0].number, hits[0].rulebook_number) == ("702.26", "702.25")
    note = (f"(702.25 in the editions of {format_date(min(editions))} … "
            f"{format_date(max(editions))})")
    assert hits[0].snippet.startswith(note + " Phasing is")
    today = search(book, "702.26", "en")[0]
    assert (today.number, today.rulebook_number, today.asked) == ("702.26", "702.25", None)
    assert today.snippet.startswith("Phasing is")


def test_editions_note_for_one_edition_and_none():
    from datetime import date

    from tolaria.search.numbers import editions_note

    assert editions_note("702.26", [date(2021, 4, 22)]) == \
        "(702.26 in the edition of April 22, 2021)"
    assert "702.26" in editions_note("702.26", [])


def test_the_doctests_of_number_lookup():
    import doctest

    from tolaria.search import numbers

    result = doctest.testmod(numbers)
    assert result.attempted >= 3 and result.failed == 0  # split_numbers; typed_numbers has its own


@pytest.mark.parametrize("text, numbers, rest", [
    ("104.3b 104.3c", ["104.3b", "104.3c"], ""),
    ("104.3b, 104.3c", ["104.3b", "104.3c"], ""),
    ("104.3b and 104.3c", ["104.3b", "104.3c"], "and"),
    ("rule 104.3b please", ["104.3b"], "please"),
    ("regla 104,3b por favor", ["104.3b"], "por favor"),
    ("r104.3b discard", ["104.3b"], "discard"),
    ("see 104.3a-c.", ["104.3a", "104.3b", "104.3c"], "see"),
    ("104 512", ["104", "512"], ""),  # numbers only: bare sections count
    ("rule 104 please", ["104"], "please"),
    ('"see rule 704" 104.3b', ["104.3b"], '"see rule 704"'),  # quoted: words
])
def test_numbers_among_words(text, numbers, rest):
    from tolaria.search.numbers import split_numbers

    found, left = split_numbers(text)
    assert ([str(n) for n in found], left) == (numbers, rest)


@pytest.mark.parametrize("text", ["lose at 100 poison", "21 commander damage", "1043 cards",
                                  "fuera de fase", "2017-03-01 edition"])
def test_words_with_no_rule_number(text):
    from tolaria.search.numbers import split_numbers

    assert split_numbers(text) is None


def test_numbers_mixed_with_text_come_first(book):
    for query in ("104.3b 104.3c", "104.3b, 104.3c"):
        assert [h.number for h in search(book, query, "en")] == ["104.3b", "104.3c"]
    hits = search(book, "rule 104.3b please", "en")
    assert hits[0].number == "104.3b" and [h.number for h in hits].count("104.3b") == 1
    hits = search(book, "104.3b discard", "en", limit=5)
    assert hits[0].number == "104.3b" and "514.1" in [h.number for h in hits[1:]]
    assert [h.number for h in search(book, "104.3b and 104.3c", "es")][:2] == ["104.3b",
                                                                               "104.3c"]


def test_a_range_that_leaves_its_rule_says_so(book):
    for query in ("104.3b-104.4a", "514-512", "104.3-104.4b"):
        with pytest.raises(UserError) as info:
            search(book, query, "en")
        assert str(info.value).startswith(f"'{query}' is not a range: a range stays within "
                                          "one rule or one level")


def test_a_historical_number_carries_asked_and_editions(book, capsys):
    import json

    from tolaria.cli import main

    assert main(["search", "702.25", "--json"]) == 0
    hit = json.loads(capsys.readouterr().out)[0]
    assert (hit["number"], hit["asked"], hit["rulebook_number"]) == ("702.26", "702.25", "702.25")
    assert hit["editions"][0] == "2016-07-22" and hit["editions"][-1] == "2021-02-15"
    assert main(["search", "702.26", "--json"]) == 0
    assert "asked" not in json.loads(capsys.readouterr().out)[0]
    assert main(["search", "104.3b", "--json"]) == 0
    assert "asked" not in json.loads(capsys.readouterr().out)[0]


def test_a_number_other_rules_had_lists_them_after_the_rule(book):
    hits = search(book, "702.25k", "en")
    assert [(h.number, h.asked, h.in_rulebook) for h in hits] == [
        ("702.26k", "702.25k", True), ("702.26m", "702.25k", True),
        ("702.25k", "702.25k", False)]
    removed = hits[2]
    assert removed.snippet.startswith(
        "(702.25k in the editions of July 22, 2016 … July 8, 2017, since removed: tolaria "
        "show 702.25k --edition 2017-07-08) Phased-out tokens cease to exist")
    assert removed.to_json()["in_rulebook"] is False and removed.editions[0] == "2016-07-22"
    hits = search(book, "513.2", "it")
    assert [(h.number, h.lang) for h in hits] == [("513.2", "it"), ("513.2", "en")]
    assert "since removed" in hits[1].snippet


def test_a_number_of_the_whole_current_cr_is_found_in_english(whole_book):
    book = whole_book
    hits = search(book, "704.5a", "es")
    assert [(h.number, h.lang, h.title) for h in hits] == [("704.5a", "en", "State-Based Actions")]
    assert hits[0].snippet == "If a player has 0 or less life, that player loses the game."


def test_a_former_number_gives_its_rule_then_the_current_editions_rule_of_it(whole_book):
    """717.1 was 724.1's number in 2019–2021; today it is an Attraction rule, in English
    only: the covered rule first (as show gives it), then today's. A number that is its
    rule's today gives that rule alone, and among words the words say which is meant."""
    from tolaria.numbering import RuleNumber
    from tolaria.search.numbers import among_words

    hits = search(whole_book, "717.1", "it")
    assert [(h.number, h.lang, h.asked, h.english_only) for h in hits] == [
        ("724.1", "it", "717.1", False), ("717.1", "en", None, True)]
    assert hits[1].title == "Attraction Cards" and hits[1].score < 1
    assert hits[1].snippet.startswith("(717.1 in the current edition) Attraction is")
    assert [h.number for h in search(whole_book, "724.1", "it")] == ["724.1"]
    assert [h.number for h in search(whole_book, "500.7", "en")] == ["300.6", "500.7"]
    mixed = among_words(whole_book, [RuleNumber.parse("702.25")], ["es"], words=lambda: [])
    assert [h.number for h in mixed] == ["702.26"]
    alone = search(whole_book, "702.25, 717.1", "es")  # numbers alone: what they meant too
    assert [(h.number, h.lang) for h in alone] == [("702.26", "es"), ("724.1", "es"),
                                                   ("702.25", "en"), ("717.1", "en")]
    # a rule found by two numbers is listed once, under the first
    assert [(h.number, h.asked) for h in search(whole_book, "717.1, 724.1", "en")] == [
        ("724.1", "717.1"), ("717.1", None)]


def test_a_number_refused_among_words_is_quoted_as_typed(book):
    with pytest.raises(UserError, match="'١٠٤.٣b-١٠٤.٤a' is not a range"):
        search(book, "regla ١٠٤.٣b-١٠٤.٤a fase", "es")


def test_a_number_of_the_whole_cr_gives_it_then_the_covered_rule_that_had_it(whole_book):
    """723.1 is a rule of the whole CR today, and was 724.1's until February 2026."""
    hits = search(whole_book, "723.1", "es")
    assert [(h.number, h.lang, h.asked) for h in hits] == [("723.1", "en", None),
                                                           ("724.1", "es", "723.1")]
    assert hits[1].snippet.startswith("(723.1 in the editions of July 25, 2025 … February 27, "
                                      "2026) ") and hits[1].score < 1
    assert [h.number for h in search(whole_book, "704.5a", "es")] == ["704.5a"]
