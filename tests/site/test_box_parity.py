"""The search box shows what the CLI shows: for every query of every query set in bench/,
typed in the box of its language's site in Debian's Chromium, the first three rows the box
draws are the rules of `tolaria search --limit 3`, in the same order. No tolerance."""

from __future__ import annotations

import time

import pytest

from tolaria.errors import UserError
from tolaria.search import search
from tolaria_testing import BLIND, QUERY_SETS, bench_queries

LANGS = ("en", "es", "it")
SHOWN = 3  # the rows compared: `tolaria search --limit 3`

# Drives the rendered box in a batch: for each query, the box's value is set and the theme's
# keyup dispatched; the theme posts the query to the search worker and, on its answer,
# rewrites the result count (even to the same words) and the rows. The first change of the
# count after the key is the answer to that query; the rows are read then (those shown: a
# refused query's message row is hidden). Consecutive queries differ (the theme does not ask
# again for the value it asked last).
DRIVE = """async ([queries, shown, timeout]) => {
    const box = document.querySelector('input.md-search__input')
    const meta = document.querySelector('.md-search-result__meta')
    const list = document.querySelector('.md-search-result__list')
    const rows = () => [...list.querySelectorAll('.md-search-result__item')]
        .filter(item => !item.hidden).slice(0, shown)
        .map(item => item.querySelector('.t-sr-num')?.textContent || '')
    const answer = query => new Promise((resolve, reject) => {
        const observer = new MutationObserver(() => {
            observer.disconnect()
            clearTimeout(timer)
            resolve(rows())
        })
        const timer = setTimeout(() => {
            observer.disconnect()
            reject(new Error('the box did not answer ' + JSON.stringify(query)))
        }, timeout)
        observer.observe(meta, {childList: true, characterData: true, subtree: true})
        box.value = query
        box.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true}))
    })
    const out = []
    for (const query of queries) out.push(await answer(query))
    return out
}"""
WARM = "704.5a"  # a number: the box answers it once the worker is ready


def every_query() -> dict[str, list[tuple[str, str, int]]]:
    """Per language, (query, its set, its place in the set) of every query of bench/."""
    out: dict[str, list[tuple[str, str, int]]] = {lang: [] for lang in LANGS}
    for path in QUERY_SETS:
        for n, (query, lang) in enumerate(bench_queries(path)):
            out[lang].append((query, path.name, n))
    return out


QUERIES = every_query()


def cli(book, query: str, lang: str) -> list[str]:
    """The numbers `tolaria search --limit 3` gives (none for a query it refuses)."""
    try:
        return [h.number for h in search(book, query, lang, limit=SHOWN)]
    except UserError:
        return []


def shown_rows(page, queries: list[str]) -> list[list[str]]:
    """The numbers of the first rows the box draws for each query, typed one after another."""
    distinct = list(dict.fromkeys(q for q in queries if q != WARM))
    answers = page.evaluate(DRIVE, [distinct, SHOWN, 20000])
    found = dict(zip(distinct, answers))
    return [found[q] for q in queries]


@pytest.fixture(scope="module")
def boxes(browser, server):
    """A page per language with its search box focused and its worker ready."""
    context = browser.new_context(service_workers="block")
    errors: list[str] = []
    pages = {}
    for lang in LANGS:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server}{lang}/")
        page.locator("input.md-search__input").focus()
        page.evaluate("""(warm) => {
            const box = document.querySelector('input.md-search__input')
            box.value = warm
            box.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true}))
        }""", WARM)
        page.wait_for_function(
            """(warm) => [...document.querySelectorAll('.md-search-result__item .t-sr-num')]
                         .some(n => n.textContent === warm)""", arg=WARM, timeout=20000)
        pages[lang] = page
    yield pages
    context.close()
    assert errors == [], errors


def differences(book, page, lang: str) -> tuple[list[str], int, float]:
    """What the box of lang shows otherwise than the CLI, the queries typed and the seconds
    the box took for them."""
    queries = QUERIES[lang]
    started = time.perf_counter()
    rows = shown_rows(page, [q for q, _name, _n in queries])
    took = time.perf_counter() - started
    out = []
    for (query, name, n), box in zip(queries, rows):
        want = cli(book, query, lang)
        if box != want:
            said = f"query {n}" if name in BLIND else repr(query)
            out.append(f"{name} {said}: box {box}, cli {want}")
    return out, len(queries), took


@pytest.mark.parametrize("lang", LANGS)
def test_the_box_shows_the_clis_first_three_rules_for_every_bench_query(book, boxes, lang):
    found, count, took = differences(book, boxes[lang], lang)
    print(f"\n{lang}: {count} queries typed in the box in {took:.1f} s "
          f"({1000 * took / max(1, count):.1f} ms a query), {len(found)} differ")
    assert found == [], "\n".join(found)


def test_a_query_set_reaches_every_language():
    assert all(len(QUERIES[lang]) > 100 for lang in LANGS)
