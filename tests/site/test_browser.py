"""The built site in Debian's Chromium, driven by Playwright: anchors, language switch,
search (numbers and words without accents), the compare view, screenshots, no network."""

from __future__ import annotations

import html
import os
import re
import time
from pathlib import Path

import pytest

from tolaria.numbering import RuleNumber
from tolaria_testing import box_answers, ready_box, serving

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"

def _search(page, query: str) -> None:
    """Type query in the search box (the theme reads keyup events) until the index, set up
    in a worker once the page has loaded, answers; then show the box's answer to query
    alone. The worker answers in the order asked, each key's value in turn: once the box
    shows its answer to a number asked after them (ready_box), none is pending, and query
    asked again is the last answer shown (box_answers)."""
    deadline = time.monotonic() + 15
    box = page.locator("input.md-search__input")
    box.click()
    box.fill("")  # a 404 page opens the box on what was asked
    box.press_sequentially(query, delay=10)
    while True:
        try:
            page.wait_for_selector(".md-search-result__item", timeout=1000)
            break
        except Exception:  # the worker was not ready yet: a key up asks again
            if time.monotonic() > deadline:
                raise
            box.press("End")
    ready_box(page)
    box_answers(page, [query])



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
    _switch_language(page, "es", "**/es/104/#104.3b")
    rule = page.locator('[id="104.3b"]')
    assert "pierde el juego" in rule.inner_text()
    assert rule.evaluate("el => el.matches(':target')")
    assert page.locator("html").get_attribute("lang") == "es"


def _switch_language(page, lang: str, url: str) -> None:
    """Pick lang in the header's language switcher; wait for the address url (a glob)."""
    page.locator(".md-header__option .md-select").hover()
    page.locator(f'a.md-select__link[hreflang="{lang}"]').click()
    page.wait_for_url(url)


def _highlighted(locator) -> bool:
    """Whether an element is the page's target and shows it (a background of its own, once
    its transition has run)."""
    deadline = time.monotonic() + 2
    while True:
        background = locator.evaluate("el => getComputedStyle(el).backgroundColor")
        shown = locator.evaluate("el => el.matches(':target')") and \
            background not in ("rgba(0, 0, 0, 0)", "transparent")
        if shown or time.monotonic() > deadline:
            return shown
        time.sleep(0.1)


def _first_result(page):
    """The first row of the first search result: the link a click opens."""
    return page.locator(".md-search-result__item").first.locator("a").first


@pytest.mark.parametrize("how", ["click", "enter"])
def test_search_leads_to_a_rule_by_number(page, how):
    page.goto(page.base + "es/")
    _search(page, "104.3b")
    first = _first_result(page)
    assert first.get_attribute("href").endswith("#104.3b")  # the first row is the rule
    assert "104.3b" in first.inner_text()
    if how == "click":
        first.click()
    else:
        page.keyboard.press("Enter")
    page.wait_for_url("**/es/104/**#104.3b")
    assert _highlighted(page.locator('[id="104.3b"]'))


@pytest.mark.parametrize("lang, query, word", [("es", "finalizacion", "finalización"),
                                               ("it", "priorita", "priorità"),
                                               ("es", "prioridad", "prioridad")])
def test_search_words_lead_to_a_rule_with_the_words_highlighted(page, lang, query, word):
    page.goto(page.base + f"{lang}/")
    _search(page, query)
    first = _first_result(page)
    assert word in first.inner_text().lower()
    href = first.get_attribute("href")
    assert "/turn/" not in href and "/glossary/" not in href  # a rule, or a section's page
    first.click()
    page.wait_for_url(lambda url: f"/{lang}/" in url and "?h=" in url)
    if "#" in href:
        anchor = page.url.split("#")[1]
        assert _highlighted(page.locator(f'[id="{anchor}"]'))
    marks = page.locator("article mark").all_inner_texts()
    assert word in [m.lower() for m in marks], marks


def test_the_spanish_search_box_reaches_the_english_whole_cr(page):
    """The worker joins the Spanish site's search data with the English site's (its English
    index): a bridged question is ranked on its game words, and the row links to the rule's
    English page."""
    page.goto(page.base + "es/")
    _search(page, "bloqueadores: asignar el daño de combate")
    hrefs = [a.get_attribute("href") for a in
             page.locator(".md-search-result__item > a").all()[:3]]
    assert any("/es/cr/510/" in h and h.endswith("#510.1c") for h in hrefs), hrefs


