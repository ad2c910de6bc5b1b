"""site/today.py: a number of an older text carried to today's, and the word diff in HTML."""

from __future__ import annotations

from hypothesis import given, strategies as st

from tolaria.numbering import RuleNumber
from tolaria.site.render import CURRENT, OLD
from tolaria.site.today import TodayView, carried, diff_html

NUMBERS = st.from_regex(r"[1-9][0-9]{2}(\.[1-9][0-9]?[abcdefghijkmnpqrstuvwxyz]?)?",
                        fullmatch=True)


def test_a_cited_number_that_moved_is_carried_to_todays():
    assert carried("See rule 718, “Restarting the Game.”",
                   "See rule 727, “Restarting the Game.”") == {"718": "727"}
    assert carried("see rule 716.1f", "see rule 724.1f and rule 704") == {}  # 1 vs 2: unsure
    assert carried("See rule 704.", "See rule 704.") == {}
    assert carried(None, "See rule 704.") == {} and carried("See rule 704.", None) == {}


def test_a_number_carried_two_ways_is_not_carried():
    assert carried("rules 601.2 and 601.2", "rules 601.3 and 601.4") == {}


@given(st.lists(NUMBERS, min_size=1, max_size=5), st.lists(NUMBERS, min_size=1, max_size=5))
def test_carried_pairs_numbers_of_the_old_text_with_numbers_of_the_new(old, new):
    before = " ".join(f"rule {n}." for n in old)
    after = " ".join(f"rule {n}." for n in new)
    found = carried(before, after)
    assert set(found) <= set(old) and set(found.values()) <= set(new)
    assert all(a != b for a, b in found.items())
    assert carried(before, before) == {}
    if len(old) != len(new):
        assert found == {}


def test_the_diff_marks_deleted_and_inserted_words_and_escapes_the_text():
    html = diff_html("Counters remain <here>.", "Counters and stickers remain <here>.")
    assert html == "Counters <ins>and stickers</ins> remain &lt;here&gt;."
    assert diff_html("a b c", "a c") == "a <del>b</del> c"
    assert diff_html("same words", "same words") == "same words"


def _view(book, lang: str, number: str):
    return TodayView(book, book.section(lang, number), str)


def test_a_covered_rule_is_shown_under_todays_number_with_its_current_english(book):
    view = _view(book, "en", "702.25")
    assert view.heading() == "702.26. Phasing"
    assert view.shown("702.25d") == "702.26d" and view.shown("104.3b") != "702.26d"
    rule = book.section("en", "702.25").rule(RuleNumber.parse("702.25d"))
    shown, scheme, moved = view.rule(rule)
    assert scheme == CURRENT and moved == {}
    assert shown.text == book.today_of("702.25d").text != rule.text
    assert "stickers" in shown.text


def test_a_translation_that_lags_says_so_folded_with_the_diff(book):
    view = _view(book, "es", "702.25")
    note = view.lag_note("702.25d")
    assert note.startswith('<details class="t-lag">') and " open" not in note.split(">")[0]
    assert "<ins>and stickers</ins>" in note
    assert view.lag_note("702.25a") == ""  # the English did not change since its base
    assert _view(book, "en", "702.25").lag_note("702.25d") == ""  # English: no lag


def test_the_pre_2009_rule_cites_the_numbers_of_its_time(book):
    view = _view(book, "en", "300")
    assert view.gone()
    rule = book.section("en", "300").rules[0]
    assert view.rule(rule) == (rule, OLD, {})
