"""The site's search is the CLI's: numbers of every era, edge cases and the best bets through
tolaria.search.search and through window.tolaria.search on the built site in Debian's
Chromium (the queries of bench/, asked and typed in the search box: test_box_parity.py); and
the files the build writes for it."""

from __future__ import annotations

import json
import re
from concurrent.futures import ThreadPoolExecutor

import pytest

from tolaria.errors import UserError
from tolaria.search import search
from tolaria_testing import (RANKED, REPO, SHARD_FILE, api_answers, box_answers, cli_numbers, drawn,
                             drawn_again)

ERAS = ["500.7", "502.2", "717.1", "702.25d", "702.26d", "704.5a"]  # numbers of every era


def _cli(book, queries) -> list[list[str]]:
    return [cli_numbers(book, query, lang, RANKED) for query, lang in queries]


def _both(book, tab, queries) -> tuple[list[list[str]], list[list[str]]]:
    """The numbers the CLI and the site give for each query: the CLI's searched in a thread
    while the browser searches."""
    with ThreadPoolExecutor(1) as pool:
        cli = pool.submit(_cli, book, queries)
        site = [[h["number"] for h in hits] for hits in api_answers(tab, queries, RANKED)]
        return cli.result(), site


@pytest.fixture
def tab(box_tab):
    """The English home page, whose window.tolaria.search is asked (the search box's
    page: box_tab)."""
    return box_tab("en")


def test_numbers_of_every_era_resolve_on_the_site_as_in_the_cli(book, tab):
    queries = [(number, lang) for number in ERAS for lang in ("en", "es", "it")]
    site = api_answers(tab, queries, RANKED)
    for (number, lang), hits in zip(queries, site):
        expected = [(h.number, h.lang, h.title)
                    for h in search(book, number, lang, limit=RANKED)]
        assert [(h["number"], h["lang"], h["title"]) for h in hits] == expected, (number, lang)
    assert site[0][0]["number"] == "300.6"  # 500.7: what the pre-2009 rule 300.6 became


# What the query sets hardly have: quoted phrases, typos, numbers among words, ranges of
# numbers other rules had, a decimal comma, operators, accents, words no rule has.
EDGES = ['"end of turn"', '"fuera de fase"', '"phased out" creature', '"no such phrase"',
         "trample", "fasing", "clenup stp", "rule 104.3b please", "104.3b 104.3c", "512-514",
         "702.25j-m", "104,3b", "regla 717", "723.1", "704.5a", "lose at 100 poison",
         "phasing AND untap", "FINALIZACIÓN", "priorità", "maná", "siete cartas", "the",
         "xyzzy plugh", "104.3l",
         # Spanish and Italian bridged to the whole CR in English (rules/search/english.yaml),
         # alone, two at once, among other words; English words that no bridge touches
         "arrollar", "vuela y arrollar", "¿qué pasa con toque mortal y dañar primero?",
         "acciones basadas en estado", "travolgere", "volare e legame vitale",
         "azioni generate dallo stato", "macinare il mazzo", "state-based actions",
         "first strike damage", "trample over a phased out blocker",
         # a name of another language that is a word of this one ("fase"); an English name
         # in another language; a bridge for fewer than half the words (English first, by
         # turns)
         "fase inicial del turno", "phasing de mi criatura",
         "persistere se muore due volte torna ancora?", "costo di apparire",
         # read in English word by word (the whole CR's first rule comes third); filler
         # left out; an entry spelled as typed over one sharing its stem; game words alone
         "posso attaccare direttamente un planeswalker?", "que pasa si baraja vacia",
         "prima del danno", "persistere avviene definitivamente",
         "equipaggiare turno avversario", "posso attaccare un planeswalker con Gerrard",
         "puedo sacrificar una critura", '"attaccare direttamente" un planeswalker']


def test_the_site_answers_edge_cases_exactly_as_the_cli(book, tab):
    queries = [(q, lang) for q in EDGES for lang in ("en", "es", "it")]
    cli, site = _both(book, tab, queries)
    assert [(q, s) for q, s in zip(queries, site)] == [(q, c) for q, c in zip(queries, cli)]


# Best bets among other words of a question (where a phrase must cover a third of the query
# to count): the rule that decides is the same for every topic
AROUND = {"en": "my opponent controls a creature and {}, what now?",
          "es": "mi rival controla una criatura y {}, ¿y ahora?",
          "it": "il mio avversario controlla una creatura e {}, e adesso?"}
# the shares of each language's topics whose first phrase is asked alone, and among words
ALONE, AMONG = 1 / 6, 1 / 12


