"""The judges' view: the dashboard's counts and the compare page's first screen."""

from __future__ import annotations

import re

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