def test_switching_language_goes_to_the_rule_with_the_same_content(page):
    """The Italian 702.25 follows an older numbering: the English 702.25m is its 702.25k."""
    page.goto(page.base + "en/702.26/#702.25m")
    _switch_language(page, "it", "**/it/702.26/#702.25k")
    rule = page.locator('[id="702.25k"]')
    assert _highlighted(rule)
    assert "702.25m" in rule.locator(".t-counterpart").inner_text()  # names the English
    # And back: the Italian 702.25e is the English 702.25f.
    page.goto(page.base + "it/702.26/#702.25e")
    _switch_language(page, "en", "**/en/702.26/#702.25f")
    assert _highlighted(page.locator('[id="702.25f"]'))


def test_switching_to_a_language_without_the_rule_says_so(page):
    page.goto(page.base + "en/702.26/#702.25e")  # added after the Italian text's edition
    _switch_language(page, "it", "**/it/702.26/#en:702.25e")
    note = page.locator(".t-anchor-note")
    assert note.is_visible() and "702.25e" in note.inner_text()
    assert page.evaluate("document.querySelector(':target')") is None


def test_an_anchor_the_page_lacks_shows_a_note(page):
    page.goto(page.base + "it/702.26/#702.25n")
    note = page.locator(".t-anchor-note")
    assert note.is_visible() and "702.25n" in note.inner_text()
    box = note.bounding_box()
    assert 0 <= box["y"] < 900  # in view: the page opens at its top, with the note
    # An English number this text has elsewhere: the note leads to it.
    page.goto(page.base + "it/702.26/#702.25p")
    note.locator('a[href="#702.25m"]').click()
    page.wait_for_url("**/it/702.26/#702.25m")
    assert _highlighted(page.locator('[id="702.25m"]'))
    assert not note.is_visible()
    # A page whose anchors are all there shows no note.
    page.goto(page.base + "it/702.26/#702.25b")
    assert not note.is_visible()


def test_a_section_number_opens_its_page_highlighted(page):
    page.goto(page.base + "es/724/#717")
    assert _highlighted(page.locator('h1[id="717"]'))
    assert not page.locator(".t-anchor-note").is_visible()


def test_copying_a_rules_link_highlights_that_rule(page):
    """The button says the link is copied, also in a browser that denies the clipboard API
    (the headless browser of these tests does, without the permission)."""
    page.goto(page.base + "en/104/#104.2a")
    rule = page.locator('[id="104.3a"]')
    rule.hover()
    rule.locator(".t-copy").click()
    page.wait_for_url("**/en/104/#104.3a")
    page.wait_for_selector('[id="104.3a"] .t-copy.t-copied', timeout=1000)
    assert _highlighted(rule)
    assert not page.locator('[id="104.2a"]').evaluate("el => el.matches(':target')")


def test_compare_view_pairs_rules_by_content(page, book):
    """The Italian 702.25e says what the English 702.25f says: they share a row, the
    Italian under its own number; the English 702.25e, which nothing in the Italian renders,
    has its critical finding in its own row."""
    page.goto(page.base + "en/compare/702.26/#702.25f")
    row = page.locator('.t-row[id="702.25f"]')
    italian = row.locator('.t-cell[lang="it"]')
    assert italian.locator(".t-own-num").inner_text() == "702.25e"
    text = book.section("it", "702.25").rule(RuleNumber.parse("702.25e")).text
    assert text.split()[-1] in italian.inner_text()
    assert row.locator('.t-cell[lang="es"] .t-own-num').count() == 0  # es: same numbers
    lost = page.locator('.t-row[id="702.25e"]')
    assert "t-absent" in lost.locator('.t-cell[lang="it"]').get_attribute("class")
    finding = lost.locator('.t-cell[lang="it"] .t-finding.t-sev-critical')
    assert finding.count() == 1 and not finding.is_visible()  # folded under one line
    lost.locator('.t-cell[lang="it"] details.t-findings > summary').click()
    assert finding.is_visible() and "alignment" in finding.inner_text()
    # Rows with the same number in every language stay as they were (the current English
    # beside them, under today's number).
    same = page.locator('.t-row[id="702.25a"] .t-cell')
    assert same.count() == 4 and page.locator('.t-row[id="702.25a"] .t-own-num').count() == 0
    assert page.locator('.t-row[id="702.25a"] .t-today-num').inner_text() == "702.26a"


