"""The site's search answers as the CLI: for every query of every query set in bench/, in its
language's site in Debian's Chromium, window.tolaria.search gives the rules of `tolaria
search` (ten), in the same order; and for one query in BOX_EVERY of each language (the same
ones every run), so do the rows the search box draws (the theme's worker, the same scorer,
and the rows drawn from its answer). No tolerance. The first three are then those of
`tolaria search --limit 3`: a search's first hits do not depend on how many are asked for
(tolaria.search: the best bets are ordered however many hits are asked for; the engine ranks
the same candidates and cuts the list; test_limit.py pins it). test_search.py asks
window.tolaria.search the numbers of every era, the edge cases and the best bets."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tolaria.errors import UserError
from tolaria.search import search
from tolaria_answers import RANKED  # the rows compared: `tolaria search`'s default limit
from tolaria_testing import BLIND, QUERY_SETS, api_answers, bench_queries, box_answers

LANGS = ("en", "es", "it")
# every query is asked of window.tolaria.search (the scorer the box's worker runs), which
# costs the browser half as much as the box; one in BOX_EVERY of each language is typed in
# the box too (every query set has some): its worker, the rows it draws, and what it does
# to a query before searching (a last word still being typed completed, a number's shape
# checked: test_search.py and test_box_numbers.py type those)
BOX_EVERY = 6


def every_query() -> dict[str, list[tuple[str, str, int]]]:
    """Per language, (query, its set, its place in the set) of every query of bench/."""
    out: dict[str, list[tuple[str, str, int]]] = {lang: [] for lang in LANGS}
    for path in QUERY_SETS:
        for n, (query, lang) in enumerate(bench_queries(path)):
            out[lang].append((query, path.name, n))
    return out


QUERIES = every_query()


def cli(book, query: str, lang: str) -> list[str]:
    """The numbers `tolaria search` gives, RANKED of them (none for a query it refuses)."""
    try:
        return [h.number for h in search(book, query, lang, limit=RANKED)]
    except UserError:
        return []


def shown_rows(page, queries: list[str]) -> list[list[str]]:
    """The numbers of the rows the box draws for each query, typed one after another."""
    distinct = list(dict.fromkeys(queries))
    answers = box_answers(page, distinct, RANKED, meta=False)
    found = {query: answer["rows"] for query, answer in zip(distinct, answers)}
    return [found[q] for q in queries]


def differences(book, page, lang: str) -> tuple[list[str], int, float]:
    """Where the site of lang answers otherwise than the CLI (window.tolaria.search for
    every query, the box for one in BOX_EVERY), the queries typed in the box and the
    seconds the box took for them."""
    queries = QUERIES[lang]
    asked = list(dict.fromkeys(q for q, _name, _n in queries))
    boxed = [query for query, _name, _n in queries[::BOX_EVERY]]
    with ThreadPoolExecutor(1) as pool:  # the CLI searches while the browser does
        wanted = pool.submit(lambda: {query: cli(book, query, lang) for query in asked})
        api = {query: [h["number"] for h in hits] for query, hits in
               zip(asked, api_answers(page, [(query, lang) for query in asked], RANKED))}
        started = time.perf_counter()
        rows = dict(zip(boxed, shown_rows(page, boxed)))
        took = time.perf_counter() - started
        wants = wanted.result()
    out = []
    for query, name, n in queries:
        said = f"query {n}" if name in BLIND else repr(query)
        for where, got in (("window.tolaria.search", api), ("box", rows)):
            if query in got and got[query] != wants[query]:
                out.append(f"{name} {said}: {where} {got[query]}, cli {wants[query]}")
    return out, len(boxed), took


@pytest.mark.parametrize("lang", LANGS)
def test_the_site_gives_the_clis_rules_for_every_bench_query(book, box_tab, lang):
    found, count, took = differences(book, box_tab(lang), lang)
    print(f"\n{lang}: {len(QUERIES[lang])} queries asked, {count} of them typed in the box "
          f"in {took:.1f} s ({1000 * took / max(1, count):.1f} ms a query), "
          f"{len(found)} differ")
    assert found == [], "\n".join(found)


def test_a_query_set_reaches_every_language_and_the_box_reads_some_of_each_set():
    assert all(len(QUERIES[lang]) > 100 for lang in LANGS)
    for lang in LANGS:
        boxed = {name for _query, name, _n in QUERIES[lang][::BOX_EVERY]}
        assert boxed == {path.name for path in QUERY_SETS}, lang
