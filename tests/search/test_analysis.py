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


def test_words_that_matter_in_rules_are_not_stop_words():
    assert {"fuera", "más", "sin", "hasta"} <= {w for w in ["fuera", "más", "sin", "hasta"]
                                                if w not in stop_words("es")}
    assert "fuori" not in stop_words("it") and "più" not in stop_words("it")
    assert {"out", "not", "until", "no"}.isdisjoint(stop_words("en"))
    assert "de" in stop_words("es") and "the" in stop_words("en") and "di" in stop_words("it")


def test_stem_analyzer_keeps_positions_for_phrases():
    tokens = [(t.text, t.pos) for t in analyzer("es", "stem")("fuera de finalización",
                                                              positions=True)]
    assert tokens[0][0] == "fuer" and {t for t, _ in tokens[1:]} == {"finaliz", "finalizacion"}
    assert tokens[1][1] == tokens[2][1] == tokens[0][1] + 1
