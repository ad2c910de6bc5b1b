"""Corrections that help: only to a close word of weight, never to a common word of another
meaning; a query of unknown words says what the reference covers instead."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tolaria.search import search, spelling
from tolaria.search.analysis import fold


@pytest.fixture(scope="module")
def engine(book):
    from tolaria.search import engine_for

    return engine_for(book)


def test_trample_is_not_read_as_example(book):
    hits = search(book, "trample", "en")
    assert not hits and hits.corrections == () and hits.unknown == ("trample",)


def test_a_real_typo_is_still_corrected(book):
    hits = search(book, "phasin", "en")
    assert hits.corrections == (("phasin", "phasing"),) and (hits[0].rulebook_number or hits[0].number).startswith("702.25")


def test_a_sound_alike_first_letter_is_allowed(book):
    assert search(book, "fasing", "it").corrections == (("fasing", "phasing"),)


def test_a_word_of_the_exclusion_list_is_never_offered():
    vocabulary = spelling.Vocabulary("en", [("example", 40), ("library", 9)])
    assert spelling.correct("exampel", [vocabulary], [], {"en": frozenset({"example"})}) \
        is None
    assert spelling.correct("exampel", [vocabulary], []) == "example"


def test_a_rare_word_or_another_first_letter_is_never_offered():
    vocabulary = spelling.Vocabulary("en", [("zombie", 1), ("library", 9)])
    assert spelling.correct("zonbei", [vocabulary], []) is None  # 2 edits, one document
    assert spelling.correct("zombei", [vocabulary], []) == "zombie"  # 1 edit: any weight
    assert spelling.correct("xibrary", [vocabulary], []) is None  # another first letter
    assert spelling.correct("librray", [vocabulary], []) == "library"


def test_unknown_words_among_known_ones_are_not_all_unknown(book):
    assert search(book, "trample damage", "en").unknown == ()


def test_the_cli_says_what_the_reference_covers_by_todays_numbers(capsys, book):
    from tolaria.cli import main

    code = main(["search", "trample", "--lang", "en", "--rules", str(book.root)])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert "no rule has 'trample' in the covered sections (104, 300, 512–514, 702.26, 724)" \
        in err
    assert "try a rule number such as 724.1a, or a glossary term:" in err


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="abcdefghilmnoprstuvz", min_size=4, max_size=11))
def test_a_correction_is_within_the_bound_and_a_word_of_the_index(engine, word):
    better = engine._correct(word, ("en",), tuple(engine.info.languages))
    if better is None:
        return
    typed = fold(word.lower())
    assert spelling.distance(typed, better, 2) <= spelling.allowance(typed)
    indexed = {c.word for lang in engine.info.languages
               for group in engine._vocabulary(lang).by_sound.values() for c in group}
    glossary = {c.word for lang in engine.info.languages
                for group in engine._vocabulary(lang, True).by_sound.values() for c in group}
    assert better in indexed | glossary
