"""rulebook.consistency: the checks that span files, on small models made from the tiny
rulebook, and through the loader on an edited copy of it."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings, strategies as st

from tolaria.errors import DataError, DataErrors
from tolaria.model import Edition, Paragraph, Rule
from tolaria.numbering import RuleNumber
from tolaria.rulebook.consistency import (check_rulebook, cross_references,
                                          glossary_references, missing_translations)
from tolaria.today.loader import load_rulebook
from tolaria_testing import FIXTURES

N = RuleNumber.parse
TINY_NUMBERS = {"104", "104.1", "104.2", "104.2a", "104.10"}


@pytest.fixture(scope="module")
def clean():
    return load_rulebook(FIXTURES / "rulebook")


def _with_rule(book, lang: str, text: str, number: str = "104.3", **section_changes):
    """book with one more rule (text) at the end of the lang section, at line 99."""
    section = book.sections[(lang, "104")]
    rule = Rule.of(N(number), text, file=section.file, line=99)
    changed = section._replace(rules=section.rules + (rule,), **section_changes)
    return book._replace(sections={**book.sections, (lang, "104"): changed})


def test_the_tiny_rulebook_is_consistent(clean):
    assert check_rulebook(clean) == []


# --- missing translations -------------------------------------------------------------------
@pytest.mark.parametrize("lang, name", [("es", "Spanish"), ("it", "Italian")])
def test_an_english_section_without_a_translation_is_reported_on_the_english_file(
        clean, lang, name):
    sections = {k: v for k, v in clean.sections.items() if k != (lang, "104")}
    errors = list(missing_translations(clean._replace(sections=sections)))
    english = clean.sections[("en", "104")].file
    assert errors == [DataError(english, 1, f"section 104 has no {name} text: add "
                                            f"rules/{lang}/104.yaml")]


def test_a_translation_without_english_is_not_a_missing_translation(clean):
    sections = {k: v for k, v in clean.sections.items() if k[0] != "en"}
    assert list(missing_translations(clean._replace(sections=sections))) == []


def test_both_missing_translations_are_reported(clean):
    sections = {("en", "104"): clean.sections[("en", "104")]}
    errors = check_rulebook(clean._replace(sections=sections))
    assert [e.message.split(":")[0] for e in errors] == [
        "section 104 has no Spanish text", "section 104 has no Italian text"]


# --- glossary references --------------------------------------------------------------------
def test_a_term_naming_a_rule_the_english_text_lacks_is_reported_at_the_term(clean):
    term = clean.glossary[0]._replace(rules=(N("104.2"), N("104.9")), line=3)
    errors = list(glossary_references(clean._replace(glossary=(term,))))
    glossary = next(f for f in clean.files if f.endswith("glossary.yaml"))
    assert errors == [DataError(glossary, 3, "term 'win-the-game' names rule 104.9, which the "
                                             "English text does not have")]


def test_a_term_naming_a_rule_outside_the_rulebooks_sections_is_not_checked(clean):
    term = clean.glossary[0]._replace(rules=(N("999.9z"), N("704.5")))
    assert list(glossary_references(clean._replace(glossary=(term,)))) == []


def test_a_term_naming_a_section_itself_is_fine(clean):
    term = clean.glossary[0]._replace(rules=(N("104"), N("104.10")))
    assert list(glossary_references(clean._replace(glossary=(term,)))) == []


# --- cross-references -----------------------------------------------------------------------
def test_a_dangling_cross_reference_is_reported_at_the_citing_rule(clean):
    book = _with_rule(clean, "es", "Ver la regla 104.7.")
    errors = list(cross_references(book))
    assert errors == [DataError(book.sections[("es", "104")].file, 99,
                                "104.3 cites rule 104.7, which this rulebook's section 104 "
                                "does not have")]


def test_a_dangling_reference_in_an_example_is_reported_too(clean):
    section = clean.sections[("it", "104")]
    rule = Rule.of(N("104.3"), "Testo.", examples=(Paragraph.of("Esempio: vedi la regola 104.2b."),),
                   file=section.file, line=42)
    book = clean._replace(sections={**clean.sections, ("it", "104"): section._replace(
        rules=section.rules + (rule,))})
    assert [(e.line, e.message.split(",")[0]) for e in cross_references(book)] == [
        (42, "104.3 cites rule 104.2b")]


def test_a_quoted_text_keeps_its_slips(clean):
    section = clean.sections[("es", "104")]
    book = _with_rule(clean, "es", "Ver la regla 104.7.",
                      source=section.source._replace(kind="quoted"))
    assert list(cross_references(book)) == []


@pytest.mark.parametrize("same_edition", [True, False])
def test_a_reference_into_a_section_of_another_edition_is_not_checked(clean, same_edition):
    """(The pre-2009 rule 300 cites the rules of its own time, not this rulebook's 104.)"""
    home = clean.sections[("es", "104")]
    edition = home.edition if same_edition else Edition(date(2008, 2, 1), {"en": "Morningtide"})
    rule = Rule.of(N("300.1"), "Ver la regla 104.7.", file="rules/es/300.yaml", line=8)
    other = home._replace(number=N("300"), edition=edition, rules=(rule,),
                          file="rules/es/300.yaml")
    book = clean._replace(sections={**clean.sections, ("es", "300"): other})
    errors = [str(e) for e in cross_references(book)]
    assert errors == (["rules/es/300.yaml:8: 300.1 cites rule 104.7, which this rulebook's "
                       "section 104 does not have"] if same_edition else [])


@settings(max_examples=60, deadline=None)
@given(rule=st.integers(1, 12), letter=st.sampled_from(["", "a", "b", "c"]))
def test_a_reference_is_dangling_exactly_when_the_tiny_section_lacks_the_rule(clean, rule,
                                                                           letter):
    cited = f"104.{rule}{letter}"
    book = _with_rule(clean, "en", f"See rule {cited}.", number="104.30")
    errors = list(cross_references(book))
    if cited in TINY_NUMBERS:
        assert errors == []
    else:
        assert [e.message for e in errors] == [
            f"104.30 cites rule {cited}, which this rulebook's section 104 does not have"]


# --- through the loader ---------------------------------------------------------------------
def test_the_loader_reports_the_findings_with_file_and_line(tiny):
    (tiny / "it" / "104.yaml").unlink()
    english = tiny / "en" / "104.yaml"
    english.write_text(english.read_text(encoding="utf-8").replace(
        "There are several ways", "See rule 104.8. There are several ways"), encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        load_rulebook(tiny)
    assert [str(e) for e in caught.value.errors] == [
        "rules/en/104.yaml:1: section 104 has no Italian text: add rules/it/104.yaml",
        "rules/en/104.yaml:9: 104.2 cites rule 104.8, which this rulebook's section 104 "
        "does not have"]