def test_compare_view_shows_base_and_current_english_and_the_translations(page):
    page.goto(page.base + "en/compare/104/#104.3b")
    row = page.locator('.t-row[id="104.3b"]')
    cells = row.locator(".t-cell")
    assert [cells.nth(i).get_attribute("lang") for i in range(4)] == ["en", "en", "es", "it"]
    assert "t-now" in cells.nth(1).get_attribute("class")
    assert "0 or less" in cells.nth(0).inner_text() and "0 or less" in cells.nth(1).inner_text()
    assert "pierde el juego" in cells.nth(2).inner_text()
    boxes = [cells.nth(i).bounding_box() for i in range(4)]
    assert boxes[0]["x"] < boxes[1]["x"] < boxes[2]["x"] < boxes[3]["x"]  # on a desk
    assert abs(boxes[0]["y"] - boxes[3]["y"]) < 2
    # Today's number opens the row too; the current English shows the diff from the base.
    page.goto(page.base + "en/compare/702.26/#702.26d")
    row = page.locator('.t-row[id="702.25d"]')
    assert row.evaluate("el => getComputedStyle(el).backgroundColor") not in (
        "rgba(0, 0, 0, 0)", "transparent")
    assert row.locator(".t-now .t-diff ins").first.inner_text() == "and stickers"


def test_a_rule_answers_to_todays_number_and_shows_the_current_english(page):
    page.goto(page.base + "en/702.26/#702.26d")
    rule = page.locator('[id="702.25d"]')
    assert rule.evaluate("el => el.matches(':has(:target)')")
    assert 0 <= rule.bounding_box()["y"] < 300
    assert rule.locator(".t-num").inner_text() == "702.26d"
    assert "702.25d until 2021" in rule.locator(".t-aliases").inner_text()
    assert "Counters and stickers remain" in rule.inner_text()  # the current edition's text


def test_a_translation_says_the_english_changed_folded(page):
    page.goto(page.base + "es/702.26/#702.25d")
    note = page.locator('[id="702.25d"] details.t-lag')
    assert note.count() == 1 and note.get_attribute("open") is None  # folded
    summary = note.locator("summary")
    assert summary.is_visible() and "El inglés cambió desde" in summary.inner_text()
    assert not note.locator("ins").first.is_visible()
    summary.click()
    assert note.locator("ins").first.inner_text() == "and stickers"


def test_the_whole_cr_has_a_page_per_section_with_its_chapter_in_the_navigation(page):
    page.goto(page.base + "es/cr/704/#704.5a")
    rule = page.locator('[id="704.5a"]')
    assert rule.evaluate("el => el.matches(':target')")
    assert "0 or less life" in rule.inner_text()
    assert page.locator(".t-english-only").is_visible()  # Spanish site: English text, said so
    assert page.locator(".t-rules").get_attribute("lang") == "en"
    chapter = page.locator(".md-nav__link", has_text="7. Additional Rules").first
    assert chapter.count() == 1


def test_turn_structure_diagram_renders_offline(page):
    page.goto(page.base + "it/turn/")
    page.wait_for_selector(".t-diagram-wide div.mermaid", state="visible", timeout=10000)


def test_mermaid_loads_only_on_the_page_with_the_diagram(page):
    fetched: list[str] = []

    def record(request):
        fetched.append(request.url)

    page.on("request", record)
    page.goto(page.base + "es/104/#104.3b")
    page.wait_for_load_state("networkidle")
    assert page.locator('[id="104.3b"]').is_visible()
    assert fetched and not [url for url in fetched if "mermaid" in url]
    page.goto(page.base + "es/turn/")
    # the theme draws the diagram in a closed shadow root: a drawn diagram has its size
    drawing = page.wait_for_selector(".t-diagram-wide div.mermaid", state="visible",
                                     timeout=10000)
    assert drawing.bounding_box()["height"] > 200
    assert [url for url in fetched if url.endswith("/es/assets/vendor/mermaid.min.js")]
    page.remove_listener("request", record)


