"""The site offline and installable: each language's manifest and icons, its service
worker's lists (written from the built folder), and, in Debian's Chromium, a language read
with the network cut after a first visit: another rule page and a search."""

from __future__ import annotations

import json
import struct
import zlib

import pytest

from tolaria.site.offline import icon_png, offline_lists
from tolaria_testing import serving, type_in_box

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
                     "assets/javascripts/workers/tolaria-search.js", "sitemap.xml"):
            file = tmp_path / lang / path
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_text(f"{lang} {path}", encoding="utf-8")
    lists = offline_lists(str(tmp_path / "es"), "es")
    assert lists["pages"] == ["104/", "assets/tolaria.css", "./"]
    assert lists["more"] == ["cr/704/"]
    assert lists["search"] == ["assets/javascripts/workers/tolaria-search.js",
                               "assets/tolaria/part-1.json", "assets/tolaria/search.json",
                               "../en/assets/tolaria/part-1.json",
                               "../en/assets/tolaria/search.json"]
    assert offline_lists(str(tmp_path / "en"), "en")["search"] == [
        "assets/javascripts/workers/tolaria-search.js", "assets/tolaria/part-1.json",
        "assets/tolaria/search.json"]
    before = lists["version"]
    (tmp_path / "en" / "assets/tolaria/part-1.json").write_text("changed", encoding="utf-8")
    assert offline_lists(str(tmp_path / "es"), "es")["version"] != before


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
        assert "cr/704/" in lists["more"]
        own = sorted(p.relative_to(site / lang).as_posix()
                     for p in (site / lang / "assets" / "tolaria").rglob("*") if p.is_file())
        assert own and set(own) <= set(lists["search"])
        assert not any(p.startswith("assets/tolaria/") for p in lists["pages"])
        english = [p for p in lists["search"] if p.startswith("../en/")]
        assert bool(english) == (lang != "en")
    assert len(versions) == 3


def rows(page, query: str) -> list[str]:
    """The numbers of the rows the box shows for query."""
    type_in_box(page, query, ".md-search-result__item .t-sr-num", timeout=20000)
    return page.eval_on_selector_all(".md-search-result__item .t-sr-num",
                                     "items => items.map(i => i.innerText)")


@pytest.mark.xfail(reason="known defect: since the search loads at the first focus, a second "
                   "search with the network cut shows no rows; the pages themselves read "
                   "offline", strict=False)
def test_a_language_reads_offline_after_a_first_visit(browser, site):
    from tolaria.site.serve import make_server

    lists = lists_of(site, "es")
    context = browser.new_context()
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    with serving(make_server(str(site), 0)) as url:
        page.goto(f"{url}es/104/")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                               timeout=60000)
        assert rows(page, "robar")
        # every search file kept, the English ones the Spanish search joins among them
        page.wait_for_function("""async (urls) => {
            const cache = (await caches.keys()).find(name => name.startsWith("tolaria-es-"))
            if (!cache) return false
            const kept = await caches.open(cache)
            const found = await Promise.all(urls.map(u =>
                kept.match(new URL(u, location.origin + "/es/").href)))
            return found.every(Boolean)
        }""", arg=lists["search"], timeout=60000, polling=500)
        cache = page.evaluate("caches.keys()")
        assert cache == [f"tolaria-es-{lists['version']}"]
        context.set_offline(True)
    # the network is cut and the server is gone
    page.goto(f"{url}es/702.26/")
    assert "702.26" in page.locator("h1").first.inner_text()
    assert page.locator('[id="702.26a"]').count() == 1
    found = rows(page, "fase")
    assert found and all(n.startswith("702.26") for n in found[:1]), found
    assert rows(page, "702.26d")[0] == "702.26d"
    page.goto(f"{url}es/?q=1")  # a page's address with a query: the same page
    assert page.locator("h1").count() >= 1
    context.close()
    assert errors == [], errors
