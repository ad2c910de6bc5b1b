"""The translation audit: each check fires where it must and stays quiet where it must not."""

from __future__ import annotations

import json
from datetime import date

import pytest

from tolaria.audit import run_audit
from tolaria.audit.data import WordLists, load_audit_data
from tolaria.errors import DataErrors
from tolaria.model import Rule
from tolaria.numbering import RuleNumber


@pytest.fixture(scope="module")
def data(book):
    return load_audit_data(book.root)


@pytest.fixture(scope="module")
def report(book):
    return run_audit(book)


def _edit(book, lang, section, number, text=None, drop=False, examples=None):
    """book with one rule of one section changed (or dropped)."""
    sec = book.section(lang, section)
    rules = []
    for rule in sec.rules:
        if str(rule.number) == number:
            if drop:
                continue
            rule = Rule.of(rule.number, text if text is not None else rule.text,
                           rule.examples if examples is None else examples, rule.since,
                           rule.earlier, rule.file, rule.line)
        rules.append(rule)
    sections = dict(book.sections)
    sections[(lang, section)] = sec._replace(rules=tuple(rules))
    return book._replace(sections=sections)


def _found(report, lang=None, rule=None, check=None):
    return [f for f in report.findings if (lang is None or f.lang == lang)
            and (rule is None or f.rule == rule) and (check is None or f.check == check)]


def _audit(book, data, **kw):
    return run_audit(book, history=False, data=data, **kw)


# --- the real rulebook ----------------------------------------------------------------------
def test_project_translations_have_no_findings(book, report):
    project = {(s.lang, str(s.number)) for s in book.sections.values()
               if s.source.kind == "project"}
    noise = [f for f in report.findings if (f.lang, f.section) in project]
    assert noise == []


def test_real_problems_of_the_seeds_are_found(report):
    keys = {(f.lang, f.rule, f.check, f.key) for f in report.findings}
    assert ("it", "702.25e", "structure", "content of 702.25f") in keys
    assert ("it", "702.25n", "alignment", "missing") in keys
    assert ("it", "702.25b", "spelling", "word permanete") in keys
    assert ("it", "702.25b", "spelling", "word une") in keys
    assert ("es", "513.1", "cross-references", "cites 116 not 117") in keys
    assert not _found(report, "es", "104.6", "card-names")  # "Karn liberado" is right


def test_stale_and_misnumbered_editions_are_named(report):
    from tolaria.audit.runner import default_history

    if default_history() is None:
        pytest.skip("no rule history in this tree")
    stale = _found(report, "it", "702.25", "edition")[0]
    assert stale.severity == "critical" and "2016-07-22" in stale.found
    assert "removed 702.25k" in stale.found
    numbering = _found(report, "es", "717", "edition")[0]
    assert "section 716" in numbering.expected
    assert "116" in _found(report, "es", "513", "edition")[0].found


def test_json_shape_and_exit_status(report):
    data = report.to_json()
    assert set(data) >= {"findings", "summary"}
    assert set(data["findings"][0]) >= {"lang", "rule", "check", "severity", "expected",
                                        "found", "file", "line", "waived"}
    assert data["summary"]["es"]["rules_checked"] > 0
    json.dumps(data)
    assert report.failed  # the stale Italian 702.25 is critical and not waived


# --- each check on a small change of a correct translation ----------------------------------
def test_alignment_missing_rule(book, data):
    r = _audit(_edit(book, "it", "104", "104.4i", drop=True), data, langs=["it"],
               sections=["104"])
    assert [(f.rule, f.key) for f in _found(r, check="alignment")] == [("104.4i", "missing")]


def test_structure_shift_after_an_omission(book, data):
    edited = _edit(book, "it", "717", "717.1a", drop=True)
    sec = edited.section("it", "717")
    # renumber 717.1b.. down by one letter, as a translator who lost a subrule would
    shifted = []
    for rule in sec.rules:
        n = rule.number
        if n.rule == 1 and n.letter and n.letter > "a":
            prev = "abcdefghijkmnpqrstuvwxyz"["abcdefghijkmnpqrstuvwxyz".index(n.letter) - 1]
            rule = rule._replace(number=RuleNumber(717, 1, prev))
        shifted.append(rule)
    sections = dict(edited.sections)
    sections[("it", "717")] = sec._replace(rules=tuple(shifted))
    r = _audit(edited._replace(sections=sections), data, langs=["it"], sections=["717"])
    keys = {(f.rule, f.check, f.key) for f in r.findings}
    assert ("717.1a", "structure", "content of 717.1b") in keys
    assert ("717.1f", "alignment", "missing") in keys


def test_cross_references_and_numbers(book, data):
    edited = _edit(book, "it", "104", "104.3d",
                   "Se un giocatore ha nove o più segnalini veleno, quel giocatore perde la "
                   "partita la volta successiva in cui un giocatore riceverebbe priorità. "
                   "(Questa è un’azione generata dallo stato. Vedi regola 703.)")
    r = _audit(edited, data, langs=["it"], sections=["104"])
    assert [f.key for f in _found(r, "it", "104.3d", "numbers")] == ["numbers 9"]
    assert [f.key for f in _found(r, "it", "104.3d", "cross-references")] == [
        "cites 703 not 704"]


def test_numbers_as_words_and_hyphens_agree(book, data):
    r = _audit(book, data, langs=["es", "it"], sections=["104", "514"])
    assert _found(r, check="numbers") == []  # diez/dieci, siete/sette, two-player/dos


