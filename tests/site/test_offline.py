"""The site offline and installable: each language's manifest and icons, its service
worker's lists (written from the built folder), and, in Debian's Chromium, what a single
page view fetches (the page's own files, nothing of the offline copy), that reading on (two
pages, or a page and a search) starts the copy, and, for one of them drawn each run, the
language read with the network cut once copied: a page not visited, a search for new
words, a page of the whole CR not kept."""

from __future__ import annotations

import json
import posixpath
import struct
import time
import zlib

import pytest

from tolaria.site.offline import icon_png, offline_lists
from tolaria_testing import SEED, SHARD_FILE, chance, counting, quiet_served, serving, type_in_box

LANGS = ("en", "es", "it")


def lists_of(site, lang: str) -> dict:
    first = (site / lang / "sw.js").read_text(encoding="utf-8").splitlines()[0]
    prefix = "self.TOLARIA_OFFLINE = "
    first = first.rstrip(";")
    assert first.startswith(prefix)
    return json.loads(first[len(prefix):])


def test_an_icon_is_a_png_of_its_size_with_a_white_mark_on_the_theme_colour():
    data = icon_png(48)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, depth, kind = struct.unpack(">IIBB", data[16:26])
    assert (width, height, depth, kind) == (48, 48, 8, 2)
    start = data.index(b"IDAT") + 4
    length = struct.unpack(">I", data[start - 8:start - 4])[0]
    pixels = zlib.decompress(data[start:start + length])
    assert len(pixels) == 48 * (1 + 48 * 3)
    row = pixels[24 * 145 + 1:25 * 145]  # the middle row: the T's stem
    colours = {bytes(row[i:i + 3]) for i in range(0, len(row), 3)}
    assert colours == {b"\x3f\x51\xb5", b"\xff\xff\xff"}
    assert bytes(row[:3]) == b"\x3f\x51\xb5" and bytes(row[72:75]) == b"\xff\xff\xff"


def test_the_lists_come_from_the_built_folder_and_the_version_from_its_files(tmp_path):
    for lang in ("en", "es"):
        for path in ("index.html", "104/index.html", "assets/tolaria.css", "cr/704/index.html",
                     "assets/tolaria/search.json", "assets/tolaria/part-1.json",
                     "assets/javascripts/workers/tolaria-search.js", "sitemap.xml",
                     "search/search_index.json", "assets/vendor/mermaid.js"):
            file = tmp_path / lang / path
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_text(f"{lang} {path}", encoding="utf-8")
        (tmp_path / lang / "404.html").write_text(
            '<link rel="stylesheet" href="./assets/tolaria.css"><link rel="icon" href="x.svg">'
            '<script src="https://example.org/a.js"></script><a href="./104/">104</a>',
            encoding="utf-8")
    lists = offline_lists(str(tmp_path / "es"), "es")
    assert lists["shell"] == ["404.html", "assets/tolaria.css"]
    assert lists["pages"] == ["104/", "./"]
    assert "more" not in lists  # the whole CR's pages: kept only as read
    assert lists["search"] == ["assets/javascripts/workers/tolaria-search.js",
                               "assets/tolaria/part-1.json", "assets/tolaria/search.json",
                               "search/search_index.json",
                               "../en/assets/tolaria/part-1.json",
                               "../en/assets/tolaria/search.json"]
    assert offline_lists(str(tmp_path / "en"), "en")["search"] == [
        "assets/javascripts/workers/tolaria-search.js", "assets/tolaria/part-1.json",
        "assets/tolaria/search.json", "search/search_index.json"]
    before = lists["version"]
    (tmp_path / "en" / "assets/tolaria/part-1.json").write_text("changed", encoding="utf-8")
    after = offline_lists(str(tmp_path / "es"), "es")["version"]
    assert after != before
    (tmp_path / "es" / "cr/704/index.html").write_text("changed", encoding="utf-8")
    assert offline_lists(str(tmp_path / "es"), "es")["version"] != after


