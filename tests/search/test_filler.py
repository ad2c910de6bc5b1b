"""Question and conversation words are left out of a word search, never out of the index."""

import pytest

from tolaria.search import search
from tolaria.search.analysis import keys
from tolaria.search.filler import filler_words, is_filler
from tolaria.search.glossary import Glossary
from tolaria.search.parsing import parse
from tolaria.search.query import meaningful_positions


@pytest.mark.parametrize("lang, query, kept", [
    ("en", "what happens if my life total is 0", ["life", "total", "0"]),
    ("en", "does it still work if I'm tapped", ["tapped"]),
    ("es", "que pasa si todavia tengo cartas", ["cartas"]),
    ("es", "qué pasaría si concedo", ["concedo"]),  # accents do not matter
    ("it", "cosa succede quando perdo ancora", ["perdo"]),
])
def test_question_words_are_left_out(lang, query, kept):
    words = [w.lower() for w in parse(query).words]
    assert [words[i] for i in sorted(meaningful_positions(lang, words))] == kept


def test_a_query_of_filler_alone_still_searches(book):
    words = "what happens".split()
    assert meaningful_positions("en", words) == {1}  # "what" is a stop word: only "happens"
    assert search(book, "what happens", "en")  # and it finds "nothing happens"
    assert search(book, '"nothing happens"', "en")[0].rulebook_number == "717.2g"  # indexed as ever


@pytest.mark.parametrize("query, lang, number", [
    ("que pasa si concedo", "es", "104.3a"),  # "pasa" no longer finds "paso"
    ("cosa succede se Karn ricomincia la partita", "it", "104.6"),
    ("what happens when a player concedes", "en", "104.3a"),
])
def test_filler_does_not_steer_the_search(book, query, lang, number):
    assert search(book, query, lang, limit=1)[0].number == number


@pytest.mark.parametrize("query, lang", [
    ("Karn allora", "it"),  # "allora" (then) was read as "altra"
    ("Karn pasaria", "es"),  # "pasaría" (would happen) as "pasar"
    ("Karn adesso", "it"),
])
def test_filler_is_not_read_as_a_typo(book, query, lang):
    hits = search(book, query, lang)
    assert hits.corrections == () and [h.number for h in hits] == ["104.6"]


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_no_filler_word_names_a_glossary_term(book, lang):
    """A word of a term's name says what a rule is about: it must never be filler."""
    names = set()
    for term in Glossary(book.glossary).terms:
        name = term.names.get(lang)
        if name is not None:
            for form in (name.name, *name.variants, *name.obsolete_names):
                names.update(w.lower() for w in form.replace("(", " ").replace(")", " ")
                             .split() if keys(lang, w) is not None)
    assert not {w for w in names if is_filler(lang, w)}
    assert filler_words(lang)  # and the list is there
