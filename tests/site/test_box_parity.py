"""The search box answers as the CLI: for every query of every query set in bench/, in its
language's site in Debian's Chromium, the rows the box draws are the rules of `tolaria
search` (ten), in the same order. No tolerance. The first three are then those of `tolaria
search --limit 3`: a search's first hits do not depend on how many are asked for
(tolaria.search: the best bets are ordered however many hits are asked for; the engine ranks
the same candidates and cuts the list; test_limit.py pins it). The page's
window.tolaria.search runs the same scorer: test_search.py asks it the numbers of every era,
the edge cases and the best bets."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tolaria.errors import UserError
from tolaria.search import search
from tolaria_answers import RANKED  # the rows compared: `tolaria search`'s default limit
from tolaria_testing import BLIND, QUERY_SETS, bench_queries, box_answers

LANGS = ("en", "es", "it")


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
    """What the box of lang's site gives otherwise than the CLI, the queries typed and the
    seconds the box took for them."""
    queries = QUERIES[lang]
    typed = [q for q, _name, _n in queries]
    with ThreadPoolExecutor(1) as pool:  # the CLI searches while the browser does
        wanted = pool.submit(lambda: {query: cli(book, query, lang)
                                      for query in dict.fromkeys(typed)})
        started = time.perf_counter()
        rows = shown_rows(page, typed)
        took = time.perf_counter() - started
        wants = [wanted.result()[query] for query in typed]
    out = []
    for (query, name, n), box, want in zip(queries, rows, wants):
        said = f"query {n}" if name in BLIND else repr(query)
        if box != want:
            out.append(f"{name} {said}: box {box}, cli {want}")
    return out, len(queries), took


@pytest.mark.parametrize("lang", LANGS)
def test_the_box_gives_the_clis_rules_for_every_bench_query(book, box_tab, lang):
    found, count, took = differences(book, box_tab(lang), lang)
    print(f"\n{lang}: {count} queries typed in the box in {took:.1f} s "
          f"({1000 * took / max(1, count):.1f} ms a query), {len(found)} differ")
    assert found == [], "\n".join(found)


def test_a_query_set_reaches_every_language():
    assert all(len(QUERIES[lang]) > 100 for lang in LANGS)