def test_each_language_is_installable_and_lists_what_it_built(site, parse):
    versions = set()
    for lang in LANGS:
        manifest = json.loads((site / lang / "manifest.webmanifest").read_text("utf-8"))
        assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
        assert manifest["lang"] == lang and manifest["theme_color"] == "#3f51b5"
        assert {i["sizes"] for i in manifest["icons"]} == {"192x192", "512x512"}
        for icon in manifest["icons"]:
            assert (site / lang / icon["src"]).read_bytes()[:4] == b"\x89PNG"
        links = [a for tag, a in parse(site / lang / "104" / "index.html").tags
                 if tag == "link" and a.get("rel") == "manifest"]
        assert [a["href"] for a in links] == ["../manifest.webmanifest"]
        lists = lists_of(site, lang)
        versions.add(lists["version"])
        assert "104/" in lists["pages"] and "./" in lists["pages"]
        assert "404.html" in lists["shell"] and "assets/tolaria.js" in lists["shell"]
        assert not set(lists["shell"]) & set(lists["pages"])
        assert not any(p.startswith("cr/") for p in lists["pages"] + lists["shell"])
        assert "search/search_index.json" in lists["search"]
        own = sorted(p.relative_to(site / lang).as_posix()
                     for p in (site / lang / "assets" / "tolaria").rglob("*") if p.is_file())
        packs = dict(lists["packs"])
        assert own and set(own) == {p for p in lists["search"] + list(packs)
                                    if p.startswith("assets/tolaria/")}
        # each shard in one pack, in its order
        packed = [shard for shards in packs.values() for shard in shards]
        shards = [p for p in lists["search"] if SHARD_FILE.search(p)]
        assert sorted(packed) == sorted(shards) and len(set(packed)) == len(packed)
        for pack, held in packs.items():
            texts = json.loads((site / lang / pack).read_text(encoding="utf-8"))
            assert texts == [(site / lang / shard).read_text(encoding="utf-8")
                             for shard in held]
        assert not any(p.startswith("assets/tolaria/") for p in lists["pages"])
        english = [p for p in lists["search"] if p.startswith("../en/")]
        assert bool(english) == (lang != "en")
    assert len(versions) == 3


def rows(page, query: str) -> list[str]:
    """The numbers of the rows the box shows for query."""
    type_in_box(page, query, ".md-search-result__item .t-sr-num", timeout=20000)
    return page.eval_on_selector_all(".md-search-result__item .t-sr-num",
                                     "items => items.map(i => i.innerText)")


def file_of(address: str) -> str:
    """A kept address's file, relative to the site: es/./ is es/index.html."""
    return posixpath.normpath(address) + ("/index.html" if address.endswith("/") else "")


def kept(page, lang: str) -> list[str]:
    """The addresses the language's service worker keeps, relative to the site."""
    return page.evaluate("""async (lang) => {
        const name = (await caches.keys()).find(n => n.startsWith(`tolaria-${lang}-`))
        if (!name) return []
        const cache = await caches.open(name)
        return (await cache.keys()).map(r => new URL(r.url).pathname.slice(1))
    }""", lang)


def kept_once(page, lang: str, wanted: set[str], longest_ms: int = 60000) -> set[str]:
    """The files the language's service worker keeps, relative to the site, once they hold
    every file of wanted (the offline copy done), or as they are after longest_ms."""
    waited = 0
    while True:
        have = {file_of(p) for p in kept(page, lang)}
        if wanted <= have or waited >= longest_ms:
            return have
        page.wait_for_timeout(200)
        waited += 200


def test_a_single_page_view_fetches_only_the_pages_own_files(browser, site):
    from tolaria.site.serve import make_server

    lists = lists_of(site, "es")
    context = browser.new_context()
    page = context.new_page()
    own: list[str] = []
    page.on("request", lambda request: own.append(request.url))
    httpd = counting(make_server(str(site), 0))
    with serving(httpd) as url:
        page.goto(f"{url}es/104/")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                               timeout=30000)
        served = [path for path, _ in quiet_served(httpd)]
        mine = {u[len(url) - 1:] for u in own}
        shell = {f"/es/{p}" for p in lists["shell"]}
        assert "/es/104/" in served
        assert set(served) <= mine | shell | {"/es/sw.js"}, set(served) - mine
        assert not any("/assets/tolaria/" in p or "search" in p for p in served), served
        assert set(kept(page, "es")) >= {p.lstrip("/") for p in shell}
    context.close()