def test_no_file_of_a_rule_page_is_fetched_twice(page, site):
    """Counted where it matters, at the server: a rule page fetches nothing of the search
    until the box is focused; then its worker (one script: the scorer written in) and the
    data a query needs, each file once."""
    import functools

    from tolaria.site.serve import _Quiet, _Server

    served: list[str] = []

    class Counting(_Quiet):
        def send_head(self):
            served.append(self.path)
            return super().send_head()

    server = _Server(("127.0.0.1", 0), functools.partial(Counting, directory=str(site)))
    with serving(server) as base:
        page.goto(base + "it/104/")
        page.wait_for_load_state("networkidle")  # nothing fetched for half a second
        assert not [path for path in served if "/assets/tolaria/" in path]
        box = page.locator("input.md-search__input")
        box.click()
        box.fill("giocatore")
        page.wait_for_selector(".md-search-result__item", timeout=15000)
    assert "/it/assets/javascripts/workers/tolaria-search.js" in served
    assert "/it/assets/tolaria/search/core.json" in served
    assert sorted(path for path in set(served) if served.count(path) > 1) == []


def _diagram_scale(page, kind: str) -> float:
    """How much the visible diagram is shrunk: its shown width over the width Mermaid
    draws it at (its text is 16px at 1)."""
    host = page.locator(f".t-diagram-{kind} div.mermaid")
    host.wait_for(state="visible", timeout=10000)
    source = page.request.get(page.url).text()
    code = re.search(rf'class="t-diagram t-diagram-{kind}".*?<code>(.*?)</code>', source,
                     re.S).group(1)
    natural = page.evaluate("""async code => {
        const {svg} = await mermaid.render("t-measure", code)
        return parseFloat(/max-width:\\s*([0-9.]+)px/.exec(svg)[1])
    }""", html.unescape(code))
    return host.bounding_box()["width"] / natural


