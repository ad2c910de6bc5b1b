"""The project's rulebook: complete in three languages, verbatim where it quotes."""

import re

import pytest

from tolaria_testing import official, shared_dir
from tolaria.numbering import RuleNumber

SECTIONS = ["104", "300", "512", "513", "514", "702.25", "717"]


@pytest.mark.parametrize("lang", ["en", "es", "it"])
@pytest.mark.parametrize("number", SECTIONS)
def test_every_section_is_present_in_every_language(book, lang, number):
    section = book.section(lang, number)
    assert section is not None and section.rules
    assert all(rule.text.strip() for rule in section.rules)


PROJECT = [("es", "300"), ("es", "702.25"), ("it", "104"), ("it", "300"), ("it", "512"),
           ("it", "513"), ("it", "514"), ("it", "717")]


def test_the_project_translations_are_the_texts_no_seed_quotes(book):
    project = sorted(k for k, s in book.sections.items()
                     if s.source.kind == "project" and k[0] != "en")
    assert project == sorted(PROJECT)


@pytest.mark.parametrize("lang, number", PROJECT)
def test_project_translations_are_complete(book, lang, number):
    """A project translation has exactly the English rules and examples, and no English."""
    section = book.section(lang, number)
    english = book.section("en", number)
    assert section.edition == english.edition
    assert [r.number for r in section.rules] == [r.number for r in english.rules]
    for rule, original in zip(section.rules, english.rules):
        assert len(rule.examples) == len(original.examples), rule.number
        assert len(rule.earlier) == len(original.earlier), rule.number
        assert rule.text != original.text, rule.number
        assert sorted(rule.cites) == sorted(original.cites), rule.number
        assert re.findall(r"\d+", rule.text) == re.findall(r"\d+", original.text), rule.number


def test_every_language_has_the_edition_of_its_source(book):
    en = {n: book.section("en", n).edition.effective.isoformat() for n in SECTIONS}
    assert en == {"104": "2018-07-13", "300": "2008-02-01", "512": "2023-04-14",
                  "513": "2023-04-14", "514": "2023-04-14", "702.25": "2020-11-20",
                  "717": "2019-10-04"}


def _seed_bullets(name: str) -> list[str]:
    text = (shared_dir() / "seeds" / name).read_text(encoding="utf-8")
    return [m.group(1).rstrip() for m in re.finditer(r"^\s*•\s(.*)$", text, re.M)]


QUOTED = {("es", "104"), ("es", "512"), ("es", "513"), ("es", "514"), ("es", "717"),
          ("it", "702.25")}


@pytest.mark.parametrize("lang, number", sorted(QUOTED))
def test_seed_text_is_quoted_word_for_word(book, lang, number):
    section = book.section(lang, number)
    assert section.source.kind == "quoted"
    assert section.edition.effective == section.source.claims
    expected: list[tuple[str, str]] = []
    for bullet in _seed_bullets(section.source.file.split("/", 1)[1]):
        match = re.match(r"^(\d{3}(?:\.\d+[a-z]?)?)\.?\s(.*)$", bullet)
        if match and RuleNumber.parse(match[1]).is_within(section.number):
            if match[1] == number:
                assert match[2] == section.title
            else:
                expected.append((match[1], match[2]))
        elif re.match(r"^(Ejemplo|Esempio):", bullet) and expected:
            expected.append(("example", bullet))
    found: list[tuple[str, str]] = []
    for rule in section.rules:
        found.append((str(rule.number), rule.text))
        found.extend(("example", e.text) for e in rule.examples)
    assert found == expected


def test_the_pre_2009_rule_300_is_quoted_word_for_word(book):
    section = book.section("en", "300")
    raw = (shared_dir() / section.source.file).read_text(encoding="utf-8")
    flat = " ".join(raw.split())
    for rule in section.rules:
        for wording, since in [(rule.text, rule.since)] + [(w.text, w.since) for w in rule.earlier]:
            for paragraph in wording.split("\n"):
                tag = f"{paragraph} [CompRules {since:%Y/%m/%d}]"
                assert tag in flat, (rule.number, paragraph[:40])
    assert [str(r.number) for r in section.rules] == [f"300.{i}" for i in range(1, 10)]
    assert book.find("en", RuleNumber.parse("300.2")).earlier[0].since.isoformat() == "2005-08-01"


def test_english_glossary_definitions_are_quoted_from_the_official_glossary(book):
    for term in book.glossary:
        english = term.names["en"]
        source = english.source.removeprefix("official glossary, ")
        doc = official(f"rules_{source.replace('-', '')}.txt")
        assert doc.term(english.name).definition == english.definition, term.id


def test_the_glossary_has_the_terms_these_rules_define(book):
    ids = {t.id for t in book.glossary}
    assert {"ending-phase", "end-step", "cleanup-step", "phasing", "phased-in-phased-out",
            "end-the-turn", "win-the-game", "lose-the-game", "draw", "extra-turn",
            "mana-burn", "at-end-of-turn"} <= ids
    assert book.term("at-end-of-turn").obsolete and book.term("mana-burn").obsolete
    assert all(set(t.names) == {"en", "es", "it"} for t in book.glossary)


def test_cross_references_are_known_to_every_text(book):
    assert [str(n) for n in book.find("es", RuleNumber.parse("513.1")).cites] == ["116"]
    assert [str(n) for n in book.find("en", RuleNumber.parse("513.1")).cites] == ["117"]
    assert [str(n) for n in book.find("it", RuleNumber.parse("702.25h")).cites] == [
        "704.5n", "704.5p"]
