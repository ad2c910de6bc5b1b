"""One table of number words, read by the audit and by search."""

import doctest

from tolaria.vocabulary import number_words as module
from tolaria.audit.features import numbers
from tolaria.search.analysis import number_keys


def test_doctests():
    result = doctest.testmod(module)
    assert result.attempted and not result.failed


def test_the_audit_and_search_read_the_same_table():
    for lang in ("en", "es", "it"):
        table = module.number_words(lang)
        assert {v for v in number_keys(lang).values()} == {str(v) for v in table.values()}
    assert numbers("dieciséis jugadores", "es")[16] == 1
    assert number_keys("es")["dieciseis"] == "16"  # search folds accents
    assert "sei" not in number_keys("it")  # "you are", far more often than six