def test_turn_diagram_is_readable_on_a_phone(page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(page.base + "es/turn/")
    assert not page.locator(".t-diagram-wide").is_visible()
    scale = _diagram_scale(page, "narrow")
    assert scale * 16 >= 11, f"the diagram's text shows at {scale * 16:.1f}px"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_dashboard_is_usable_on_a_phone(page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(page.base + "es/dashboard/it/")
    row = page.locator("table.t-dashboard tr", has_text="702.26")
    attention = row.locator("td").last
    box = attention.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert "críticos" in attention.inner_text().lower()  # what needs attention, in view
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def _subfolder(tmp_path: Path, site: Path) -> Path:
    """A server's folder holding the site under /sub/."""
    (tmp_path / "sub").symlink_to(site, target_is_directory=True)
    return tmp_path


def test_a_404_under_a_subfolder_has_links_and_search(page, site, tmp_path):
    from tolaria.site.serve import make_server

    with serving(make_server(str(_subfolder(tmp_path, site)), 0)) as base:
        response = page.goto(base + "sub/es/no/such/page/")
        assert response.status == 404
        assert "404" in page.locator("article.md-content__inner h1").inner_text()
        home = page.locator("article.md-content__inner a").first.evaluate("a => a.href")
        assert home == base + "sub/es/"
        header = page.locator(".md-header").evaluate("el => getComputedStyle(el).position")
        assert header == "sticky"  # the theme's stylesheet loaded
        _search(page, "104.3b")
        assert _first_result(page).get_attribute("href").startswith(base + "sub/es/104/")


def _search_opened_on(page, asked: str) -> None:
    """The search box open, showing what was asked, and its answer listed."""
    page.wait_for_selector(".md-search-result__item", timeout=15000)
    assert page.locator("input.md-search__input").input_value() == asked
    assert page.evaluate("document.getElementById('__search').checked")


@pytest.mark.parametrize("lang, address, asked, words, anchor", [
    ("es", "es/702.99/", "702.99", "Página no encontrada", "#702.99"),
    ("it", "it/no/such/page/#702.25d", "702.25d", "Pagina non trovata",
     ("#702.25d", "#702.26d")),
    ("en", "en/cleanup_step.html", "cleanup step", "Page not found", None)])
def test_a_404_opens_the_search_on_what_was_asked(page, lang, address, asked, words, anchor):
    """tolaria serve answers a miss with the language's 404 page, status 404: in the
    address's language, its search box opened on the address's last segment or anchor."""
    response = page.goto(page.base + address)
    assert response.status == 404
    assert page.evaluate("document.documentElement.lang") == lang
    assert words in page.locator("article.md-content__inner h1").inner_text()
    _search_opened_on(page, asked)
    if anchor:
        assert _first_result(page).get_attribute("href").endswith(anchor)
    page.keyboard.press("Escape")  # closing the search gives the address back as it was
    page.wait_for_url(lambda url: "q=" not in url)
    assert page.url == page.base + address


def _root_only(site: Path, tmp_path: Path):
    """A server of the site under /sub/ that answers every miss with the root's 404.html,
    as GitHub Pages does."""
    import functools
    import http.server

    from tolaria.site.serve import _Quiet

    class RootOnly(_Quiet):
        def _not_found_page(self):
            return (site / "404.html").read_bytes()

    handler = functools.partial(RootOnly, directory=str(_subfolder(tmp_path, site)))
    return http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)


def test_the_root_404_becomes_the_addresss_languages_404_with_its_search(page, site, tmp_path):
    with serving(_root_only(site, tmp_path)) as base:
        response = page.goto(base + "sub/it/702.99/")
        assert response.status == 404
        _search_opened_on(page, "702.99")  # once the language's page has replaced the root's
        assert page.url == base + "sub/it/702.99/?q=702.99"  # the address kept
        assert "Pagina non trovata" in page.locator("article.md-content__inner h1").inner_text()
        assert page.evaluate("document.documentElement.lang") == "it"
        header = page.locator(".md-header").evaluate("el => getComputedStyle(el).position")
        assert header == "sticky"  # the theme's page, not the plain one
        home = page.locator("article.md-content__inner a").first.evaluate("a => a.href")
        assert home == base + "sub/it/"
        assert _first_result(page).get_attribute("href").endswith("#702.99")


def test_the_root_404_alone_speaks_the_addresss_language(page, site, tmp_path):
    """Where the language's 404 page cannot be fetched, the root's own words show."""
    page.route("**/it/404.html", lambda route: route.abort())
    with serving(_root_only(site, tmp_path)) as base:
        response = page.goto(base + "sub/it/999/")
        assert response.status == 404
        shown = page.locator('section[lang="it"]')
        shown.wait_for(state="visible", timeout=5000)
        assert "Pagina non trovata" in shown.inner_text()
        assert not page.locator('section[lang="en"]').is_visible()
        assert shown.locator("a").evaluate("a => a.href") == base + "sub/it/"
        shown.locator('input[name="q"]').fill("104.3b")
        shown.locator('input[name="q"]').press("Enter")
        page.wait_for_url(base + "sub/it/?q=104.3b")
        page.wait_for_selector(".md-search-result__item", timeout=15000)
        assert _first_result(page).get_attribute("href").endswith("#104.3b")


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


@pytest.mark.parametrize("lang, title, label", [("en", "What changed", "Reworded"),
                                                ("es", "Qué cambió", "Reformulada"),
                                                ("it", "Cosa è cambiato", "Riformulata")])
def test_what_changed_opens_from_home_and_leads_to_a_rule(page, lang, title, label):
    page.goto(page.base + f"{lang}/")
    page.locator("article a", has_text=title).first.click()
    page.wait_for_url(f"**/{lang}/changes/")
    assert page.locator("article h1").inner_text() == title
    page.locator(".t-editions a").first.click()  # the newest edition
    page.wait_for_url(f"**/{lang}/changes/2026-04-17/")
    change = page.locator(".t-change.t-reworded", has_text="107.3e")
    assert change.locator(".t-badge").text_content() == label
    inserted = change.locator("ins").first
    assert inserted.evaluate("el => getComputedStyle(el).backgroundColor") not in (
        "rgba(0, 0, 0, 0)", "transparent")
    change.locator("a.t-num").click()
    page.wait_for_url(f"**/{lang}/cr/107/#107.3e")
    rule = page.locator('[id="107.3e"]')
    assert rule.evaluate("el => el.matches(':target')")
    assert "used by the other object" in rule.inner_text()
