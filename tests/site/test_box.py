"""The search box's rows as a reader sees them, in Debian's Chromium: every hit a row, with
a snippet, under the number the CLI gives, marked English only or pre-2009 as the CLI says."""

from __future__ import annotations

import re

import pytest

from tolaria.search import search
from tolaria_testing import box_answers

NUMBERS = ["702.25", "702.26d", "717", "724.1", "500.7", "704.5a"]  # of every edition


def typed(page, query: str) -> list[dict]:
    """The rows the box shows once it answers query: number, text, marks and href of each."""
    return box_answers(page, [query], details=True)[0]["rows"]


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_every_number_typed_in_the_box_shows_its_rule(box_tab, book, site, lang):
    answers = box_answers(box_tab(lang), NUMBERS, details=True)
    for query, answer in zip(NUMBERS, answers):
        cli = search(book, query, lang, limit=3)
        rows = answer["rows"]
        assert [r["number"] for r in rows[:len(cli)]] == [h.number for h in cli], (lang, query)
        first, hit = rows[0], cli[0]
        assert all(r["text"].strip() for r in rows), (lang, query, rows)  # a snippet each
        english_only = bool(hit.english_only) and lang != "en"
        assert len(first["marks"]) == english_only + (hit.number.startswith("300")), (
            lang, query, first)
        # the row links to a page of the site, at an anchor that page has
        path, _hash, anchor = re.sub(r"\?[^#]*", "", first["href"]).split(
            f"/{lang}/", 1)[1].partition("#")
        html = (site / lang / path / "index.html").read_text(encoding="utf-8")
        assert "location.replace" not in html, first  # not a redirect page
        assert not anchor or f'id="{anchor}"' in html, first


def test_rows_say_english_only_and_pre_2009_in_the_pages_language(box_tab):
    assert typed(box_tab("es"), "704.5a")[0]["marks"] == ["solo en inglés"]
    assert typed(box_tab("it"), "704.5a")[0]["marks"] == ["solo in inglese"]
    assert typed(box_tab("en"), "704.5a")[0]["marks"] == []  # the English site: no mark
    rows = typed(box_tab("es"), "500.7")
    assert rows[0]["number"] == "300.6" and rows[0]["marks"] == [
        "anterior a 2009, sin equivalente hoy"]


def test_a_row_of_a_rule_that_moved_names_its_former_numbers_and_opens_it(box_tab):
    page = box_tab("es")
    typed(page, "702.25")
    item = page.locator(".md-search-result__item").first
    assert "702.25 hasta 2021" in item.locator(".t-sr-old").inner_text()
    item.locator("a").first.click()
    page.wait_for_url("**/es/702.26/**")
    assert page.locator("h1").first.inner_text().startswith("702.26")
