"""Per-language analysis: stems and accent folding meet both ways; curated stop lists."""

import pytest

from tolaria.search.analysis import analyzer, keys, stop_words


def _meet(lang, a, b):
    return bool(keys(lang, a) & keys(lang, b))


@pytest.mark.parametrize("lang, query, text", [
    ("es", "finalizacion", "finalización"), ("es", "finalización", "finalizacion"),
    ("es", "finalizaciones", "finalización"), ("es", "fases", "fase"),
    ("es", "mana", "maná"), ("es", "adicional", "adicionales"),
    ("it", "priorita", "priorità"), ("it", "priorità", "priorita"),
    ("it", "sottofasi", "sottofase"), ("it", "abilita", "abilità"),
    ("en", "phased", "phasing"), ("en", "discarding", "discard"),
])
def test_spellings_meet(lang, query, text):
    assert keys(lang, query) is not None and _meet(lang, query, text)


@pytest.mark.parametrize("lang, hand, mana", [
    ("es", "mano", "maná"), ("es", "manos", "mana"),
    ("it", "mano", "mana"), ("it", "mani", "mana"),
])
def test_hand_and_mana_never_meet(lang, hand, mana):
    # Snowball stems all four to "man"; the plural of hand still meets hand.
    assert not _meet(lang, hand, mana)
    assert _meet(lang, hand, "mano") and _meet(lang, mana, "mana")


def test_words_that_matter_in_rules_are_not_stop_words():
    assert {"fuera", "más", "sin", "hasta"}.isdisjoint(stop_words("es"))
    assert "fuori" not in stop_words("it") and "più" not in stop_words("it")
    assert {"out", "not", "until", "no"}.isdisjoint(stop_words("en"))
    assert "de" in stop_words("es") and "the" in stop_words("en") and "di" in stop_words("it")


def test_stem_analyzer_keeps_positions_for_phrases():
    tokens = [(t.text, t.pos) for t in analyzer("es", "stem")("fuera de finalización",
                                                              positions=True)]
    assert tokens[0][0] == "fuer" and {t for t, _ in tokens[1:]} == {"finaliz", "finalizacion"}
    assert tokens[1][1] == tokens[2][1] == tokens[0][1] + 1


@pytest.mark.parametrize("lang, word, digits", [
    ("en", "ten", "10"), ("en", "seven", "7"), ("en", "zero", "0"), ("en", "twenty", "20"),
    ("es", "diez", "10"), ("es", "siete", "7"), ("es", "cero", "0"), ("es", "dieciséis", "16"),
    ("it", "dieci", "10"), ("it", "sette", "7"), ("it", "zero", "0"), ("it", "ventuno", "21"),
])
def test_number_words_and_digits_meet(lang, word, digits):
    assert _meet(lang, word, digits) and _meet(lang, digits, word)


@pytest.mark.parametrize("lang, word", [("en", "one"), ("es", "uno"), ("es", "una"),
                                        ("it", "uno")])
def test_one_is_not_a_number_word(lang, word):
    # "one of which", "un jugador": mostly a pronoun or an article
    assert keys(lang, word) is None or "1" not in keys(lang, word)


def test_a_number_typed_as_digits_finds_and_marks_the_word(book):
    from tolaria.search import search

    hit = search(book, "10 poison counters", "en")[0]
    assert hit.number == "104.3d" and "[ten]" in hit.marked("[", "]")
    hit = search(book, "10 contadores de veneno", "es")[0]
    assert hit.number == "104.3d" and "[diez]" in hit.marked("[", "]")


def test_pairs_are_consecutive_words_without_stop_words():
    from tolaria.search.analysis import pairs

    assert pairs("en", "end of turn", "stem") == ["send~turn"]
    assert pairs("en", "end of turn", "exact") == ["e=end~=turn"]
    assert pairs("en", "end of\nturn", "stem") == []  # never across lines
    # every stem spelling of each word with the next one's
    assert set(pairs("it", "priorità finale", "stem")) == {"sprior~final", "spriorit~final"}
    assert set(pairs("en", "ten poison", "name")) == {"n10~poison", "nten~poison"}


def test_two_words_are_looked_up_as_one_pair_and_quoted_words_by_position():
    from whoosh import query as Q

    from tolaria.search.query import _phrase

    pair = _phrase("en", "end of turn", fields=("stem",))
    assert {type(q) for q in pair.leaves()} == {Q.Term}
    assert {q.fieldname for q in pair.leaves()} == {"pairs_en"}
    quoted = _phrase("en", "end of turn", fields=("stem",), positions=True)
    assert {type(q) for q in quoted.leaves()} == {Q.Phrase}
    longer = _phrase("en", "end of the combat step", fields=("stem",))
    assert {type(q) for q in longer.leaves()} == {Q.Phrase}
