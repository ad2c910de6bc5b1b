"""rules/cr/en.json: word for word the official file it names, and checked as `validate`
checks it (numbers parse, in order, no duplicates; one line per problem)."""

from __future__ import annotations

import random

import pytest

from tolaria_testing import REPO, official as official_file
from tolaria.cli import main
from tolaria.cr import load_whole_cr
from tolaria.cr.records import CRChapter, CRRule, CRSection, CRTerm, WholeCR
from tolaria.cr.store import dumps, from_document, parse
from tolaria.errors import DataErrors

STORED = REPO / "rules" / "cr" / "en.json"


@pytest.fixture(scope="module")
def official():
    return official_file("rules_20260417.txt")


@pytest.fixture(scope="module")
def stored():
    return load_whole_cr(REPO / "rules", use_cache=False)


def test_200_random_rules_are_word_for_word_the_official_text(official, stored):
    numbers = [r.number for s in official.sections.values() for r in s.rules]
    chosen = random.Random(20260417).sample(numbers, 200)
    for number in chosen:
        want = official.rule(number)
        got = stored.rule(number)
        assert got is not None, number
        assert (got.text, got.examples) == (want.text, tuple(want.examples)), number


def test_titles_and_glossary_are_the_official_ones(official, stored):
    assert [(s.number, s.title) for s in stored.sections] == [
        (n, s.title) for n, s in official.sections.items()]
    assert [(t.term, t.definition) for t in stored.glossary] == [
        (g.term, g.definition) for g in official.glossary]
    assert stored.edition == official.effective and stored.source == official.file


def test_the_stored_file_is_exactly_what_import_writes(official):
    assert STORED.read_text(encoding="utf-8") == dumps(from_document(official))


def test_the_stored_file_is_small():
    assert STORED.stat().st_size < 5_000_000


def _tiny() -> str:
    rules = (CRRule("100.1", "One."), CRRule("100.1a", "One a.", ("Example: e.",)),
             CRRule("100.2", "Two."))
    return dumps(WholeCR(__import__("datetime").date(2026, 4, 17), "rules_20260417.txt",
                         (CRChapter("1", "Game Concepts", ("100",)),),
                         (CRSection("100", "General", "1", rules),),
                         (CRTerm("Abandon", "To turn …"),)))


def test_a_well_formed_file_reads_back():
    cr = parse(_tiny(), "rules/cr/en.json")
    assert cr.rule("100.1a").examples == ("Example: e.",)
    assert [r.number for r in cr.children("100")] == ["100.1", "100.2"]


@pytest.mark.parametrize("old, new, message", [
    ('["100.2", "Two."]', '["100.1", "Two."]', "16: 100.1 appears twice (first at line 14)"),
    ('["100.1", "One."]', '["100.3", "One."]', "15: 100.1a comes after 100.3: out of order"),
    ('["100.2", "Two."]', '["100.2l", "Two."]', "16: '100.2l' is not a rule number"),
    ('["100.2", "Two."]', '["101.2", "Two."]', "16: rule 101.2 has no section 101"),
    ('["100.2", "Two."]', '["100.2", ""]',
     "16: a rule is [number, text] or [number, text, [examples]]"),
    ('["100", "General"]', '["100.1", "General"]', ["11: '100.1' is not a number of this list",
                                                     "14: rule 100.1 has no section 100",
                                                     "15: rule 100.1a has no section 100",
                                                     "16: rule 100.2 has no section 100"]),
    ('["1", "Game Concepts"]', '["10", "Game Concepts"]',
     ["8: '10' is not the next chapter number", "11: section 100 has no chapter 1"]),
    ('"edition": "2026-04-17"', '"edition": "April"', "1: edition 'April' is not a date "
                                                      "(YYYY-MM-DD)"),
    ('"format": 1', '"format": 2', "1: format 2: this version of tolaria reads format 1"),
    ('["Abandon", "To turn …"]', '["Abandon"]', "19: a glossary entry is [term, definition]"),
    ('"rules": [', '"rules": [,', "13: not a JSON file: Expecting value"),
])
def test_every_problem_is_one_line_with_its_place(old, new, message):
    text = _tiny()
    assert old in text
    with pytest.raises(DataErrors) as caught:
        parse(text.replace(old, new), "rules/cr/en.json")
    messages = message if isinstance(message, list) else [message]
    assert [str(e) for e in caught.value.errors] == [f"rules/cr/en.json:{m}" for m in messages]


def test_validate_reports_a_broken_whole_cr(capsys, tiny):
    (tiny / "cr").mkdir()
    (tiny / "cr" / "en.json").write_text(_tiny().replace('["100.2", "Two."]',
                                                         '["100.1", "Two."]'), encoding="utf-8")
    (tiny / "cr" / "notes.txt").write_text("hello", encoding="utf-8")
    status = main(["validate", "--rules", str(tiny)])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert err.splitlines() == [
        "rules/cr/en.json:16: 100.1 appears twice (first at line 14)",
        "rules/cr/notes.txt:1: not the whole CR: rules/cr/ holds only en.json",
        "2 errors: fix them and run the command again."]


def test_validate_counts_the_whole_cr(validated):
    assert validated.status == 0, validated.err
    assert validated.out.rstrip().endswith(
        ", the whole CR of April 17, 2026 (3,138 rules)")
