"""One numbering on the site, today's: covered sections at today's numbers, the numbers they
had as redirect pages and alias anchors, in Debian's Chromium and in the built files."""

from __future__ import annotations

import re

import pytest

from tolaria.model import LANGUAGES
from tolaria.site.addresses import former_numbers, today_number

FORMER = ("702.25", "717")  # the rulebook's numbers of Phasing and of ending the turn


@pytest.fixture(scope="module")
def page(browser, server):
    """One page for the module, without the service worker (whose offline copy a second
    page view would start)."""
    context = browser.new_context(service_workers="block")
    tab = context.new_page()
    tab.base = server
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert errors == [], errors


def _target(page) -> str | None:
    return page.evaluate("document.querySelector(':target') && document.querySelector(':target').id")


@pytest.mark.parametrize("address, number", [("es/702.26/", "702.26"), ("it/724/", "724")])
def test_todays_addresses_open_the_rules(page, address, number):
    response = page.goto(page.base + address)
    assert response.status == 200
    assert page.locator("h1").first.inner_text().startswith(f"{number}. ")
    assert page.title().startswith(f"{number}. ")


@pytest.mark.parametrize("old, new", [("es/702.25/", "es/702.26/"), ("es/717/", "es/724/"),
                                      ("it/compare/717/", "it/compare/724/")])
def test_former_addresses_redirect_to_todays(page, old, new):
    page.goto(page.base + old)
    page.wait_for_url(f"**/{new}")
    assert page.url == page.base + new


@pytest.mark.parametrize("address", ["es/702.26/#702.25d", "es/702.25/#702.25d"])
def test_an_anchor_of_a_former_number_lands_on_the_rule(page, address):
    page.goto(page.base + address)
    page.wait_for_url("**/es/702.26/#702.25d")
    assert _target(page) == "702.25d"
    rule = page.locator('[id="702.25d"]')
    assert rule.locator(".t-num").first.inner_text() == "702.26d"
    assert rule.is_visible()


def test_an_anchor_of_any_edition_lands_on_the_rule(page):
    page.goto(page.base + "en/724/#723.1d")  # 724.1d in the editions of 2025
    assert _target(page) == "723.1d"
    holder = page.locator('[id="723.1d"]').locator("xpath=ancestor::div[contains(@class,'t-rule')][1]")
    assert holder.get_attribute("id") == "717.1d"


def test_no_page_lists_a_former_number_as_a_sections_number(page):
    for lang in LANGUAGES:
        for address in ("", "compare/", "turn/", f"dashboard/{lang}/", "702.26/"):
            page.goto(f"{page.base}{lang}/{address}")
            shown = page.evaluate("""() => [
                ...document.querySelectorAll('.t-sections .t-num, .md-nav__link, h1, title,'
                                             + ' .md-content li > a, table.t-dashboard td:first-child')]
                .filter(e => !/(^|\\/)cr\\//.test(e.getAttribute('href') || ''))
                .map(e => e.innerText.trim())""")
            for text in shown:
                assert not re.match(r"(702\.25|717)\b(?![.\d])", text), (lang, address, text)
            if address == "turn/":
                text = page.locator("article").inner_text()
                assert "724" in text and not re.search(r"\b717\b(?!\.)", text), lang


def test_a_translation_shows_the_numbers_its_rule_had(page):
    page.goto(page.base + "es/724/#717.1")
    said = page.locator('[id="717.1"] .t-aliases').first.inner_text()
    assert "717.1" in said and "723.1 hasta 2026" in said


def test_the_redirect_pages_are_static_with_the_anchor_kept(site, book):
    moved = former_numbers(book, book.section_numbers())
    assert moved["702.25"] == "702.26" and moved["717"] == "724" and "702.26" not in moved
    for lang in LANGUAGES:
        for folder in ("", "compare/"):
            html = (site / lang / folder / "717" / "index.html").read_text(encoding="utf-8")
            assert html.startswith("<!doctype html>") and f'lang="{lang}"' in html
            assert '<link rel="canonical" href="../724/">' in html
            assert 'http-equiv="refresh" content="0; url=../724/"' in html
            assert "location.hash" in html
    assert today_number(book, "300") == "300"  # no counterpart today: its own number
    assert (site / "es" / "300" / "index.html").read_text(encoding="utf-8").count("t-rule") > 1
