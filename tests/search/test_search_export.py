"""The search's data for the site: Whoosh's own scores can be recomputed from it exactly,
every number of every edition answers as the CLI does, and it follows the word lists."""

from __future__ import annotations

import json

import pytest

from tolaria.search import engine_for, search
from tolaria.search.export import dumps, search_data
from tolaria.search.numbers import lookup
from tolaria.numbering import RuleNumber


@pytest.fixture(scope="module")
def book(whole_book):
    """The project's rulebook, with the whole CR in English: what the site exports."""
    return whole_book


@pytest.fixture(scope="module")
def data(book):
    return json.loads(dumps(search_data(book)))


def _bm25(data, field, postings_at, doc, tf):
    """Whoosh's BM25F, in the order of operations the site's scorer uses."""
    entry, c = data["fields"][field], data["constants"]
    idf = data["idf"][field.rpartition("_")[2]][str(postings_at)]
    fl, avgfl = entry["lengths"][doc], entry["avg"]
    return idf * ((tf * (c["K1"] + 1)) / (tf + c["K1"] * ((1 - c["B"]) + c["B"] * fl / avgfl)))


def _postings(entry, raw):
    i, out = 0, []
    while i < len(raw):
        out.append((raw[i], raw[i + 1]))
        i += 2 + (raw[i + 1] if entry["positions"] else 0)
    return out


def test_every_term_score_is_whooshs_exactly(book, data):
    from whoosh import query as Q

    searcher = engine_for(book).searcher()
    checked = 0
    for field, entry in data["fields"].items():
        for text, raw in entry["terms"].items():
            found = Q.Term(field, text).matcher(searcher, searcher.context())
            scores = {}
            while found.is_active():
                scores[found.id()] = found.score()
                found.next()
            postings = _postings(entry, raw)
            assert sorted(scores) == [doc for doc, _w in postings], (field, text)
            for doc, weight in postings:
                expected = _bm25(data, field, len(postings), doc, weight) \
                    if entry["scorable"] else weight
                assert expected == scores[doc], (field, text, doc)
                checked += 1
    assert checked > 10_000


def test_documents_are_the_index_documents(book, data):
    info = engine_for(book).info
    assert len(data["documents"]) == info.documents
    numbers = {(d[0], d[1]) for d in data["documents"]}
    assert ("104.3b", "es") in numbers and ("702.25", "it") in numbers


@pytest.mark.parametrize("number", ["500.7", "502.2", "717.1", "702.25d", "702.26d", "104.3b",
                                    "723.1", "704.5a"])
def test_numbers_answer_as_the_cli(book, data, number):
    table = data["numbers"]
    for lang in ("en", "es", "it"):
        hits = table[lang].get(number, table["all"].get(number))
        expected = [[h.number, h.lang, h.title]
                    for h in lookup(book, [RuleNumber.parse(number)], [lang])]
        assert [[number, "en", table["titles"][h]] if isinstance(h, int)
                else [h[0], h[1], table["titles"][h[2]]] for h in hits] == expected


def test_500_7_is_what_the_pre_2009_rule_became(data):
    assert data["numbers"]["es"]["500.7"][0][0] == "300.6"


def test_the_word_lists_are_the_clis(book, data):
    from tolaria.search import synonyms, wordlists

    assert len(data["synonyms"]["es"]) == len(synonyms.table("es"))
    assert data["analysis"]["never"]["en"] == sorted(set(wordlists.lists().never["en"]))
    assert "example" in data["analysis"]["never"]["en"]  # "trample" is no typo of it
    assert data["glossary"]["names"] and data["glossary"]["words"]["it"]


def test_the_data_is_the_same_on_every_build(book, data):
    assert json.loads(dumps(search_data(book))) == data


def test_search_is_unchanged_by_the_export(book, data):
    assert search(book, "fuera de fase", "es")[0].number == "702.26b"  # today's number


def test_a_language_reads_its_own_postings_and_the_words_of_the_others(data):
    from tolaria.search.export import for_language

    es = for_language(data, "es")
    assert "pairs_it" not in es["fields"] and "section_it" not in es["fields"]
    assert es["fields"]["exact_en"]["terms"].keys() == data["fields"]["exact_en"]["terms"].keys()
    assert not any(es["fields"]["stem_it"]["terms"].values())  # which words, no postings
    assert es["fields"]["pairs_es"] == data["fields"]["pairs_es"]
    # English: postings only of the words the `english` list gives ("arrollar": trample)
    held = {t for t, p in es["fields"]["stem_en"]["terms"].items() if p}
    assert "trampl" in held and len(held) <= 3 * len(data["bridge"]["es"])
    assert set(es["fields"]["pairs_en"]["terms"]) < set(data["fields"]["pairs_en"]["terms"])
    english = [d for d in es["documents"] if d and d[1] == "en"]
    assert {d[1] for d in es["documents"] if d} == {"es", "en"}
    assert 0 < len(english) < data["counts"]["en"] / 2
    assert len(es["documents"]) == len(data["documents"])  # document numbers kept
    assert set(es["numbers"]) == {"titles", "all", "es"}
    assert list(es["fields"]["lang"]["terms"]) == ["es"]


def test_compact_data_holds_the_same_postings(data):
    from tolaria.search.export import compact

    stored = compact(data)
    entry, raw = stored["fields"]["exact_en"], data["fields"]["exact_en"]
    text = next(t for t, p in raw["terms"].items() if len(_postings(raw, p)) > 2)
    assert stored["fields"]["exact_en"]["terms"][text] != raw["terms"][text]  # deltas
    docs, at = [], 0
    postings, i = entry["terms"][text], 0
    while i < len(postings):
        at += postings[i]
        docs.append(at)
        i += 2 + postings[i + 1]
    assert docs == [doc for doc, _w in _postings(raw, raw["terms"][text])]
    pairs = stored["fields"]["pairs_en"]
    token = next(iter(data["fields"]["pairs_en"]["terms"]))
    first, _, second = token.partition("~")
    assert pairs["nested"] and second in pairs["terms"][first]
