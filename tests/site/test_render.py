"""site/render.py: where a cited rule number leads, by the numbering of the text citing it."""

from __future__ import annotations

import re

import pytest

from tolaria.cr import load_whole_cr
from tolaria.site.render import CURRENT, OLD, RULEBOOK, WHOLE, Renderer


@pytest.fixture(scope="module")
def whole():
    found = load_whole_cr()
    assert found is not None
    return found


def _links(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<a class="t-ref[^"]*" href="([^"]*)"[^>]*>([^<]*)<', html)


def test_a_text_of_the_current_edition_cites_todays_numbers(book, whole):
    english = Renderer(book, "en", whole)
    # 702.26d is today's number of the covered 702.25d: its page, by its anchor there.
    assert _links(english.text("See rule 702.26d.", "../", scheme=CURRENT)) == [
        ("../702.26/#702.25d", "702.26d")]
    # Today 702.25 is another keyword than Phasing: the whole CR's rule, not the covered one.
    assert _links(english.text("See rule 702.25a.", "../", scheme=CURRENT)) == [
        ("../cr/702/#702.25a", "702.25a")]
    # A text of the rulebook's edition (2020) cites 702.25d as Phasing.
    assert _links(english.text("See rule 702.25d.", "../", scheme=RULEBOOK)) == [
        ("../702.26/#702.25d", "702.25d")]


def test_a_number_that_moved_is_linked_to_todays_rule_shown_as_the_text_has_it(book, whole):
    spanish = Renderer(book, "es", whole)
    html = spanish.text("Ver la regla 716.1f.", "../", moved={"716.1f": "724.1f"})
    assert _links(html) == [("../724/#717.1f", "716.1f")]  # the covered rule, in Spanish
    html = spanish.text("Ver la regla 718.", "../", moved={"718": "727"})
    assert _links(html) == [("../cr/727/", "718")]
    assert "‡" in html  # English only, said so on a Spanish page


def test_only_a_number_the_current_edition_lacks_is_left_plain(book, whole):
    english = Renderer(book, "en", whole)
    html = english.text("See rule 704.99 and rule 704.5a.", "../../", scheme=WHOLE, page="704")
    assert _links(html) == [("#704.5a", "704.5a")]
    assert 'class="t-ref-missing"' in html and english.missing == {"704.99"}
    old = english.text("See Rule 302 and rule 300.1.", "../", scheme=OLD)
    assert _links(old) == [("../300/#300.1", "300.1")]
    assert 'class="t-ref-old"' in old and english.old == {"302"}
    english.reset()
    assert not (english.missing or english.english or english.old)


def test_without_the_whole_cr_an_uncovered_number_is_a_plain_number(book):
    english = Renderer(book, "en")
    html = english.text("See rule 704.5a.", "../")
    assert _links(html) == [] and english.missing == {"704.5a"}
