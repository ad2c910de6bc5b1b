"""site/english.py: the current English beside a translation's rules, as HTML and in
Chromium (hidden, folded under each rule, or in a column; the choice kept and applied before
paint on every page)."""

from __future__ import annotations

import re

import pytest

from tolaria import i18n
from tolaria.cr import load_whole_cr
from tolaria.site.english import STORAGE_KEY, english_aside, english_control
from tolaria.site.pages import section_page
from tolaria.site.render import Renderer
from tolaria.site.today import TodayView


@pytest.fixture(scope="module")
def whole():
    return load_whole_cr()


def _aside(book, whole, lang: str, section: str, number: str) -> str:
    view = TodayView(book, book.section(lang, section), str)
    return english_aside(view, Renderer(book, lang, whole), number, "../")


def test_a_translated_rule_carries_the_current_english_under_todays_number(book, whole):
    aside = _aside(book, whole, "es", "702.25", "702.25d")
    current = book.today_of("702.25d")
    assert aside.startswith('<div class="t-en" lang="en">')
    assert "702.26d" in aside and current.number == "702.26d"
    assert "Counters and stickers remain" in aside  # today's text, not the base's
    assert "stickers" not in book.lag_of("es", "702.25d").base_text


def test_the_english_says_it_changed_only_where_it_did(book, whole):
    assert "t-en-changed" in _aside(book, whole, "es", "702.25", "702.25d")
    assert "t-en-changed" in _aside(book, whole, "it", "702.25", "702.25d")
    up_to_date = _aside(book, whole, "es", "702.25", "702.25a")
    assert up_to_date and "t-en-changed" not in up_to_date


def test_the_english_cites_todays_numbers_linked_from_the_translations_page(book, whole):
    aside = _aside(book, whole, "es", "702.25", "702.25i")
    links = re.findall(r'href="([^"]*)"', aside)
    assert links == ["../cr/704/#704.5m", "../cr/704/#704.5n"]


def test_the_english_text_gets_no_glossary_hovers_of_the_translations_language(book, whole):
    for number in ("702.25a", "702.25b", "702.25d"):
        assert "<abbr" not in _aside(book, whole, "es", "702.25", number)


def test_the_labels_are_in_the_pages_language(book, whole):
    before = i18n.current_language()
    try:
        i18n.set_language("it")
        aside = _aside(book, whole, "it", "702.25", "702.25d")
        control = english_control()
    finally:
        i18n.set_language(before)
    assert "Inglese vigente, 702.26d" in aside
    assert "L’inglese è cambiato da questa traduzione" in aside
    assert "Nascosto" in control and "Sotto ogni regola" in control
    assert "In una colonna" in control and f'data-key="{STORAGE_KEY}"' in control


def test_only_a_translations_page_shows_the_english_and_its_control(book, whole):
    def page(lang):
        return section_page(book, lang, book.section(lang, "702.25"),
                            Renderer(book, lang, whole)).markdown

    spanish, english = page("es"), page("en")
    assert spanish.count('class="t-en-modes"') == 1
    rules = len(book.section("es", "702.25").rules)
    assert spanish.count('<div class="t-en" lang="en">') == rules
    assert spanish.count('class="t-body t-pair"') == rules
    assert "t-en" not in english and "t-pair" not in english


# --- in Chromium (the page fixture: conftest.py) ------------------------------------------

# Records, as the page is parsed, the <html data-t-english> in force when the first rule
# arrives: what the first paint of that rule can use.
AT_FIRST_RULE = """
new MutationObserver(function (records, observer) {
  if (document.querySelector(".t-rule")) {
    window.modeAtFirstRule = document.documentElement.getAttribute("data-t-english") || ""
    observer.disconnect()
  }
}).observe(document, {childList: true, subtree: true})
"""


def test_the_english_is_folded_under_each_rule_and_unfolds(page):
    page.goto(page.base + "es/702.26/")
    rule = page.locator('[id="702.25d"]')
    english = rule.locator(".t-en")
    fold = english.locator(".t-en-fold")
    assert fold.is_visible() and not english.locator(".t-en-text").is_visible()
    assert "Inglés vigente, 702.26d" in fold.inner_text()
    assert "El inglés ha cambiado desde esta traducción" in fold.inner_text()
    assert "El inglés ha cambiado" not in page.locator('[id="702.25a"] .t-en').inner_text()
    assert page.locator('.t-en-choice[data-mode="under"]').get_attribute("aria-pressed") == "true"
    fold.click()
    assert english.locator(".t-en-text").is_visible()
    assert fold.get_attribute("aria-expanded") == "true"
    assert "Counters and stickers remain" in english.locator(".t-en-text").inner_text()
    own = rule.locator(".t-own").bounding_box()
    assert english.bounding_box()["y"] >= own["y"] + own["height"] - 1  # under the rule


def test_a_column_chosen_is_kept_and_applied_before_paint_on_every_page(page):
    page.add_init_script(AT_FIRST_RULE)
    page.goto(page.base + "es/702.26/")
    page.locator('.t-en-choice[data-mode="column"]').click()
    assert page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')") == "column"
    page.goto(page.base + "it/724/")
    assert page.evaluate("window.modeAtFirstRule") == "column"  # set before the rules
    assert page.locator('.t-en-choice[data-mode="column"]').get_attribute(
        "aria-pressed") == "true"
    rule = page.locator(".t-rule:has(.t-en)").nth(1)
    own, english = rule.locator(".t-own").bounding_box(), rule.locator(".t-en").bounding_box()
    assert english["x"] >= own["x"] + own["width"]  # beside it
    assert abs(english["y"] - own["y"]) < 2
    assert rule.locator(".t-en-text").is_visible()  # unfolded
    page.goto(page.base + "en/702.26/")  # an English page: no English twice
    assert page.evaluate("window.modeAtFirstRule") == "column"
    assert page.locator(".t-en, .t-en-modes").count() == 0


def test_the_column_falls_back_to_under_the_rule_on_a_phone(page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(page.base + "es/702.26/")
    page.evaluate(f"localStorage.setItem('{STORAGE_KEY}', 'column')")
    page.reload()
    rule = page.locator('[id="702.25d"]')
    own, english = rule.locator(".t-own").bounding_box(), rule.locator(".t-en").bounding_box()
    assert english["y"] >= own["y"] + own["height"] - 1 and english["x"] == own["x"]
    assert rule.locator(".t-en-text").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_hidden_hides_every_rules_english_but_keeps_the_control(page):
    page.add_init_script(AT_FIRST_RULE)
    page.goto(page.base + "it/702.26/")
    page.locator('.t-en-choice[data-mode="hidden"]').click()
    assert page.locator(".t-en").count() > 10
    assert not page.locator(".t-en").first.is_visible()
    assert page.locator(".t-en-modes").is_visible()
    page.reload()
    assert page.evaluate("window.modeAtFirstRule") == "hidden"
    assert not page.locator(".t-en").first.is_visible()
    page.locator('.t-en-choice[data-mode="under"]').click()
    assert page.locator(".t-en-fold").first.is_visible()
