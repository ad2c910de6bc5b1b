"""The search box reads numbers as the CLI does, in Debian's Chromium: what is shaped like a
rule number or a range but is neither is refused with the CLI's words, and a number that no
edition has is said to be so, in the reader's language; digits among words stay words."""

from __future__ import annotations

import pytest

from tolaria import i18n
from tolaria.errors import UserError
from tolaria.lookup import typed_numbers
from tolaria.site.rows import refusals
from tolaria_testing import box_answers

# (typed, what the box says: a refusal of rows.refusals(), "unknown", or None for rows)
CASES = [("104.3a-zz", "number"), ("1-99999", "number"), ("104.3zz", "number"),
         ("104.3l", "number"), ("104.3b-104.4a", "range"), ("100-400", "long"),
         ("999.9", "unknown"), ("702.26d", None), ("104.3a-d", None),
         ("10 poison counters", None)]


def words(lang: str) -> dict[str, str]:
    interface = i18n.current_language()
    i18n.set_language(lang)
    try:
        return refusals()
    finally:
        i18n.set_language(interface)


@pytest.mark.parametrize("typed, problem", [c for c in CASES if c[1] != "unknown"])
def test_the_box_refuses_what_the_cli_refuses(typed, problem):
    if problem is None:
        typed_numbers(typed)  # the CLI takes it: a number, a range or words
    else:
        with pytest.raises(UserError):
            typed_numbers(typed)


def test_the_refusals_are_in_each_language_with_the_range_limit_filled_in():
    english, spanish, italian = words("en"), words("es"), words("it")
    assert set(english) == {"number", "range", "long", "unknown"}
    for key in english:
        assert len({english[key], spanish[key], italian[key]}) == 3, key
    assert "{count}" not in english["long"] and "200" in english["long"]
    assert "{query}" in spanish["number"] and "{number}" in italian["unknown"]


@pytest.mark.parametrize("lang", ["es", "it"])
def test_the_box_says_why_a_number_is_refused_in_the_readers_language(box_tab, lang):
    said = words(lang)
    answers = box_answers(box_tab(lang), [typed for typed, _problem in CASES])
    for (typed, problem), answer in zip(CASES, answers):
        meta, rows = answer["meta"], answer["rows"]
        if problem is None:
            assert rows, (lang, typed, meta)
            continue
        values = {"query": typed, "number": typed}
        assert (meta, rows) == (said[problem].format(**values), []), (lang, typed)
