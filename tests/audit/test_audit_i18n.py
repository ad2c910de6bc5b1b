"""The audit's own words go through the catalogs; its codes and keys stay English."""

from __future__ import annotations

import pytest
from pseudo_locale import OPEN, PseudoTranslations, tr

from tolaria import i18n
from tolaria.audit import run_audit
from tolaria.audit.findings import CHECKS, SEVERITIES
from tolaria.audit.report import render_text
from tolaria.model import Rule


@pytest.fixture
def marked(monkeypatch):
    """Every message the interface translates comes out marked ⟦message⟧ (in English)."""
    monkeypatch.setattr(i18n, "_current", PseudoTranslations())


def _broken(book):
    """The Italian 104 with a rule dropped, an English text, a number and a citation changed,
    a bad quote."""
    sec = book.section("it", "104")
    english = book.section("en", "104")
    rules = []
    for rule in sec.rules:
        number = str(rule.number)
        if number == "104.4i":
            continue
        text = {"104.2": english.rule(rule.number).text if english.rule(rule.number) else "",
                "104.3d": rule.text.replace("dieci", "nove").replace("704", "703"),
                "104.2b": "Un effetto “può stabilire che un giocatore vince la partitta"
                }.get(number, rule.text)
        rules.append(Rule.of(rule.number, text, rule.examples, rule.since, rule.earlier,
                             rule.file, rule.line))
    sections = dict(book.sections)
    sections[("it", "104")] = sec._replace(rules=tuple(rules))
    return book._replace(sections=sections)


def test_every_human_text_is_translated_and_codes_are_not(book, marked):
    report = run_audit(_broken(book), langs=["it"], sections=["104"], history=False)
    whole = run_audit(book)  # the seeds' real findings: edition (with the history), glossary...
    checks = {f.check for f in report.findings + whole.findings}
    assert {"alignment", "untranslated", "punctuation", "spelling", "structure", "glossary",
            "card-names", "cross-references", "numbers"} <= checks
    from tolaria.audit.runner import default_history

    assert "edition" in checks or default_history() is None
    for f in report.findings + whole.findings:
        assert f.check in CHECKS and f.severity in SEVERITIES
        assert not f.key.startswith(OPEN)  # waivers match keys: never translated
        assert f.expected.startswith(OPEN), f
        if not (f.check == "punctuation" and f.key == "final stop"):  # an excerpt of the text
            assert f.found.startswith(OPEN), f
    data = report.to_json()
    first = data["findings"][0]
    assert first["check_label"] == tr(first["check"])
    assert first["severity_label"] == tr(first["severity"])
    assert all(note.startswith(OPEN) for note in report.notes)
    text = render_text(report)
    assert "[" + OPEN in text


def test_english_interface_is_unchanged(book):
    report = run_audit(_broken(book), langs=["it"], sections=["104"], history=False)
    missing, = [f for f in report.findings if f.check == "alignment"]
    assert missing.found == "no such rule in the translation"
    assert report.to_json()["findings"][0]["check_label"] == report.findings[0].check


def test_the_english_compared_with_is_named_in_words_not_by_its_code(book, marked):
    """'(as 104.4i, the English of July 13, 2018)', never '(… en July 13, 2018)'."""
    report = run_audit(_broken(book), langs=["it"], sections=["104"], history=False)
    missing, = [f for f in report.findings if f.check == "alignment"]
    label = tr("the English of {date}", date="July 13, 2018")  # the date from Babel
    assert f"({label})" in missing.expected
    assert " en " not in missing.expected and "(en " not in missing.expected


def test_the_summarys_numbers_and_percentages_are_written_as_in_the_language(book):
    i18n.set_language("es")
    text = render_text(run_audit(book, langs=["es"], sections=["104"], history=False))
    summary = text.splitlines()[2]
    assert "(100\xa0%)" in summary and "100%" not in summary  # Spanish: a space before %
