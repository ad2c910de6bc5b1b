"""The search box when its data does not come, in Debian's Chromium: a file of the search that
fails once is fetched again and the box shows its rows; one that never comes leaves one row
that says so in the reader's language, never a silent box."""

from __future__ import annotations

import json
import re
from contextlib import contextmanager

import pytest

from tolaria import i18n
from tolaria.search import search
from tolaria.search.shards import PACK_SHARDS
from tolaria.site.rows import labels
from tolaria.site.serve import make_server
from tolaria_testing import PACK_FILE, SHARD_FILE, box_answers, ready_box, serving, tampered

QUERY = {"en": "cleanup step", "es": "paso de limpieza"}
# a shard of the postings, a file of the rows, and the data a search opens with
FILES = {"shard": SHARD_FILE.pattern, "rows": r"/assets/tolaria/rows/\d+\.json$",
         "index": r"/assets/tolaria/search/(core|index)\.json$"}


def said(lang: str) -> str:
    interface = i18n.current_language()
    i18n.set_language(lang)
    try:
        return labels()["failed"]
    finally:
        i18n.set_language(interface)


@contextmanager
def opened(browser, site, lang: str, change):
    """A page of lang, its box focused, on a server of the site that answers as change says
    (tolaria_testing.tampered: whether the page or its worker asks); no service worker, and
    no script error."""
    with serving(tampered(make_server(str(site), 0), change)) as base:
        context = browser.new_context(service_workers="block")
        errors: list[str] = []
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        try:
            page.goto(f"{base}{lang}/")
            page.locator("input.md-search__input").focus()
            yield page
        finally:
            context.close()
        assert errors == [], errors


def failing(pattern: str, when):
    """A change (see opened) that leaves a request whose path matches pattern without an
    answer (its fetch fails) when when(path) says so."""
    return lambda path: b"" if re.search(pattern, path) and when(path) else None


@pytest.mark.parametrize("lang, kind", [("es", "shard"), ("es", "rows"), ("en", "index")])
def test_a_file_of_the_search_that_fails_once_is_fetched_again(browser, site, book, lang,
                                                               kind):
    failed: list[str] = []

    def once(path: str) -> bool:
        if path in failed:
            return False
        failed.append(path)
        return True
    with opened(browser, site, lang, failing(FILES[kind], once)) as page:
        rows = box_answers(page, [QUERY[lang]])[0]["rows"]
        assert failed, kind  # some failed, and were asked for again
        assert rows[:3] == [h.number for h in search(book, QUERY[lang], lang, limit=3)]
        ready_box(page)  # the box goes on answering


@pytest.mark.parametrize("lang, kind", [("es", "shard"), ("it", "rows"), ("en", "index")])
def test_a_file_that_never_comes_leaves_one_row_saying_so(browser, site, lang, kind):
    query = QUERY.get(lang, "fase di cancellazione")
    with opened(browser, site, lang, failing(FILES[kind], lambda path: True)) as page:
        answer = box_answers(page, [query])[0]
        assert (answer["meta"], answer["rows"]) == (said(lang), []), (lang, kind)


def test_a_pack_read_ahead_damaged_leaves_its_shards_to_be_fetched_when_a_search_reads_them(
        browser, site, book):
    """Every shard and pack of the English search comes damaged the first time (a pack as a
    list of damaged texts): the first search's own fetches are tried again at once; the
    read-ahead's packs (their shards kept as text, parsed when first read) leave each shard
    to be fetched when a later search reads it. Both searches show the CLI's rows."""
    damaged: set[str] = set()

    def damage(path: str) -> bytes | None:
        if path in damaged or not (PACK_FILE.search(path) or SHARD_FILE.search(path)):
            return None
        damaged.add(path)
        body = json.dumps(['{"not json'] * PACK_SHARDS) if PACK_FILE.search(path) else '{"not json'
        return body.encode()
    with opened(browser, site, "en", damage) as page:
        ready_box(page)
        first, later = "cleanup step", "phasing"
        assert box_answers(page, [first], 3)[0]["rows"] == [
            h.number for h in search(book, first, "en", limit=3)]
        page.wait_for_timeout(4000)  # the read-ahead, two seconds after the first rows
        read_ahead = set(damaged)
        assert sum(bool(PACK_FILE.search(path)) for path in read_ahead) > 20  # read ahead, damaged
        assert box_answers(page, [later], 3)[0]["rows"] == [
            h.number for h in search(book, later, "en", limit=3)]
        fetched = damaged - read_ahead  # the shards the later search read, one by one
        assert fetched and not any(PACK_FILE.search(path) for path in fetched)


def test_the_failure_is_said_in_each_language():
    words = {said(lang) for lang in ("en", "es", "it")}
    assert len(words) == 3 and all(words)
