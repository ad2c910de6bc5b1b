"""Wording, similarity and word diffs: what counts as a change."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tolaria.history.changes import render_diff, word_diff
from tolaria.history.matching import Block, match_rules, normalize, same_wording, similarity


def test_renumbered_references_and_quotes_are_the_same_wording():
    a = "This rule does not apply to abilities that trigger during this process (see rule 716.1f)."
    b = "This rule does not apply to abilities that trigger during this process (see rule 717.1f)."
    assert same_wording(a, b) and similarity(a, b) == 1.0
    assert same_wording("a player’s turn", "a player's  turn")
    assert not same_wording("Three cards end the turn.", "Some cards end the turn.")
    assert normalize("See rules 704.5m and 704.5n.") == "See rules # and #."


def test_rules_are_matched_by_content_not_number():
    old = Block("715", "Ending the Turn", (
        ("715.1", "Some cards end the turn.", ()),
        ("715.2", "No player gets priority during this process (see rule 715.1).", ()),
        ("715.3", "Even though the turn ends, end step abilities don't trigger.", ())))
    new = Block("716", "Ending Turns and Phases", (
        ("716.1", "Some cards end the turn.", ()),
        ("716.1e", "Even though the turn ends, end step abilities don't trigger.", ()),
        ("716.1f", "No player gets priority during this process (see rule 716.1).", ()),
        ("716.2", "One card ends the combat phase.", ())))
    assert match_rules(old, new) == [0, 2, 1, None]


words = st.lists(st.sampled_from(["the", "turn", "ends", "rule", "704", "“phase”", "a"]),
                 max_size=20)


@given(words, words)
def test_a_word_diff_holds_both_texts(a, b):
    old, new = " ".join(a), " ".join(b)
    pieces = word_diff(old, new)
    assert " ".join(t for op, t in pieces if op != "insert" and t) == old
    assert " ".join(t for op, t in pieces if op != "delete" and t) == new
    rendered = render_diff(pieces)
    assert ("[-" in rendered) == any(op == "delete" for op, _ in pieces)
