"""formats.export: the JSON shapes of one rule and of the whole rulebook, on the tiny
rulebook."""

from __future__ import annotations

import json
from datetime import date

import pytest

from tolaria.formats.export import export_json, rule_json, rulebook_json
from tolaria.model import Rule, Wording
from tolaria.numbering import RuleNumber
from tolaria.today.loader import load_rulebook
from tolaria_testing import FIXTURES

N = RuleNumber.parse
RULE_KEYS = ["number", "lang", "title", "text", "examples", "edition", "source", "cites",
             "children"]


@pytest.fixture(scope="module")
def book():
    return load_rulebook(FIXTURES / "rulebook", use_cache=False)


def test_a_section_nests_its_rules_and_their_subrules(book):
    section = book.sections[("en", "104")]
    data = rule_json(section, None)
    assert list(data) == RULE_KEYS
    assert (data["number"], data["lang"], data["title"], data["text"]) == (
        "104", "en", "Ending the Game", None)
    assert data["edition"] == "2018-07-13"
    assert data["source"] == {"kind": "project", "name": "Test fixture", "translated_from": "en"}
    assert [c["number"] for c in data["children"]] == ["104.1", "104.2", "104.10"]
    rule_2 = data["children"][1]
    assert [c["number"] for c in rule_2["children"]] == ["104.2a"]
    assert rule_2["children"][0]["children"] == []
    json.dumps(data)  # plain JSON all the way down


def test_a_rule_has_its_text_examples_and_cites(book):
    section = book.sections[("es", "104")]
    data = rule_json(section, section.rule(N("104.2a")))
    assert data["number"] == "104.2a" and data["lang"] == "es"
    assert data["text"] == "Un efecto puede afirmar que un jugador gana el juego. (Ver la regla 704.)"
    assert data["examples"] == ["Ejemplo: Una carta dice que ganas el juego."]
    assert data["cites"] == ["704"]
    assert "since" not in data and "earlier" not in data


def test_without_children_only_their_numbers(book):
    section = book.sections[("it", "104")]
    assert rule_json(section, section.rule(N("104.2")), children=False)["children"] == ["104.2a"]
    assert rule_json(section, None, children=False)["children"] == ["104.1", "104.2", "104.10"]


def test_since_and_earlier_wordings_are_dates_in_iso_form(book):
    section = book.sections[("en", "104")]
    rule = section.rule(N("104.1"))._replace(
        since=date(2009, 10, 1), earlier=(Wording(date(2008, 2, 1), "Older.", 3),))
    data = rule_json(section, rule)
    assert data["since"] == "2009-10-01"
    assert data["earlier"] == [{"since": "2008-02-01", "text": "Older."}]


def test_the_rulebook_is_keyed_by_number_then_language(book):
    data = rulebook_json(book)
    assert list(data) == ["editions", "rules", "glossary"]
    assert list(data["rules"]) == ["104", "104.1", "104.2", "104.2a", "104.10"]  # 104.10 last
    for number, langs in data["rules"].items():
        assert list(langs) == ["en", "es", "it"], number
        for lang, rule in langs.items():
            assert rule["number"] == number and rule["lang"] == lang
            assert all(isinstance(c, str) for c in rule["children"])
    assert data["rules"]["104.2"]["es"]["text"] == "Hay varias maneras de ganar el juego."
    assert data["rules"]["104"]["en"]["children"] == ["104.1", "104.2", "104.10"]
    json.dumps(data)


def test_numbers_sort_as_numbers_across_sections_and_rules(book):
    en = book.sections[("en", "104")]
    rules = en.rules + (Rule.of(N("104.9"), "Nine."), Rule.of(N("104.11"), "Eleven."))
    other = en._replace(number=N("103"), rules=(Rule.of(N("103.10"), "Ten."),
                                                Rule.of(N("103.2"), "Two.")))
    more = {("en", "104"): en._replace(rules=rules), ("en", "103"): other}
    numbers = list(rulebook_json(book._replace(sections=more))["rules"])
    assert numbers == ["103", "103.2", "103.10", "104", "104.1", "104.2", "104.2a", "104.9",
                       "104.10", "104.11"]


def test_editions_and_glossary(book):
    data = rulebook_json(book)
    assert data["editions"] == [{"effective": "2018-07-13", "set": {
        "en": "Core Set 2019", "es": "Colección Básica 2019", "it": "Set Base 2019"}}]
    assert data["glossary"] == [{
        "id": "win-the-game", "rules": ["104.2"], "obsolete": False, "note": None,
        "names": {lang: {"name": name, "definition": None, "variants": [],
                         "obsolete_names": [], "source": None}
                  for lang, name in (("en", "Win the Game"), ("es", "Ganar el juego"),
                                     ("it", "Vincere la partita"))}}]


# --- export: every rule as `show --json` gives it, under today's number ------------------
@pytest.fixture(scope="module")
def project():
    from tolaria_testing import REPO

    return load_rulebook(REPO / "rules")


@pytest.fixture(scope="module")
def exported(project):
    return export_json(project)


def test_the_export_numbers_and_words_each_rule_as_today(exported):
    rules = exported["rules"]
    assert "702.25d" not in rules and "717.1f" not in rules  # numbers of earlier editions
    phasing = rules["702.26d"]
    assert phasing["en"]["edition"] == "2026-04-17"  # the current edition
    assert "Counters and stickers remain" in phasing["en"]["text"]  # today's English
    assert phasing["en"]["rulebook_number"] == "702.25d"
    assert {"number": "702.25d", "first": "2016-07-22", "last": "2021-02-15"} in \
        phasing["en"]["aliases"]
    spanish = phasing["es"]  # a translation: today's number, with its base English
    assert spanish["number"] == "702.26d" and spanish["edition"] == "2020-11-20"
    assert "Counters remain" in spanish["lag"]["base_english"]
    assert spanish["lag"]["current_english"] == phasing["en"]["text"]
    assert set(rules["724.1f"]) == {"en", "es", "it"}
    assert rules["724.1f"]["en"]["rulebook_number"] == "717.1f"
    assert rules["702.26"]["es"]["children"][:2] == ["702.26a", "702.26b"]
    json.dumps(exported)


def test_the_export_gives_each_rule_as_show_json_does(project, exported):
    from tolaria.formats.export import shown

    for number, langs in exported["rules"].items():
        asked = shown(project, [N(number)], list(langs))
        assert [d["lang"] for d in asked] == list(langs), number
        for data in asked:  # show nests the subrules; the export names them by today's number
            kids = [c["number"] if isinstance(c, dict) else c for c in data["children"]]
            if data["lang"] != "en":  # a translation's subrules, numbered as the rulebook does
                kids = [(project.today_of(k) and project.today_of(k).number) or k for k in kids]
            flat = dict(data, children=kids)
            flat.pop("also", None)  # show's words on other rules that had the number,
            flat.pop("today_rule", None)  # or have it today
            assert exported["rules"][number][data["lang"]] == flat, (number, data["lang"])
