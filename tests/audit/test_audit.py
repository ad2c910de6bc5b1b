"""The translation audit: each check fires where it must and stays quiet where it must not."""

from __future__ import annotations

import json
from datetime import date

import pytest

from tolaria_testing import whole

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


def _needs_history():
    from tolaria.audit.runner import default_history

    if default_history() is None:
        pytest.skip("no rule history in this tree")


def test_real_problems_of_the_seeds_are_found(report):
    keys = {(f.lang, f.rule, f.check, f.key) for f in report.findings}
    assert ("it", "702.25n", "alignment", "missing") in keys
    assert ("it", "702.25b", "spelling", "word permanete") in keys
    assert ("it", "702.25b", "spelling", "word une") in keys
    assert ("it", "702.25b", "card-names", "extra card Wrath of God") in keys
    assert not _found(report, "es", "104.6", "card-names")  # "Karn liberado" is right


def test_stale_and_misnumbered_editions_are_named(report):
    _needs_history()
    stale = _found(report, "it", "702.25", "edition")[0]
    assert stale.severity == "critical" and "July 22, 2016" in stale.found
    assert "removed 702.25k" in stale.found
    numbering = _found(report, "es", "717", "edition")[0]
    assert "section 716" in numbering.expected
    # the Spanish 513 follows the English of 2016-2019: its 116 is reported once, there
    assert "513.1 cites 117 instead of 116" in _found(report, "es", "513", "edition")[0].found
    assert _found(report, "es", "513.1", "cross-references") == []


def test_a_stale_section_is_checked_against_the_edition_it_fits(report):
    """The Italian 702.25 (claims 2020, follows an English older than 2016): staleness is
    reported once; the per-rule checks compare with the English it follows."""
    _needs_history()
    italian = [f for f in report.findings if (f.lang, f.section) == ("it", "702.25")]
    assert [(f.rule, f.key) for f in italian if f.check == "alignment"] == [
        ("702.25e", "missing"), ("702.25j", "missing"), ("702.25n", "missing")]
    # no letters shifted, no lost rules, no citations of the 2020 English: the edition
    # finding says all that once
    assert not [f for f in italian if f.check == "structure" and f.severity == "critical"]
    assert not [f for f in italian if f.check == "cross-references"]
    assert len({f.identity for f in italian}) == len(italian)
    assert len({(f.rule, f.check, f.key) for f in italian if f.check == "structure"}) == len(
        [f for f in italian if f.check == "structure"])
    stale, = [f for f in italian if f.check == "edition"]
    assert "its 702.25j renders the English 702.25k of July 22, 2016 – July 8, 2017, " \
           "removed since" in stale.found
    assert "content found in no English rule" not in " ".join(f.found for f in italian)
    # 702.25d lacks no sentence: "Tokens continue to exist…" came after its English
    assert not _found(report, "it", "702.25d", "structure")
    assert "(as 702.25b, the English of July 22, 2016 – July 8, 2017)" in _found(
        report, "it", "702.25b", "card-names")[0].expected


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
        " date: 2025-01-01}\n...\n", encoding="utf-8")
    data = load_audit_data(root)._replace(words=load_audit_data(book.root).words)
    r = run_audit(book, langs=["it"], history=False, data=data)
    une, = [f for f in r.findings if f.key == "word une"]
    assert une.waived and une.waiver["by"] == "me"
    stale, = _found(r, "it", "104.2", "waiver")
    assert stale.line == 3 and "stale" in stale.found


def _waiver_errors(tmp_path, text: str) -> list[str]:
    """The errors load_audit_data reports for a waivers.yaml holding text."""
    root = tmp_path / "rules"
    root.mkdir()
    (root / "waivers.yaml").write_text(whole(text), encoding="utf-8")
    with pytest.raises(DataErrors) as info:
        load_audit_data(root)
    return [str(e) for e in info.value.errors]


def test_bad_waiver_is_a_file_line_error(tmp_path):
    messages = _waiver_errors(
        tmp_path,
        "waivers:\n  - {lang: fr, rule: \"104.2\", check: spelling, key: k, reason: r, by: me,"
        " date: 2025-01-01}\n  - {lang: es, rule: \"104.2\", check: nope, key: k, reason: r,"
        " by: me, date: 2025-01-01}\n")
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
    assert "July 13, 2018" in finding.found and "512.1 cites nothing instead of 513" in finding.found
    assert _found(r, check="cross-references") == []  # against the English it fits: none
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


