"""The search box when its data does not come, in Debian's Chromium: a file of the search that
fails once is fetched again and the box shows its rows; one that never comes leaves one row
that says so in the reader's language, never a silent box."""

from __future__ import annotations

import json
import re

import pytest

from tolaria import i18n
from tolaria.search import search
from tolaria.search.shards import PACK_SHARDS
from tolaria.site.rows import labels
from tolaria_testing import box_answers, ready_box

QUERY = {"en": "cleanup step", "es": "paso de limpieza"}
# a shard of the postings, a file of the rows, and the data a search opens with
FILES = {"shard": r"/assets/tolaria/search/\d+\.json$", "rows": r"/assets/tolaria/rows/\d+\.json$",
         "index": r"/assets/tolaria/search/(core|index)\.json$"}
PACK = re.compile(r"/assets/tolaria/search/packs/\d+\.json$")


def said(lang: str) -> str:
    interface = i18n.current_language()
    i18n.set_language(lang)
    try:
        return labels()["failed"]
    finally:
        i18n.set_language(interface)


def opened(browser, server: str, lang: str, pattern: str, aborted):
    """A page of lang whose requests matching pattern are aborted when aborted(url) says so
    (its workers' fetches are routed as its own: no service worker), its box focused."""
    context = browser.new_context(service_workers="block")
    errors: list[str] = []

    def route(request_route):
        if aborted(request_route.request.url):
            request_route.abort()
        else:
            request_route.continue_()
    context.route(re.compile(pattern), route)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server}{lang}/")
    page.locator("input.md-search__input").focus()
    return context, page, errors


@pytest.mark.parametrize("lang, kind", [("es", "shard"), ("es", "rows"), ("en", "index")])
def test_a_file_of_the_search_that_fails_once_is_fetched_again(browser, server, book, lang,
                                                               kind):
    failed: list[str] = []

    def once(url: str) -> bool:
        if url in failed:
            return False
        failed.append(url)
        return True
    context, page, errors = opened(browser, server, lang, FILES[kind], once)
    try:
        rows = box_answers(page, [QUERY[lang]])[0]["rows"]
        assert failed, kind  # some were aborted, and asked for again
        assert rows[:3] == [h.number for h in search(book, QUERY[lang], lang, limit=3)]
        ready_box(page)  # the box goes on answering
    finally:
        context.close()
    assert errors == [], errors


@pytest.mark.parametrize("lang, kind", [("es", "shard"), ("it", "rows"), ("en", "index")])
def test_a_file_that_never_comes_leaves_one_row_saying_so(browser, server, lang, kind):
    query = QUERY.get(lang, "fase di cancellazione")
    context, page, errors = opened(browser, server, lang, FILES[kind], lambda url: True)
    try:
        answer = box_answers(page, [query])[0]
        assert (answer["meta"], answer["rows"]) == (said(lang), []), (lang, kind)
    finally:
        context.close()
    assert errors == [], errors


def test_a_pack_read_ahead_damaged_leaves_its_shards_to_be_fetched_when_a_search_reads_them(
        browser, server, book):
    """Every shard and pack of the English search comes damaged the first time (a pack as a
    list of damaged texts): the first search's own fetches are tried again at once; the
    read-ahead's packs (their shards kept as text, parsed when first read) leave each shard
    to be fetched when a later search reads it. Both searches show the CLI's rows."""
    context = browser.new_context(service_workers="block")
    damaged: set[str] = set()
    errors: list[str] = []

    def route(request_route):
        url = request_route.request.url
        if url in damaged:
            request_route.continue_()
            return
        damaged.add(url)
        body = json.dumps(['{"not json'] * PACK_SHARDS) if PACK.search(url) else '{"not json'
        request_route.fulfill(status=200, content_type="application/json", body=body)
    context.route(re.compile(FILES["shard"]), route)
    context.route(PACK, route)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{server}en/")
        ready_box(page)
        first, later = "cleanup step", "phasing"
        assert box_answers(page, [first], 3)[0]["rows"] == [
            h.number for h in search(book, first, "en", limit=3)]
        page.wait_for_timeout(4000)  # the read-ahead, two seconds after the first rows
        read_ahead = set(damaged)
        assert sum(bool(PACK.search(url)) for url in read_ahead) > 20  # read ahead, damaged
        assert box_answers(page, [later], 3)[0]["rows"] == [
            h.number for h in search(book, later, "en", limit=3)]
        fetched = damaged - read_ahead  # the shards the later search read, one by one
        assert fetched and not any(PACK.search(url) for url in fetched)
    finally:
        context.close()
    assert errors == [], errors


def test_the_failure_is_said_in_each_language():
    words = {said(lang) for lang in ("en", "es", "it")}
    assert len(words) == 3 and all(words)
