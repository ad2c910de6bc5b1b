"""The search's data for the site: Whoosh's own scores can be recomputed from it exactly,
every number of every edition answers as the CLI does, and it follows the word lists."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from tolaria_testing import stored_postings

from tolaria.search import engine_for, search
from tolaria.search.numbers import lookup
from tolaria.numbering import RuleNumber


@pytest.fixture(scope="module")
def book(whole_book):
    """The project's rulebook, with the whole CR in English: what the site exports."""
    return whole_book


@pytest.fixture(scope="module")
def data(site_data):
    return site_data


def _bm25(data, field, postings_at, doc, tf):
    """Whoosh's BM25F, in the order of operations the site's scorer uses."""
    entry, c = data["fields"][field], data["constants"]
    idf = data["idf"][field.rpartition("_")[2]][str(postings_at)]
    fl, avgfl = entry["lengths"][doc], entry["avg"]
    return idf * ((tf * (c["K1"] + 1)) / (tf + c["K1"] * ((1 - c["B"]) + c["B"] * fl / avgfl)))


SAMPLE = 1500  # terms per field, seeded (every term: about 100,000, a minute and more)


def test_term_scores_are_whooshs_exactly(book, data):
    from whoosh import query as Q

    searcher = engine_for(book).searcher()
    checked = 0
    for field, entry in data["fields"].items():
        terms = sorted(entry["terms"].items())
        for text, raw in random.Random(field).sample(terms, min(SAMPLE, len(terms))):
            found = Q.Term(field, text).matcher(searcher, searcher.context())
            scores = {}
            while found.is_active():
                scores[found.id()] = found.score()
                found.next()
            postings = stored_postings(entry, raw)
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


EXPORT = ("import sys; from tolaria.today.loader import load_rulebook; "
          "from tolaria.search.export import search_data; from tolaria.search.payload import dumps; "
          "sys.stdout.write(dumps(search_data(load_rulebook(sys.argv[1], use_cache=False))))")


def test_the_data_is_the_same_on_every_build(tiny, tmp_path):
    """Two processes with other hash seeds (sets and dicts iterate otherwise) export the
    same bytes."""
    outputs = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "TOLARIA_CACHE": str(tmp_path / seed)}
        done = subprocess.run([sys.executable, "-c", EXPORT, str(tiny)], env=env,
                              capture_output=True, text=True, check=True)
        assert json.loads(done.stdout)["documents"]
        outputs.add(done.stdout)
    assert len(outputs) == 1


def test_the_postings_are_read_out_of_the_index_once_per_index(tiny, tmp_path, monkeypatch):
    """An export of an index already exported reads its postings back from the cache; an
    index of other documents (a rule reworded) has its postings read again."""
    from tolaria.search import export
    from tolaria.today.loader import load_rulebook

    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path / "cache"))
    read, real = [], export._fields
    monkeypatch.setattr(export, "_fields", lambda searcher: read.append(1) or real(searcher))
    first = export.search_data(load_rulebook(tiny))
    assert export.search_data(load_rulebook(tiny)) == first and read == [1]
    rules = tiny / "en" / "104.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace(
        "A game ends immediately", "A game ends at once"), encoding="utf-8")
    again = export.search_data(load_rulebook(tiny))
    assert read == [1, 1] and again["fields"] != first["fields"]


def test_search_is_unchanged_by_the_export(book, data):
    assert search(book, "fuera de fase", "es")[0].number == "702.26b"  # today's number