# --- review fixes: stale sections, lost sentences, untranslated text, senses, dates -----------
def test_a_lost_sentence_is_named_and_a_folded_citation_is_not_one(book, data):
    english = book.section("en", "717").rule(RuleNumber(717, 1, "d")).text
    text = book.section("it", "717").rule(RuleNumber(717, 1, "d")).text
    lost = text.split(". ")
    edited = _edit(book, "it", "717", "717.1d", ". ".join(lost[:2] + lost[3:]))
    r = _audit(edited, data, langs=["it"], sections=["717"])
    finding, = _found(r, "it", "717.1d", "structure")
    third = english.split(". ")[2]
    assert finding.key == "sentences 4/3" and "it lacks “" + third[:40] in finding.found
    # "… di stato (vedi regola 704)." renders "… action. (See rule 704.)": nothing lost
    it_text = book.section("it", "104").rule(RuleNumber(104, 3, "b")).text
    folded = it_text.replace(". Vedi regola 704.)", " (vedi regola 704).").replace(
        "(Questa", "Questa")
    assert folded != it_text
    r = _audit(_edit(book, "it", "104", "104.3b", folded), data, langs=["it"],
               sections=["104"])
    assert not [f for f in _found(r, "it", "104.3b", "structure")
                if f.key.startswith("sentences")]


def test_content_of_a_removed_english_rule_is_named(book, data):
    """A translated rule rendering an English rule removed before the claimed edition says
    which one, instead of 'content found in no English rule'."""
    italian = book.section("it", "104")
    english = [(str(r.number), r.text, [e.text for e in r.examples])
               for r in book.section("en", "104").rules]
    old = [r for r in english if not r[0].startswith("104.3")]  # fits worse overall
    new = [(n, "Some other rule entirely, see rules 100.1, 100.2, 100.3 and 100.4, with 5, "
               "6, 7, 8 and 9 and a great many more words to make it long enough to differ "
               "from anything the translation says. " * 3, []) if n == "104.2a" else (n, t, e)
           for n, t, e in english]
    claimed = italian.source.claims or italian.edition.effective
    history = FakeHistory({date(2010, 1, 1): old, claimed: new})
    r = run_audit(book, langs=["it"], sections=["104"], history=history, data=data)
    assert not _found(r, "it", "104", "edition")  # not stale: it fits the claimed edition
    finding, = [f for f in _found(r, "it", "104.2a", "structure") if f.key == "no counterpart"]
    assert "the English 104.2a of January 1, 2010, removed since" in finding.found
    assert "content found in no English rule" not in finding.found


def test_no_spelling_findings_on_a_text_left_in_english(book, data):
    english = book.section("en", "104").rule(RuleNumber(104, 2, "a")).text
    r = _audit(_edit(book, "es", "104", "104.2a", english), data, langs=["es"],
               sections=["104"])
    assert [f.key for f in _found(r, "es", "104.2a", "untranslated")] == ["text"]
    assert _found(r, "es", "104.2a", "spelling") == []
    # a text only partly English is still spelled
    text = book.section("es", "104").rule(RuleNumber(104, 2, "a")).text + " Wrongg wordd."
    r = _audit(_edit(book, "es", "104", "104.2a", text), data, langs=["es"], sections=["104"])
    assert {"word wrongg", "word wordd"} <= {f.key for f in _found(r, "es", "104.2a",
                                                                     "spelling")}


def test_glossary_draw_is_checked_in_its_game_result_sense(book, data):
    for lang, right, wrong in (("es", "empate", "roba"), ("it", "patta", "pesca")):
        rules = [r for r in book.section(lang, "104").rules
                 if right in r.text.lower() and "draw" in (book.find("en", r.number).text)]
        rule = rules[0]
        edited = _edit(book, lang, "104", str(rule.number),
                       rule.text.replace(right, wrong).replace(right.capitalize(), wrong))
        r = _audit(edited, data, langs=[lang], sections=["104"])
        assert "term draw" in {f.key for f in _found(r, lang, str(rule.number), "glossary")}
    # "Draw a card" (702.25b's example) is the other sense: robar is right there
    r = _audit(book, data, langs=["es"], sections=["702.25"])
    assert _found(r, check="glossary") == []
    from tolaria.audit.terms import glossary_uses
    from tolaria.audit.runner import build_contexts

    contexts, _notes = build_contexts(book, data, ["es"], ["702.25"], None)
    assert not [t for t, *_rest in glossary_uses(contexts[0]) if t.id == "draw"]


