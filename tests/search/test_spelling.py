"""Typos: sound-alike keys, edit distance, and the closest word winning over the commonest."""

import pytest

from tolaria.search.spelling import Vocabulary, correct, distance, sound


@pytest.mark.parametrize("lang, typed, meant", [
    ("en", "fasing", "phasing"), ("en", "clleanup", "cleanup"),
    ("es", "limpiesa", "limpieza"), ("es", "finalisacion", "finalización"),
    ("es", "enderesar", "enderezar"), ("es", "bolver", "volver"),
    ("it", "cancelazione", "cancellazione"), ("it", "priorita", "priorità"),
])
def test_words_that_sound_alike_have_one_key(lang, typed, meant):
    assert sound(lang, typed) == sound(lang, meant)


@pytest.mark.parametrize("a, b, expected", [
    ("cleanup", "cleanup", 0), ("clenaup", "cleanup", 1),  # a swap is one edit
    ("fasin", "fasing", 1), ("fasin", "fase", 2), ("abc", "xyz", 3),
])
def test_distance(a, b, expected):
    assert distance(a, b, 5) == expected


def test_distance_stops_above_the_most_asked():
    assert distance("abcdefgh", "zyxwvuts", 2) == 3
    assert distance("a", "abcdef", 2) == 3


def test_the_closest_word_wins_over_a_commoner_one():
    english = Vocabulary("en", [("phase", 120), ("phases", 40), ("phasing", 3)])
    assert correct("phasin", [english], []) == "phasing"
    assert correct("phasng", [english], []) == "phasing"
    assert correct("fasing", [english], []) == "phasing"


def test_among_equally_close_words_the_searched_language_then_the_commoner():
    italian = Vocabulary("it", [("fasi", 5), ("fase", 50)])
    glossary = Vocabulary("en", [("fase", 0)])
    assert correct("fasx", [italian], [glossary]) == "fase"
    english = Vocabulary("en", [("phasing", 0)])
    assert correct("fasing", [italian], [english]) == "phasing"  # nearer beats searched


@pytest.mark.parametrize("word", ["zzzzqqq", "abc", "1234", "phasing", "xqzwvkjh"])
def test_no_correction_for_short_known_or_far_words(word):
    english = Vocabulary("en", [("phasing", 3), ("cleanup", 9)])
    assert correct(word, [english], []) is None
