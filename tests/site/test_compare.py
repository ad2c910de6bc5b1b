"""The judges' view: the dashboard's counts and the compare page's first screen."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from tolaria.history.status import STALE, translation_status
from tolaria import i18n


def _row(body: str, number: str) -> str:
    match = re.search(r'<tr><td[^>]*><a href="[^"]*compare/' + re.escape(number)
                      + r'/">.*?</tr>', body)
    assert match, number
    return match.group(0)


@pytest.fixture(scope="module")
def dashboards(book):
    from tolaria.site.compare import dashboard_page

    i18n.set_language("en")
    return {of: dashboard_page(book, "en", of, None).markdown for of in ("en", "es")}


def test_a_section_with_rules_lagging_the_current_english_is_not_ok(book, dashboards):
    stale = [r.key for r in translation_status(book, ["es"]).rules
             if r.state == STALE and r.key.startswith("702.25")]
    assert len(stale) == 2
    row = _row(dashboards["es"], "702.26")
    assert "t-ok" not in row
    assert "2 rules lag the current English" in row


def test_the_dashboard_summary_counts_the_lagging_rules(book, dashboards):
    stale = sum(1 for r in translation_status(book, ["es"]).rules if r.state == STALE)
    assert f"Behind the current English: {stale} rules" in dashboards["es"]
    # The English text has no base to lag.
    assert "lag the current English" not in dashboards["en"]
    assert "Behind the current English" not in dashboards["en"]


class _Visible(HTMLParser):
    """The compare table's rows (id, classes) in order, and the text a reader sees."""

    def __init__(self):
        super().__init__()
        self.rows: list[tuple[str, str]] = []
        self.text: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "div" and "t-row" in classes:
            self.rows.append((attrs.get("id") or "", " ".join(classes)))
        if tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.text.append(data)


def _page(site, lang: str, number: str) -> str:
    return (site / lang / "compare" / number / "index.html").read_text(encoding="utf-8")


def _rows(html: str) -> dict[str, str]:
    """Each rule row's HTML by its id."""
    parts = re.split(r'(?=<div class="t-row[ "])', html)
    return {m.group(1): p for p in parts
            if (m := re.match(r'<div class="t-row[^"]*" id="([^"]+)"', p))}


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_the_compare_page_opens_on_the_rule_texts(site, book, lang):
    html = _page(site, lang, "702.26")
    seen = _Visible()
    seen.feed(html)
    rows = [(id_, cls) for id_, cls in seen.rows if "t-row-head" not in cls]
    numbers = {str(r.number) for r in book.section("en", "702.25").rules}
    # The first rows are rules (their texts), not findings about the whole section.
    assert [id_ for id_, _cls in rows[:3]] == ["702.25a", "702.25b", "702.25c"]
    first = re.sub(r"<[^>]+>", "", _rows(html)["702.25a"])
    english = book.section("en", "702.25").rules[0].text
    assert " ".join(english.split()[:6]) in first
    assert all(id_ in numbers or id_ == "section" or "-" in id_ for id_, _cls in rows)
    # The reader's text names no source file.
    visible = "".join(seen.text)
    assert "rules/" not in visible and ".yaml" not in visible


def test_findings_are_folded_under_one_line_per_rule(site):
    html = _page(site, "en", "702.26")
    assert "t-finding" in html
    for id_, row in _rows(html).items():
        outside = re.sub(r"<details class=\"t-findings.*?</details>", "", row, flags=re.S)
        assert "t-finding " not in outside and 't-finding"' not in outside, id_
    lost = _rows(html)["702.25e"]  # the Italian renders it nowhere: a critical finding
    summary = re.search(r'<details class="t-findings t-sev-critical"><summary>([^<]*)<', lost)
    assert summary and summary.group(1).startswith("1 finding: 1 critical")


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_the_base_to_current_diff_shows_once_per_row(site, lang):
    rows = _rows(_page(site, lang, "702.26"))
    for id_, row in rows.items():
        assert row.count('class="t-diff') <= 1, id_
    # 702.25d: the English and both translations lag today's; one diff, in today's column.
    row = rows["702.25d"]
    assert row.count('class="t-diff') == 1
    assert '<ins>and stickers</ins>' in row[row.index('class="t-cell t-now"'):]


def test_rows_are_labelled_with_todays_numbers(site):
    row = _rows(_page(site, "en", "702.26"))["702.25d"]
    label = re.search(r'<a class="t-num"[^>]*>([^<]*)</a><small class="t-row-was"[^>]*>'
                      r"([^<]*)</small>", row)
    assert label and label.groups() == ("702.26d", "702.25d")


def test_a_column_can_be_hidden_and_stays_hidden(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  service_workers="block")  # no offline copy at the reload
    try:
        tab = context.new_page()
        tab.goto(server + "es/compare/702.26/")
        spanish = tab.locator('.t-row[id="702.25a"] [data-column="es"]')
        assert spanish.is_visible()
        switch = tab.locator('.t-columns input[data-column="es"]')
        switch.uncheck()
        assert not spanish.is_visible()
        english = tab.locator('.t-row[id="702.25a"] [data-column="en"]')
        width = english.bounding_box()["width"]
        tab.reload()  # the choice is remembered
        assert not tab.locator('.t-row[id="702.25a"] [data-column="es"]').is_visible()
        assert not tab.locator('.t-columns input[data-column="es"]').is_checked()
        assert abs(english.bounding_box()["width"] - width) < 1  # three columns share the row
        tab.locator('.t-columns input[data-column="es"]').check()
        assert tab.locator('.t-row[id="702.25a"] [data-column="es"]').is_visible()
        assert english.bounding_box()["width"] < width
    finally:
        context.close()
