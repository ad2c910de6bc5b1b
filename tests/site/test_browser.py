"""The built site in Debian's Chromium, driven by Playwright: anchors, language switch,
search (numbers and words without accents), the compare view, screenshots, no network."""

from __future__ import annotations

import os
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest

CHROMIUM = os.environ.get("TOLARIA_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


@pytest.fixture(scope="module")
def server(site):
    from tolaria.site.serve import serve_in_background, url_of

    httpd = serve_in_background(str(site))
    yield url_of(httpd)
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `make browser` installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield instance
        instance.close()


@pytest.fixture
def page(browser, server):
    """A fresh page; any request to another host fails the test (the site works offline)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    remote: list[str] = []

    def check(request):
        if urlparse(request.url).hostname not in ("127.0.0.1", "localhost"):
            remote.append(request.url)

    context.on("request", check)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.base = server
    yield tab
    context.close()
    assert remote == [], f"requests to other hosts: {remote}"
    assert errors == [], f"script errors: {errors}"


def _search(page, query: str) -> None:
    """Type query in the search box (the theme reads keyup events) until the index, set up
    in a worker once the page has loaded, answers."""
    deadline = time.monotonic() + 15
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(query, delay=10)
    while True:
        try:
            page.wait_for_selector(".md-search-result__item", timeout=1000)
            return
        except Exception:  # the worker was not ready yet: a key up asks again
            if time.monotonic() > deadline:
                raise
            box.press("End")


def test_a_rule_opens_by_its_anchor_highlighted(page):
    page.goto(page.base + "en/104/#104.3b")
    rule = page.locator('[id="104.3b"]')
    assert rule.evaluate("el => el.matches(':target')")
    background = rule.evaluate("el => getComputedStyle(el).backgroundColor")
    assert background not in ("rgba(0, 0, 0, 0)", "transparent")
    box = rule.bounding_box()
    assert 0 <= box["y"] < 300  # scrolled to it, below the header
    assert "0 or less" in rule.inner_text()


def test_switching_language_keeps_the_rule(page):
    page.goto(page.base + "en/104/#104.3b")
    page.locator(".md-header__option .md-select").hover()
    page.locator('a.md-select__link[hreflang="es"]').click()
    page.wait_for_url("**/es/104/#104.3b")
    rule = page.locator('[id="104.3b"]')
    assert "pierde el juego" in rule.inner_text()
    assert rule.evaluate("el => el.matches(':target')")
    assert page.locator("html").get_attribute("lang") == "es"


def test_search_finds_a_rule_by_number(page):
    page.goto(page.base + "en/")
    _search(page, "104.3b")
    page.keyboard.press("Enter")
    page.wait_for_url("**/en/104/**#104.3b")
    assert page.locator('[id="104.3b"]').evaluate("el => el.matches(':target')")


@pytest.mark.parametrize("lang, query, word", [("es", "finalizacion", "finalización"),
                                               ("it", "priorita", "priorità")])
def test_search_finds_words_typed_without_accents(page, lang, query, word):
    page.goto(page.base + f"{lang}/")
    _search(page, query)
    first = page.locator(".md-search-result__item").first
    assert word in first.inner_text().lower()
    page.keyboard.press("Enter")  # the theme follows the best match of the first result
    page.wait_for_url(lambda url: f"/{lang}/" in url and "?h=" in url)
    assert word in page.locator("article").inner_text().lower()


def test_compare_view_shows_three_languages_side_by_side(page):
    page.goto(page.base + "en/compare/104/#104.3b")
    row = page.locator('.t-row[id="104.3b"]')
    cells = row.locator(".t-cell")
    assert [cells.nth(i).get_attribute("lang") for i in range(3)] == ["en", "es", "it"]
    assert "0 or less" in cells.nth(0).inner_text()
    assert "pierde el juego" in cells.nth(1).inner_text()
    boxes = [cells.nth(i).bounding_box() for i in range(3)]
    assert boxes[0]["x"] < boxes[1]["x"] < boxes[2]["x"]  # side by side on a desk
    assert abs(boxes[0]["y"] - boxes[2]["y"]) < 2


def test_turn_structure_diagram_renders_offline(page):
    page.goto(page.base + "it/turn/")
    page.wait_for_selector("div.mermaid", timeout=10000)


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_screenshots_of_a_section_page(page, lang):
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in ((390, 844), (1280, 900)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(page.base + f"{lang}/104/#104.2a")
        path = ARTIFACTS / f"site-{lang}-104-{width}.png"
        page.screenshot(path=str(path))
        assert path.stat().st_size > 10_000
        # Nothing overflows sideways on a phone.
        assert page.evaluate("document.documentElement.scrollWidth") <= width
