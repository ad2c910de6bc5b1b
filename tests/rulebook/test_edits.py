"""rulebook.edits: apply_edits changes texts in place, keeps comments and writes the canonical
form; quoted() makes a one-line YAML scalar that reads back exactly."""

from __future__ import annotations

from datetime import date

import yaml
from hypothesis import given, settings, strategies as st

from tolaria.numbering import RuleNumber
from tolaria.rulebook.edits import Edit, apply_edits, quoted
from tolaria.yamlfiles.canonical import format_yaml
from tolaria_testing import FIXTURES

N = RuleNumber.parse
SOURCE = """\
# Section 104 for the edit tests: this comment stays.
section: "104"
title: Ending the Game
lang: en
edition: 2018-07-13
source: {kind: project, name: Test fixture, translated_from: en}
rules:
  - number: "104.1"
    text: A game ends immediately when a player wins.  # end-of-line comment
  - number: "104.2"
    text: There are several ways to win the game.
  - number: "104.2a"
    text: An effect may state that a player wins the game.
    examples:
      - "Example: A card says you win the game."
  # The last rule of the fixture.
  - number: "104.10"
    text: This rule sorts after 104.2.
    earlier:
      - since: 2008-02-01
        text: An older wording.
"""


def _rules(text: str) -> dict[str, dict]:
    return {r["number"]: r for r in yaml.safe_load(text)["rules"]}


def test_replacing_a_text_keeps_the_comments_and_the_other_texts():
    out = apply_edits(SOURCE, [Edit(N("104.1"), "text", "Un juego termina: \"ya\".")])
    rules = _rules(out)
    assert rules["104.1"]["text"] == 'Un juego termina: "ya".'
    assert rules["104.2"]["text"] == "There are several ways to win the game."
    for comment in ("# Section 104 for the edit tests: this comment stays.",
                    "# end-of-line comment", "# The last rule of the fixture."):
        assert comment in out
    assert out == format_yaml(out)  # canonical already


def test_replacing_an_example_and_an_earlier_wording():
    out = apply_edits(SOURCE, [
        Edit(N("104.2a"), "example", "Ejemplo: una carta.", index=0),
        Edit(N("104.10"), "earlier", "Una redacción antigua.", since=date(2008, 2, 1))])
    rules = _rules(out)
    assert rules["104.2a"]["examples"] == ["Ejemplo: una carta."]
    assert rules["104.10"]["earlier"] == [{"since": date(2008, 2, 1),
                                           "text": "Una redacción antigua."}]
    assert rules["104.10"]["text"] == "This rule sorts after 104.2."


def test_examples_are_added_after_the_existing_ones_in_index_order():
    out = apply_edits(SOURCE, [Edit(N("104.2a"), "example", "third", index=2),
                               Edit(N("104.2a"), "example", "second", index=1)])
    assert _rules(out)["104.2a"]["examples"] == [
        "Example: A card says you win the game.", "second", "third"]


def test_a_rule_without_examples_gets_its_first():
    out = apply_edits(SOURCE, [Edit(N("104.2"), "example", "Example: one.", index=0)])
    rules = _rules(out)
    assert rules["104.2"]["examples"] == ["Example: one."]
    assert rules["104.2"]["text"] == "There are several ways to win the game."


def test_a_new_rule_goes_in_numeric_order_before_the_comments_of_the_next():
    out = apply_edits(SOURCE, [Edit(N("104.3"), "example", "Example: new.", index=0),
                               Edit(N("104.3"), "text", "A new rule."),
                               Edit(N("104.11"), "text", "The last one.")])
    rules = _rules(out)
    assert list(rules) == ["104.1", "104.2", "104.2a", "104.3", "104.10", "104.11"]
    assert rules["104.3"] == {"number": "104.3", "text": "A new rule.",
                              "examples": ["Example: new."]}
    assert out.index('"104.3"') < out.index("# The last rule") < out.index('"104.10"')
    assert out == format_yaml(out)


def test_a_source_without_a_final_newline_is_edited_too():
    out = apply_edits(SOURCE.rstrip("\n"), [Edit(N("104.10"), "text", "Changed.")])
    assert _rules(out)["104.10"]["text"] == "Changed." and out.endswith("\n")


def test_no_edits_is_the_canonical_form_of_the_fixture():
    for lang in ("en", "es", "it"):
        text = (FIXTURES / "rulebook" / lang / "104.yaml").read_text(encoding="utf-8")
        assert apply_edits(text, []) == format_yaml(text)


TEXTS = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=120)
WORDS = st.text(st.characters(whitelist_categories=("L", "N", "P", "Zs")), min_size=1,
                max_size=200).filter(lambda t: t.strip() == t and t.strip())


@settings(max_examples=60, deadline=None)
@given(texts=st.lists(WORDS, min_size=1, max_size=4), comment=st.booleans())
def test_no_edits_is_always_the_canonical_form_of_the_input(texts, comment):
    data = {"section": "104", "title": "T", "lang": "en", "edition": date(2018, 7, 13),
            "source": {"kind": "project", "name": "x"},
            "rules": [{"number": f"104.{i + 1}", "text": t} for i, t in enumerate(texts)]}
    source = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    if comment:
        source = "# a comment\n" + source
    assert apply_edits(source, []) == format_yaml(source)


@settings(max_examples=60, deadline=None)
@given(text=TEXTS)
def test_any_replacement_text_reads_back_exactly(text):
    out = apply_edits(SOURCE, [Edit(N("104.2"), "text", text)])
    assert _rules(out)["104.2"]["text"] == text
    assert "# end-of-line comment" in out


@settings(max_examples=200, deadline=None)
@given(text=st.text(st.characters(blacklist_categories=("Cs",))))
def test_quoted_round_trips_through_yaml_on_one_line(text):
    scalar = quoted(text)
    assert "\n" not in scalar and scalar.startswith('"') and scalar.endswith('"')
    assert yaml.safe_load(scalar) == text
    assert yaml.safe_load(f"key: {scalar}\n") == {"key": text}


def test_quoted_escapes_what_yaml_would_take_as_a_line_break():
    assert quoted("a\u2028b\x85c\ufeff") == '"a\\u2028b\\u0085c\\ufeff"'
    assert quoted("él dijo \"sí\"") == '"él dijo \\"sí\\""'


def test_a_base_edition_is_added_or_replaced_and_reads_back():
    out = apply_edits(SOURCE, [Edit(N("104.2a"), "base", "2026-04-17")])
    assert _rules(out)["104.2a"]["base"] == date(2026, 4, 17)
    assert out == format_yaml(out)
    again = apply_edits(out, [Edit(N("104.2a"), "base", "2026-06-12"),
                              Edit(N("104.3"), "text", "A new rule."),
                              Edit(N("104.3"), "base", "2026-06-12")])
    rules = _rules(again)
    assert rules["104.2a"]["base"] == date(2026, 6, 12) and rules["104.2a"]["examples"]
    assert (rules["104.3"]["base"], rules["104.3"]["text"]) == (date(2026, 6, 12), "A new rule.")
    assert list(rules["104.3"]) == ["number", "base", "text"]