# how the offline copy starts: a second page view, or a first search
READINGS = [("es", "two pages"), ("en", "a page and a search")]


def copy_started(httpd, lang: str, lists: dict, read: set[str], longest_s: float = 30):
    """Whether the server was asked for a page of the language's list that the reader never
    read (the offline copy at work) within longest_s."""
    others = {f"/{lang}/{p}" for p in lists["pages"]} - read
    until = time.monotonic() + longest_s
    while time.monotonic() < until:
        if any(path in others for path, _ in list(httpd.served)):
            return True
        time.sleep(0.1)
    return False


@pytest.mark.parametrize("lang, first", READINGS)
def test_a_language_reads_offline_after_the_reader_read_on(browser, site, lang, first):
    """Each way of reading on starts the copy, on every run; one of them, drawn afresh on
    each run, then waits for the whole copy and reads the language with the network cut
    (a copy of a language fetches every page of it: seconds of the browser's time)."""
    from tolaria.site.serve import make_server

    whole = (lang, first) == chance("offline copy").choice(READINGS)
    print(f"{lang}, {first}: {'the whole copy' if whole else 'its start'} "
          f"(drawn again by TOLARIA_TEST_SEED={SEED})")
    lists = lists_of(site, lang)
    wanted = {file_of(f"{lang}/{p}") for p in lists["pages"] + lists["search"] + lists["shell"]}
    context = browser.new_context()
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    shards: list[bool] = []  # whether the service worker answered each shard a search read
    context.on("response", lambda response: SHARD_FILE.search(response.url)
               and shards.append(response.from_service_worker))
    httpd = counting(make_server(str(site), 0))
    with serving(httpd) as url:
        page.goto(f"{url}{lang}/104/")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                               timeout=30000)
        quiet_served(httpd)
        assert not any(p.startswith(f"/{lang}/glossary") for p, _ in httpd.served)
        if first == "two pages":
            page.goto(f"{url}{lang}/702.26/")
        else:
            assert rows(page, "draw" if lang == "en" else "robar")
            # a shard not kept yet: the browser's fetch, not the service worker's answer
            assert shards and not any(shards), shards
        if whole:
            have = kept_once(page, lang, wanted)
            assert wanted <= have, sorted(wanted - have)[:5]
            cache = page.evaluate("caches.keys()")
            assert cache == [f"tolaria-{lang}-{lists['version']}"]
            context.set_offline(True)
        else:
            assert copy_started(httpd, lang, lists, {f"/{lang}/104/", f"/{lang}/702.26/"})
    if whole:  # the network is cut and the server is gone
        read_offline(page, url, lang, shards)
    context.close()
    assert errors == [], errors


def read_offline(page, url: str, lang: str, shards: list[bool]) -> None:
    """A copied language read with the network cut: a page not visited, a search for new
    words (its shards kept by the copy), a page of the whole CR not kept."""
    page.goto(f"{url}{lang}/724/")  # a section page not visited
    assert "724" in page.locator("h1").first.inner_text()
    assert page.locator('[id="724.1"]').count() == 1
    shards.clear()
    found = rows(page, "fase" if lang == "es" else "phasing")
    assert found and found[0].startswith("702.26"), found
    assert shards and all(shards), shards  # kept by the copy (from their packs)
    assert rows(page, "702.26d")[0] == "702.26d"
    page.goto(f"{url}{lang}/?q=1")  # a page's address with a query: the same page
    assert page.locator("h1").count() >= 1
    page.goto(f"{url}{lang}/cr/704/")  # a page of the whole CR never read: not kept
    note = page.locator("[data-tolaria-offline]")
    assert note.is_visible(), page.locator("body").inner_text()[:300]
    if lang == "es":
        assert "sin conexión" in note.inner_text()
