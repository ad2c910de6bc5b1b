"""The site's search answers as the CLI, for the queries of the query sets in bench/: in its
language's site in Debian's Chromium, window.tolaria.search gives the rules of `tolaria
search` (ten), in the same order, for a share of each set's queries drawn afresh on each run
(tolaria_testing.drawn: over many runs, every query); and for a share of those, so do the
rows the search box draws (the theme's worker, the same scorer, and the rows drawn from its
answer). No tolerance. The first three are then those of `tolaria search --limit 3`: a
search's first hits do not depend on how many are asked for (tolaria.search: the best bets
are ordered however many hits are asked for; the engine ranks the same candidates and cuts
the list; test_limit.py pins it). test_search.py asks window.tolaria.search the numbers of
every era, the edge cases and the best bets."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tolaria_testing import (BLIND, QUERY_SETS, RANKED, api_answers, bench_queries, box_answers,
                             cli_numbers, drawn, drawn_again)

LANGS = ("en", "es", "it")
# the share of each query set's queries asked of window.tolaria.search (the scorer the box's
# worker runs), and the share of those typed in the box too, which costs the browser twice
# as much a query: its worker, the rows it draws, and what it does to a query before
# searching (a last word still being typed completed, a number's shape checked:
# test_search.py and test_box_numbers.py type those). Each set has some of both.
ASKED, TYPED = 1 / 6, 1 / 3


Asked = tuple[str, str, int]  # a query, its set, its place in the set


def every_query() -> dict[str, dict[str, list[Asked]]]:
    """Per language, per query set, the set's queries of that language."""
    out: dict[str, dict[str, list[Asked]]] = {lang: {} for lang in LANGS}
    for path in QUERY_SETS:
        for n, (query, lang) in enumerate(bench_queries(path)):
            out[lang].setdefault(path.name, []).append((query, path.name, n))
    return out


def chosen(lang: str) -> tuple[list[Asked], list[Asked]]:
    """The run's queries asked of lang's site, and those of them typed in the box: a share
    of each set, drawn afresh."""
    asked: list[Asked] = []
    typed: list[Asked] = []
    for name, queries in QUERIES[lang].items():
        picked = drawn(queries, ASKED, f"asked {lang} {name}")
        asked += picked
        typed += drawn(picked, TYPED, f"typed {lang} {name}")
    return asked, typed


QUERIES = every_query()


def shown_rows(page, queries: list[str]) -> list[list[str]]:
    """The numbers of the rows the box draws for each query, typed one after another."""
    distinct = list(dict.fromkeys(queries))
    answers = box_answers(page, distinct, RANKED, meta=False)
    found = {query: answer["rows"] for query, answer in zip(distinct, answers)}
    return [found[q] for q in queries]


def differences(book, page, lang: str) -> tuple[list[str], int, int, float]:
    """Where the site of lang answers otherwise than the CLI, for the run's queries
    (chosen); how many were asked and typed, and the seconds the box took for them."""
    chosen_queries, typed = chosen(lang)
    asked = list(dict.fromkeys(q for q, _name, _n in chosen_queries))
    boxed = [query for query, _name, _n in typed]
    with ThreadPoolExecutor(1) as pool:  # the CLI searches while the browser does
        wanted = pool.submit(lambda: {q: cli_numbers(book, q, lang, RANKED) for q in asked})
        api = {query: [h["number"] for h in hits] for query, hits in
               zip(asked, api_answers(page, [(query, lang) for query in asked], RANKED))}
        started = time.perf_counter()
        rows = dict(zip(boxed, shown_rows(page, boxed)))
        took = time.perf_counter() - started
        wants = wanted.result()
    out = []
    for query, name, n in chosen_queries:
        said = f"query {n}" if name in BLIND else repr(query)
        for where, got in (("window.tolaria.search", api), ("box", rows)):
            if query in got and got[query] != wants[query]:
                out.append(f"{name} {said}: {where} {got[query]}, cli {wants[query]}")
    return out, len(asked), len(boxed), took


@pytest.mark.parametrize("lang", LANGS)
def test_the_site_gives_the_clis_rules_for_the_runs_bench_queries(book, box_tab, lang):
    found, asked, typed, took = differences(book, box_tab(lang), lang)
    print(f"\n{lang}: {asked} queries asked, {typed} of them typed in the box in {took:.1f} s "
          f"({1000 * took / max(1, typed):.1f} ms a query), {len(found)} differ")
    assert found == [], drawn_again(found)


def test_every_query_set_of_every_language_is_asked_and_typed_on_every_run():
    assert all(sum(map(len, QUERIES[lang].values())) > 100 for lang in LANGS)
    sets = {path.name for path in QUERY_SETS}
    for lang in LANGS:
        asked, typed = chosen(lang)
        assert set(QUERIES[lang]) == sets, lang
        assert {name for _query, name, _n in typed} == sets, lang
        assert set(typed) <= set(asked), lang
        assert len(typed) < len(asked) < sum(map(len, QUERIES[lang].values())) / 4, lang
