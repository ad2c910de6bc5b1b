"""The CLI's search keeps the search's contract (docs/search-contract.yaml: queries and the
numbers a search of each gives, best first), which the site's search keeps too
(tests/site/test_search_contract.py)."""

from __future__ import annotations

import pytest

from search_contract import CONTRACT, cli_gives, entries, written
from tolaria.search import wordlists
from tolaria_testing import QUERY_SETS, bench_queries

ENTRIES = entries()


def test_the_cli_gives_the_contracts_numbers(whole_book):
    gives = [cli_gives(whole_book, e) for e in ENTRIES]
    differ = [f"{CONTRACT.name}: {e['query']!r} ({e['lang']}, {e['what']}): gives {got}, "
              f"the contract {e['gives']}" for e, got in zip(ENTRIES, gives) if got != e["gives"]]
    assert differ == [], "\n".join(differ + [
        "(a ranking changed on purpose: `make contract` writes the new numbers; read the diff)"])


def test_the_contract_shows_each_language_and_refusals_and_is_no_answer_key():
    assert {e["lang"] for e in ENTRIES} == {"en", "es", "it"}
    assert all(e["what"] and 1 <= e["limit"] <= 10 and len(e["gives"]) <= e["limit"]
               for e in ENTRIES)
    assert sum(not e["gives"] for e in ENTRIES) >= 2  # queries refused
    assert len({(e["query"], e["lang"], e["limit"]) for e in ENTRIES}) == len(ENTRIES)
    asked = {query.lower() for path in QUERY_SETS for query, _lang in bench_queries(path)}
    phrases = {p.lower() for topic in wordlists.lists().topics for p in topic.typed}
    assert [e["query"] for e in ENTRIES if e["query"].lower() in asked | phrases] == []


def test_the_numbers_a_search_gives_now_are_written_in_place():
    text = ('# gives: [] is a refusal\nqueries:\n'
            '  - {query: "a", lang: en, what: one, gives: ["1"]}  # kept\n'
            '  - {query: "b", lang: es, what: two, gives: [], limit: 3}\n')
    assert written(text, [["104.3", "104.10"], []]) == (
        '# gives: [] is a refusal\nqueries:\n'
        '  - {query: "a", lang: en, what: one, gives: ["104.3", "104.10"]}  # kept\n'
        '  - {query: "b", lang: es, what: two, gives: [], limit: 3}\n')
    with pytest.raises(ValueError, match="2 'gives' in the contract for 1 entries"):
        written(text, [["1"]])
    tricky = '  - {query: "gives: [x]", lang: en, what: "gives: [y]", gives: ["1"]}\n'
    assert written(tricky, [["2"]]) == tricky.replace('gives: ["1"]', 'gives: ["2"]')