def test_card_name_left_in_english(book, data):
    edited = _edit(book, "it", "717", "717.2", book.section("it", "717").rule(
        RuleNumber(717, 2)).text.replace("Mandato di Pace", "Mandate of Peace"))
    r = _audit(edited, data, langs=["it"], sections=["717"])
    finding, = _found(r, "it", "717.2", "card-names")
    assert "Mandate of Peace" in finding.found and "Mandato di Pace" in finding.expected


def test_glossary_term_missing_and_obsolete(book, data):
    text = book.section("it", "513").rule(RuleNumber(513, 2)).text
    edited = _edit(book, "it", "513", "513.2", text.replace("sottofase finale", "fase ultima"))
    r = _audit(edited, data, langs=["it"], sections=["513"])
    assert [f.key for f in _found(r, "it", "513.2", "glossary")] == ["term end-step"]
    es_text = book.section("es", "512").rule(RuleNumber(512, 1)).text
    edited = _edit(book, "es", "512", "512.1", es_text + " La fase final termina.")
    r = _audit(edited, data, langs=["es"], sections=["512"])
    assert "obsolete fase final" in {f.key for f in _found(r, "es", "512.1", "glossary")}


def test_untranslated_and_punctuation(book, data):
    english = book.section("en", "104").rule(RuleNumber(104, 2)).text
    r = _audit(_edit(book, "it", "104", "104.2", english), data, langs=["it"],
               sections=["104"])
    assert [f.key for f in _found(r, "it", "104.2", "untranslated")] == ["text"]
    r = _audit(_edit(book, "it", "104", "104.2", "Ci sono “diversi modi per vincere"), data,
               langs=["it"], sections=["104"])
    keys = {f.key for f in _found(r, "it", "104.2", "punctuation")}
    assert keys == {"unbalanced “”", "final stop"}


def test_spelling_uses_the_word_list(book, data):
    text = "Ci sono diversi modi per vincere la partitta nella sottofase di stap."
    r = _audit(_edit(book, "it", "104", "104.2", text), data, langs=["it"], sections=["104"])
    assert [f.key for f in _found(r, "it", "104.2", "spelling")] == ["word partitta"]
    bare = data._replace(words=WordLists({}, {}, frozenset()))
    r = _audit(_edit(book, "it", "104", "104.2", text), bare, langs=["it"], sections=["104"])
    assert "word stap" in {f.key for f in _found(r, "it", "104.2", "spelling")}


# --- waivers ------------------------------------------------------------------------------
def test_waivers_mark_findings_and_stale_waivers_are_reported(book, tmp_path):
    root = tmp_path / "rules"
    (root / "audit").mkdir(parents=True)
    (root / "waivers.yaml").write_text(
        "waivers:\n"
        "  - {lang: it, rule: \"702.25b\", check: spelling, key: word une, reason: r, by: me,"
        " date: 2025-01-01}\n"
        "  - {lang: it, rule: \"104.2\", check: spelling, key: word nope, reason: r, by: me,"
        " date: 2025-01-01}\n", encoding="utf-8")
    data = load_audit_data(root)._replace(words=load_audit_data(book.root).words)
    r = run_audit(book, langs=["it"], history=False, data=data)
    une, = [f for f in r.findings if f.key == "word une"]
    assert une.waived and une.waiver["by"] == "me"
    stale, = _found(r, "it", "104.2", "waiver")
    assert stale.line == 3 and "stale" in stale.found


def test_bad_waiver_is_a_file_line_error(tmp_path):
    root = tmp_path / "rules"
    root.mkdir()
    (root / "waivers.yaml").write_text(
        "waivers:\n  - {lang: fr, rule: \"104.2\", check: spelling, key: k, reason: r, by: me,"
        " date: 2025-01-01}\n  - {lang: es, rule: \"104.2\", check: nope, key: k, reason: r,"
        " by: me, date: 2025-01-01}\n", encoding="utf-8")
    with pytest.raises(DataErrors) as info:
        load_audit_data(root)
    messages = [str(e) for e in info.value.errors]
    assert any(m.endswith("waivers.yaml:2: lang 'fr' is not a translated language (es, it)")
               for m in messages)
    assert any(":3: unknown check 'nope'" in m for m in messages)


# --- the edition check against a small fake history ---------------------------------------
class FakeHistory:
    """The interface of tolaria.history: editions, section_at, title."""

    def __init__(self, versions):
        self.versions = versions  # date -> [(number, text, examples)]
        self.editions = sorted(versions)

    def section_at(self, section, edition):
        eligible = [d for d in self.editions if d <= edition]
        return self.versions[eligible[-1]] if eligible else None

    def title(self, number, edition=None):
        return "Ending Phase"


def test_edition_check_names_a_stale_translation(book, data):
    old = [("512.1", "The ending phase has two steps: end and cleanup. (See rule 513.)", [])]
    new = [("512.1", "The ending phase consists of two steps: end and cleanup.", [])]
    history = FakeHistory({date(2018, 7, 13): old, date(2023, 4, 14): new})
    edited = _edit(book, "it", "512", "512.1",
                   "La fase finale ha due sottofasi: finale e cancellazione. (Vedi regola 513.)")
    r = run_audit(edited, langs=["it"], sections=["512"], history=history, data=data)
    finding, = _found(r, "it", "512", "edition")
    assert "2018-07-13" in finding.found and "512.1 cites nothing instead of 513" in finding.found
    quiet = run_audit(book, langs=["it"], sections=["512"], history=history, data=data)
    assert _found(quiet, check="edition") == []


# --- the command ---------------------------------------------------------------------------
def test_cli_audit(capsys):
    from tolaria.cli import main

    status = main(["audit", "--lang", "it", "--section", "104", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert status == 0 and out["findings"] == []
    status = main(["audit", "--section", "702.25"])
    text = capsys.readouterr().out
    assert status == 1 and "== it 702.25" in text and "[critical]" in text
