"""examples.report: the plain report of `tolaria check` and its JUnit XML file."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tolaria import i18n
from tolaria.errors import UserError
from tolaria.examples.checker import (FAILED, NOT_EXECUTABLE, PASSED, CoverageRow,
                                      ExampleResult, Report, run_examples)
from tolaria.examples.report import format_plain, write_junit
from tolaria.today.loader import load_rulebook


def _result(id, status, message="", rules=("104.2a",), line=2):
    return ExampleResult(id, tuple(rules), status, message, "rules/examples/104.yaml", line,
                         {"en": id})


PASS = _result("a-win", PASSED, rules=("104.1", "104.2a"))
FAIL = _result("a-loss", FAILED, "expected life 20, found 15", line=12)
SKIP = _result("a-loop", NOT_EXECUTABLE, "the engine does not model loops", line=30)


def _report(examples=(PASS, FAIL, SKIP), uncovered=("104.10",), required=True) -> Report:
    by_rule = {"104": (), "104.1": (PASS,), "104.2": (), "104.2a": tuple(examples),
               "104.10": ()}
    rows = (CoverageRow("104", 4, 2, 1, 25.0), CoverageRow("total", 4, 2, 1, 25.0))
    return Report(tuple(examples), rows, tuple(uncovered), by_rule, required)


def test_plain_lists_each_rule_with_its_examples_and_how_they_ended():
    text = format_plain(_report())
    assert text.splitlines()[:8] == [
        "104.1",
        "  passed          a-win",
        "104.2a",
        "  passed          a-win",
        "  FAILED          a-loss",
        "      expected life 20, found 15",
        "  not executable  a-loop  (the engine does not model loops)",
        "104.10",
    ]
    assert "  no example cites this rule" in text
    assert "3 examples: 1 passed, 1 failed, 1 not executable" in text
    assert text.endswith("rules without any example: 104.10")


def test_plain_coverage_table_aligns_its_columns():
    lines = format_plain(_report()).splitlines()
    start = lines.index("Coverage")
    assert lines[start + 1:start + 4] == [
        "  section     subrules   cited  executable       %",
        "  104                4       2           1    25.0",
        "  total              4       2           1    25.0"]


def test_only_problems_leaves_out_what_passed():
    text = format_plain(_report(), only_problems=True)
    assert "a-win" not in text and "104.1\n" not in text
    assert "  FAILED          a-loss" in text and "a-loop" not in text


def test_without_required_coverage_uncovered_rules_are_not_reported():
    text = format_plain(_report(required=False))
    assert "no example cites" not in text and "rules without any example" not in text


def test_one_example_is_counted_in_the_singular():
    text = format_plain(_report(examples=(PASS,), uncovered=()))
    assert text.endswith("1 example: 1 passed, 0 failed, 0 not executable")


def test_plain_report_in_spanish_uses_its_number_format():
    i18n.set_language("es")
    text = format_plain(_report())
    assert "    25,0" in text and "25.0" not in text


def _junit(tmp_path, report) -> ET.Element:
    path = tmp_path / "junit.xml"
    write_junit(report, path)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("<?xml version=")
    return ET.fromstring(text.encode("utf-8"))


def test_junit_counts_tests_failures_and_skips(tmp_path):
    root = _junit(tmp_path, _report())
    assert root.tag == "testsuites"
    (suite,) = root
    assert suite.get("name") == "tolaria check"
    cases = suite.findall("testcase")
    assert (suite.get("tests"), suite.get("failures"), suite.get("skipped"),
            suite.get("errors")) == ("4", "2", "1", "0")
    assert len(cases) == int(suite.get("tests"))
    assert sum(1 for c in cases if c.find("failure") is not None) == int(suite.get("failures"))
    assert sum(1 for c in cases if c.find("skipped") is not None) == int(suite.get("skipped"))
    by_name = {c.get("name"): c for c in cases}
    assert set(by_name) == {"a-win", "a-loss", "a-loop", "every-rule-cited"}
    loss = by_name["a-loss"]
    assert (loss.get("classname"), loss.get("file"), loss.get("line")) == (
        "rules/examples/104.yaml", "rules/examples/104.yaml", "12")
    assert loss.find("failure").get("message") == "expected life 20, found 15"
    assert [p.get("value") for p in by_name["a-win"].iter("property")] == ["104.1", "104.2a"]
    assert by_name["every-rule-cited"].find("failure").text == \
        "rules without any example: 104.10"


def test_junit_without_required_coverage_has_one_case_per_example(tmp_path):
    suite = _junit(tmp_path, _report(required=False))[0]
    assert (suite.get("tests"), suite.get("failures")) == ("3", "1")
    assert len(suite.findall("testcase")) == 3


def test_junit_refuses_a_missing_folder(tmp_path):
    with pytest.raises(UserError):
        write_junit(_report(), tmp_path / "no" / "junit.xml")
    assert not (tmp_path / "no").exists()


EXAMPLES = """\
- id: a-win
  title: {en: A player wins}
  rules: ["104.2a"]
  do:
    - win_game: Ana
  expect:
    - game: {over: true, winner: Ana}
- id: a-wrong-expectation
  title: {en: Expects what does not happen}
  rules: ["104.1"]
  do:
    - win_game: Ana
  expect:
    - game: {over: false}
"""


def test_a_real_check_run_in_plain_and_junit(tiny, tmp_path):
    (tmp_path / "mine.yaml").write_text(EXAMPLES, encoding="utf-8")
    report = run_examples(load_rulebook(tiny, use_cache=False), [tmp_path / "mine.yaml"])
    assert [r.status for r in report.examples] == [PASSED, FAILED]
    text = format_plain(report)
    assert "2 examples: 1 passed, 1 failed, 0 not executable" in text
    suite = _junit(tmp_path, report)[0]
    assert (suite.get("tests"), suite.get("failures")) == ("2", "1")
    failed = [c.get("name") for c in suite.iter("testcase") if c.find("failure") is not None]
    assert failed == ["a-wrong-expectation"]