def test_senses_must_name_a_glossary_term(book, tmp_path):
    root = tmp_path / "rules"
    (root / "audit").mkdir(parents=True)
    (root / "audit" / "words.yaml").write_text(
        "words: {es: [], it: []}\nsenses:\n  drawn: [a draw]\n...\n", encoding="utf-8")
    with pytest.raises(DataErrors) as info:
        run_audit(book, history=False, data=load_audit_data(root))
    assert [str(e) for e in info.value.errors][0].endswith(
        "words.yaml:3: no glossary term 'drawn' (senses)")


def test_a_sense_given_twice_is_a_duplicate_key(tmp_path):
    root = tmp_path / "rules"
    (root / "audit").mkdir(parents=True)
    (root / "audit" / "words.yaml").write_text(
        "words: {es: [], it: []}\nsenses:\n  draw: [a draw]\n  draw: [to draw]\n...\n",
        encoding="utf-8")
    with pytest.raises(DataErrors) as info:
        load_audit_data(root)
    assert [str(e).rsplit("/", 1)[-1] for e in info.value.errors] == [
        "words.yaml:4: duplicate key 'draw' (first at line 3)"]


def test_waiver_lang_and_check_are_both_validated(tmp_path):
    messages = _waiver_errors(
        tmp_path,
        "waivers:\n"
        "  - lang: fr\n    rule: \"104.2\"\n    check: bogus\n    key: k\n    reason: r\n"
        "    by: me\n    date: 2025-01-01\n"
        "  - {lang: es, rule: \"104.2\", check: waiver, key: k, reason: r, by: me,"
        " date: 2025-01-01}\n")
    assert any(m.endswith("waivers.yaml:2: lang 'fr' is not a translated language (es, it)")
               for m in messages)
    assert any(":4: unknown check 'bogus'" in m for m in messages)
    assert any(":9: unknown check 'waiver'" in m for m in messages)


def test_dates_are_for_people_in_text_and_iso_in_data(book, report):
    from tolaria import i18n
    from tolaria.audit.report import render_text

    _needs_history()
    i18n.set_language("es")
    try:
        text = render_text(run_audit(book, langs=["es"], sections=["513"]))
    finally:
        i18n.set_language("en")
    assert "14 de abril de 2023" in text and "2023-04-14" not in text
    assert "2016-09-30" not in text and "30 de septiembre de 2016" in text
    info, = [s for s in report.to_json()["sections"] if (s["lang"], s["section"]) ==
             ("es", "513")]
    assert info["claims"] == "2023-04-14" and info["compared_with"]["edition"] == "2023-04-14"
    assert info["basis"] == {"editions": ["2016-09-30", "2016-11-11", "2017-01-20",
                                          "2017-04-28", "2017-06-05", "2017-07-08",
                                          "2017-08-25", "2017-09-29", "2018-07-13",
                                          "2018-08-10", "2018-10-05", "2019-01-25"]}


def test_lagging_the_current_edition_is_not_claiming_a_wrong_edition(book, report, capsys):
    """Two questions kept apart: a text that fits an older English than the edition it
    claims (a finding: edition/stale) and a text whose base English the current edition has
    reworded since (no finding: a count in the summary, the rules in `tolaria status`)."""
    from tolaria.audit.report import render_text
    from tolaria.history.status import translation_status

    _needs_history()
    claims = [f for f in report.findings if f.check == "edition" and f.key == "stale"]
    assert {("it", "702.25"), ("es", "513")} == {(f.lang, f.rule) for f in claims}
    for lang in ("es", "it"):
        rules = translation_status(book, [lang]).rules
        behind = report.summary[lang]["behind_current"]
        assert behind["edition"] == book.current.isoformat()
        assert behind["stale"] == sum(1 for r in rules if r.state == "stale") == 3
    # the Spanish 702.25 lags the current edition, and claims no edition it does not match
    assert not [f for f in claims if (f.lang, f.rule) == ("es", "702.25")]
    assert book.lag_of("es", "702.25d").stale
    text = render_text(report)
    assert "against the current edition (April 17, 2026), not a finding: 3 stale since their " \
           "base, 0 not translated (tolaria status --lang es)" in text
    assert "stale: the text fits the English of July 22, 2016" in text