def best_bet_queries(topics) -> list[tuple[str, str]]:
    """(query, language): the first phrase of a share of each language's topics alone, and
    of another share among other words, drawn afresh on each run (over many runs, every
    topic)."""
    alone, among = [], []
    for lang, around in AROUND.items():
        table = [topic for topic in topics if topic.lang == lang]
        alone += [(topic.typed[0], lang) for topic in drawn(table, ALONE, f"alone {lang}")]
        among += [(around.format(topic.typed[0]), lang)
                  for topic in drawn(table, AMONG, f"among {lang}")]
    return alone + among


def test_the_site_shows_the_best_bets_exactly_as_the_cli(book, tab):
    """Best bets (rules/search/topics.yaml): a topic's first phrase alone, and among other
    words of a question (best_bet_queries)."""
    from tolaria.search import wordlists

    topics = wordlists.lists().topics
    queries = best_bet_queries(topics)
    assert len(topics) * (ALONE + AMONG) * 1.1 > len(queries) > 300
    cli, site = _both(book, tab, queries)
    differ = [f"{lang} {query!r}: site {s}, cli {c}"
              for (query, lang), s, c in zip(queries, site, cli) if s != c]
    assert differ == [], drawn_again(differ)


def test_the_api_answers_the_documented_shape(tab):
    hits = tab.evaluate("window.tolaria.search('fuera de fase', {lang: 'es'})")
    assert hits and all(set(h) == {"number", "lang", "title"} for h in hits)
    assert hits[0]["number"] == "702.26b" and hits[0]["lang"] == "es"  # today's number
    # the page's language by default; a query with nothing to search for finds nothing
    assert tab.evaluate("window.tolaria.search('phasing')")[0]["lang"] == "en"
    assert tab.evaluate("window.tolaria.search('   ')") == []


def test_the_build_writes_the_search_files(site):
    for lang in ("en", "es", "it"):
        folder = site / lang / "assets" / "tolaria"
        core = json.loads((folder / "search" / "core.json").read_text(encoding="utf-8"))
        index = json.loads((folder / "search" / "index.json").read_text(encoding="utf-8"))
        assert core["langs"] == ["en", "es", "it"] and index["documents"]
        assert core["with_english"] == (lang != "en")
        shards = sorted(folder.glob("search/[0-9]*.json"))
        assert len(shards) == index["shards"] >= (1 if lang != "en" else 100)
        assert len(list(folder.glob("rows/[0-9]*.json"))) == core["rows"] > 1
        assert "snowballFactory" in (folder / "snowball-stemmers.js").read_text(encoding="utf-8")
        page = (site / lang / "index.html").read_text(encoding="utf-8")
        # search.js is loaded by the page's loader at the first search, not by the page
        assert 'data-engine="assets/tolaria/search.js"' in page
        assert 'src="assets/tolaria/search.js"' not in page


def test_the_rows_of_a_rules_subrules_share_a_file(site):
    from tolaria.search.shards import row_group, shard_of

    folder = site / "es" / "assets" / "tolaria" / "rows"
    count = len(list(folder.glob("[0-9]*.json")))
    holding: dict[str, set[int]] = {}
    for n in range(count):
        rows = json.loads((folder / f"{n}.json").read_text(encoding="utf-8"))
        for number in list(rows["own"]) + list(rows["whole"]):
            assert shard_of(row_group(number), count) == n, number
            holding.setdefault(row_group(number), set()).add(n)
    # the rows a search of phasing shows (702.26a to 702.26p) come in one file
    rows = json.loads((folder / f"{min(holding['702.26'])}.json").read_text(encoding="utf-8"))
    assert len(holding["702.26"]) == 1 and {"702.26a", "702.26b", "702.26p"} <= set(rows["own"])


def test_a_spanish_search_fetches_its_shards_in_one_round(browser, server):
    """The shards of the words, of their reading in English and of the English rules are
    asked for at once: none is asked for once one has come."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    events: list[tuple[str, str]] = []
    for event, kind in (("request", "asked"), ("requestfinished", "came")):
        page.on(event, lambda r, kind=kind: SHARD_FILE.search(r.url)
                and events.append((kind, r.url)))
    page.goto(f"{server}es/")
    hits = page.evaluate("window.tolaria.search('paso de limpieza', {lang: 'es'})")
    assert hits and hits[0]["number"] == "514"
    kinds = [kind for kind, _url in events]
    assert any("/en/" in url for _kind, url in events), events  # the English site's too
    assert "asked" not in kinds[kinds.index("came"):], events
    context.close()


@pytest.mark.parametrize("query", ["discard to hand size", "damage wears off end of turn",
                                   "what if I win and lose at once"])
def test_a_search_whose_phrase_skips_words_fetches_its_shards_in_one_round(browser, server,
                                                                          book, query):
    """The pairs of the words that count (stop words and filler left out) and the words'
    exact spellings, which its phrases read, are among the shards asked for at once."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    events: list[str] = []
    page.on("request", lambda r: SHARD_FILE.search(r.url) and events.append("asked"))
    page.on("requestfinished", lambda r: SHARD_FILE.search(r.url) and events.append("came"))
    page.goto(f"{server}en/")
    hits = page.evaluate("q => window.tolaria.search(q, {lang: 'en', limit: 3})", query)
    assert [h["number"] for h in hits] == [h.number for h in search(book, query, "en", limit=3)]
    assert "asked" not in events[events.index("came"):], events
    context.close()


def _of_search(url: str) -> bool:
    return any(part in url for part in ("/assets/tolaria/search", "/assets/tolaria/rows/",
                                        "snowball-stemmers", "workers/tolaria-search",
                                        "search_index.json"))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_search_loads_at_the_first_focus_and_each_file_once(browser, server, lang):
    context = browser.new_context()
    fetched: list[str] = []
    # what the server sends: a request the page's service worker answers is not counted (the
    # service worker passes it on as its own request, counted once there)
    context.on("response", lambda response: None if response.from_service_worker
               else fetched.append(response.url))
    page = context.new_page()
    page.goto(f"{server}{lang}/104/", wait_until="networkidle")  # nothing for half a second
    assert [url for url in fetched if _of_search(url)] == []
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially("turn", delay=20)
    page.wait_for_selector(".md-search-result__item", timeout=15000)
    box.press_sequentially(" phase", delay=20)
    page.wait_for_timeout(500)
    searched = [url for url in fetched if _of_search(url)]
    assert any(url.endswith(f"/{lang}/assets/tolaria/search/core.json") for url in searched)
    assert any(url.endswith("/en/assets/tolaria/search/index.json") for url in searched)
    assert len(searched) == len(set(searched)), sorted(searched)
    context.close()


def test_the_stemmers_shipped_are_the_three_the_search_runs(tmp_path):
    from tolaria.site.search import STEMMED, stemmers_js

    vendored = REPO / "build" / "vendor" / "snowball-stemmers.js"
    if not vendored.is_file():
        pytest.skip("no build/vendor/snowball-stemmers.js: run `make vendor`")
    whole, trimmed = vendored.read_text(encoding="utf-8"), stemmers_js(str(vendored))
    assert len(trimmed) < len(whole) / 3
    for name in STEMMED:
        assert f"return {name}Stemmer;" in trimmed
    assert "return germanStemmer;" not in trimmed and "var germanStemmer = null;" in trimmed
    odd = tmp_path / "other.js"
    odd.write_text("var snowballFactory = {}", encoding="utf-8")
    assert stemmers_js(str(odd)) == "var snowballFactory = {}"  # a layout not known: as is


def test_a_build_without_the_stemmers_says_what_to_run(tmp_path, monkeypatch):
    from tolaria.site.build import build_site

    monkeypatch.setenv("TOLARIA_SNOWBALL", str(tmp_path / "missing.js"))
    with pytest.raises(UserError, match="make vendor"):
        build_site(tmp_path / "out", languages=("en",))


def test_the_search_box_answers_a_word_still_being_typed(browser, server):
    """A last word no index word is but one begins is still being typed: the box answers it
    completed ("prio": priority), not read as a typo (the CLI's "prior")."""
    context = browser.new_context(service_workers="block")  # no offline copy meanwhile
    page = context.new_page()
    page.goto(server + "en/")
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially("prio", delay=20)
    # each keystroke gets its answer, in order: wait for the last one ("pri" may show first)
    page.wait_for_function(
        """() => { const item = document.querySelector('.md-search-result__item')
                   return item && /priority/i.test(item.innerText) }""", timeout=15000)
    assert "priority" in page.locator(".md-search-result__item").first.inner_text().lower()
    context.close()


@pytest.mark.parametrize("lang, query, number, href", [
    ("en", "704.5a", "704.5a", "cr/704/#704.5a"),  # a rule of the whole CR: its page
    ("es", "arrollar", "702.19a", "cr/702/#702.19a"),  # reached through the english word list
    ("en", "phased out", "702.26b", "702.26/#702.26b"),  # a covered rule: today's anchor
])
def test_the_search_box_opens_each_rule_on_its_page(box_tab, lang, query, number, href):
    page = box_tab(lang)
    rows = box_answers(page, [query], details=True)[0]["rows"]
    found = [(row["number"], re.sub(r"\?[^#]*", "", row["href"]))
             for row in rows]  # without the theme's ?h= (words to highlight)
    assert any(shown == number and link.endswith(href) for shown, link in found), found
    opened = page.context.new_page()  # the box's page stays for the next search
    try:
        opened.goto(next(link for shown, link in found if shown == number))
        assert opened.locator(f"[id='{number}']").count() >= 1
    finally:
        opened.close()
