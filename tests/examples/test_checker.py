"""The checker and `tolaria check`: results, coverage, errors as file:line, JSON, JUnit."""

from __future__ import annotations

import json
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tolaria.examples.checker import FAILED, NOT_EXECUTABLE, PASSED, run_examples
from tolaria.cli import main
from tolaria.errors import DataErrors

REPO = Path(__file__).resolve().parents[2]

# Written to the format's contract (../shared/spec/worked-examples.md) by "someone else":
# only the contract's vocabulary, its defaults, unquoted rule numbers.
OUTSIDER = """\
- id: outsider-poison
  rules: [104.3d]
  edition: 2018-07-13
  title:
    en: Ten poison counters
  given:
    players:
      - {name: Ana}
      - {name: Bo, poison: 9}
  do:
    - poison: {player: Bo, amount: 1}
    - check_sba: {}
  expect:
    - player: {name: Bo, poison: 10, lost: true, in_game: false}
    - game: {over: true, winner: Ana}
- id: outsider-phasing
  rules: [702.25b]
  edition: 2020-11-20
  cr_example: 1
  title:
    en: Phased-out creatures are not counted
    es: Las criaturas fuera de fase no se cuentan
    it: Le creature fuori fase non vengono contate
  explain:
    en: Two cards, not three.
  given:
    turn: {active: Ana, step: precombat_main, number: 1}
    battlefield:
      - {id: a, name: Grizzly Bears, controller: Ana, types: [creature], toughness: 2}
      - {id: b, controller: Ana, types: [creature], toughness: 2}
      - {id: c, controller: Ana, owner: Ana, types: [creature], toughness: 2, phased_out: true}
  do:
    - draw_for_each: {player: Ana, counting: {type: creature, controller: Ana}}
  expect:
    - player: {name: Ana, hand: 9, library: 38}
    - permanent: {id: c, zone: battlefield, phased_out: true}
- id: outsider-end-step
  rules: [513.2]
  title: {en: "Next end step"}
  given:
    turn: {active: Ana, step: end}
    battlefield:
      - id: bears
        controller: Ana
        types: [creature]
        toughness: 2
        triggers:
          - {id: bears-end, when: beginning_of_end_step, do: [{lose_life: {player: Ana, amount: 1}}]}
  do:
    - create_delayed_trigger: {id: d1, when: beginning_of_next_end_step, do: [{gain_life: {player: Ana, amount: 5}}]}
    - advance: {to: end}
  expect:
    - turn: {active: Bo, number: 2}
    - triggered: [bears-end, d1]
    - steps: [cleanup, untap, upkeep, draw, precombat_main, beginning_of_combat, declare_attackers, end_of_combat, postcombat_main, end]
- id: outsider-burn
  rules: [300.3]
  edition: 2008-02-01
  title: {en: Mana burn}
  not_executable: a judge's note
  explain: {en: Just a note.}
"""


def write(tmp_path: Path, text: str, name: str = "mine.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_an_outsiders_file_runs_unchanged(book, tmp_path):
    path = write(tmp_path, OUTSIDER)
    report = run_examples(book, [path])
    statuses = {r.id: r.status for r in report.examples}
    assert statuses == {"outsider-poison": PASSED, "outsider-phasing": PASSED,
                        "outsider-end-step": PASSED, "outsider-burn": NOT_EXECUTABLE}
    assert report.ok  # coverage is not required of someone's own file
    assert main(["check", str(path)]) == 0


OUTSIDE = REPO / "tests" / "fixtures" / "outside-examples"


def test_files_an_outsider_wrote_from_the_contract_run_unchanged(book):
    """63 examples written from the shared contract alone (see the folder's README)."""
    report = run_examples(book, [OUTSIDE])
    by_status = {}
    for result in report.examples:
        by_status.setdefault(result.status, []).append(result)
    assert len(report.examples) == 63
    assert [r.id for r in by_status[NOT_EXECUTABLE]] == ["outsider-judge-penalty"]
    wrong, = by_status[FAILED]  # the one written wrong on purpose, and only that one
    assert wrong.id == "outsider-nine-poison-wrong-expectation"
    text = (OUTSIDE / "104.yaml").read_text(encoding="utf-8").splitlines()
    line = text.index("    - player: {name: Ana, lost: true}", wrong.line) + 1
    assert wrong.message.endswith(f"104.yaml:{line}: player Ana: lost: expected true, got false")
    assert len(by_status[PASSED]) == 61


def test_a_failing_example_reports_expected_actual_and_place(book, tmp_path, capsys):
    path = write(tmp_path, OUTSIDER.replace("poison: 10, lost: true", "poison: 10, lost: false"))
    report = run_examples(book, [path])
    failed = [r for r in report.examples if r.status == FAILED]
    assert [r.id for r in failed] == ["outsider-poison"]
    assert failed[0].line == 1
    assert failed[0].message.endswith(
        "mine.yaml:14: player Bo: lost: expected false, got true")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and "outsider-poison" in out


@pytest.mark.parametrize("text, message", [
    ("- id: x\n  rules: [104.3l]\n  title: {en: t}\n  expect: [{step: upkeep}]\n",
     "mine.yaml:2: malformed rule number '104.3l'"),
    ("- id: x\n  rules: [104.9]\n  title: {en: t}\n  expect: [{step: upkeep}]\n",
     "mine.yaml:2: rule 104.9 is not in the rulebook"),
    ("- id: x\n  rules: [104.1]\n  title: {en: t}\n  do: [{jump: {}}]\n  expect: [{step: upkeep}]\n",
     "mine.yaml:4: unknown action 'jump'"),
    ("- id: x\n  rules: [104.1]\n  title: {en: t}\n  expect: [{players: {}}]\n",
     "mine.yaml:4: unknown expectation 'players' (did you mean 'player'?)"),
    ("- id: x\n  rules: [104.1]\n  title: {en: t}\n  given: {turn: {step: nap}}\n"
     "  expect: [{step: upkeep}]\n", "mine.yaml:4: step: unknown value 'nap'"),
    ("- id: x\n  rules: [104.1]\n  title: {en: t}\n  do: [{draw: {player: Zed}}]\n"
     "  expect: [{step: upkeep}]\n", "mine.yaml:4: unknown player 'Zed'"),
    ("- id: x\n  rules: [104.1]\n  title: {en: t}\n  expect: [{permanent: {id: ghost}}]\n",
     "mine.yaml:4: unknown id 'ghost'"),
    ("- id: x\n  rules: [104.1]\n  title: {en: t}\n  colour: red\n  expect: [{step: upkeep}]\n",
     "mine.yaml:4: unknown key 'colour'"),
    ("- id: x\n  rules: [104.1]\n  title: {en: t}\n  do: [{draw: {player: Ana, count: two}}]\n"
     "  expect: [{step: upkeep}]\n", "mine.yaml:4: count: expected a whole number"),
    ("- id: x\n  rules: [104.1]\n  title: {en: t}\n  expect: []\n",
     "mine.yaml:4: expect: the list is empty"),
    ("- id: x\n  rules: [104.1]\n  title: {en: t}\n",
     "mine.yaml:1: missing key 'expect'"),
    ("- id: x\n  rules: [104.1]\n  title: {en: t}\n  not_executable: why\n",
     "mine.yaml:1: an example that is not executable needs 'explain'"),
    ("- id: x\n  rules: [702.25b]\n  cr_example: 3\n  title: {en: t}\n  expect: [{step: upkeep}]\n",
     "mine.yaml:3: cr_example 3: rule 702.25b has 2 Example paragraphs"),
    ("- id: x\n  rules: [104.1]\n  title: {en: t}\n  expect: [{step: upkeep}]\n"
     "- id: x\n  rules: [104.1]\n  title: {en: t}\n  expect: [{step: upkeep}]\n",
     "mine.yaml:5: duplicate example id 'x' (first at"),
    ("- id: x\n  rules: [104.1\n", "mine.yaml:3: YAML syntax error"),
])
def test_malformed_examples_are_file_line_errors(book, tmp_path, text, message, capsys):
    path = write(tmp_path, text)
    with pytest.raises(DataErrors) as caught:
        run_examples(book, [path])
    errors = [str(e) for e in caught.value.errors]
    assert any(message in e for e in errors), errors
    assert main(["check", str(path)]) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and message in captured.err


@pytest.mark.parametrize("action, message", [
    ("advance: {to: combat}", "mine.yaml:4: to: unknown value 'combat'"),
    ("skip: {step: combatt, player: Ana}", "mine.yaml:4: step: unknown value 'combatt'"),
    ("advance: {to: upkeep, turns: 1}", "mine.yaml:4: advance: give either 'to' or 'turns'"),
    ("advance: {turn: 1}", "mine.yaml:4: unknown key 'turn' (did you mean 'turns'?)"),
    ("skip: {stepp: upkeep, player: Ana}", "mine.yaml:4: unknown key 'stepp' (did you mean"),
])
def test_a_wrong_value_is_one_error_naming_it(book, tmp_path, action, message):
    path = write(tmp_path, "- id: x\n  rules: [104.1]\n  title: {en: t}\n"
                           f"  do: [{{{action}}}]\n  expect: [{{step: upkeep}}]\n")
    with pytest.raises(DataErrors) as caught:
        run_examples(book, [path])
    errors = [str(e) for e in caught.value.errors]
    assert len(errors) == 1 and message in errors[0], errors


def test_a_missing_path_is_a_clear_error(tmp_path, capsys):
    assert main(["check", str(tmp_path / "nope.yaml")]) == 2
    assert "no such file or folder" in capsys.readouterr().err


def test_project_examples_pass_with_full_coverage(book):
    report = run_examples(book)
    assert not report.failed, [r.message for r in report.failed]
    assert report.uncovered == ()
    total = report.coverage[-1]
    assert total.section == "total" and total.cited == total.subrules
    assert total.executable / total.subrules >= 0.75
    assert report.ok


def test_a_subrule_without_example_fails_the_check(book, tmp_path, capsys):
    folder = tmp_path / "examples"
    folder.mkdir()
    for path in (REPO / "rules" / "examples").glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        if path.name == "512.yaml":
            continue  # 512.1 loses its only example
        (folder / path.name).write_text(text, encoding="utf-8")
    report = run_examples(book, [folder], require_coverage=True)
    assert report.uncovered == ("512.1",) and not report.ok
    assert main(["check", str(folder), "--coverage"]) == 1
    assert "rules without any example: 512.1" in capsys.readouterr().out


def test_json_and_junit_output(tmp_path, capsys):
    path = write(tmp_path, OUTSIDER.replace("hand: 9, library: 38", "hand: 10, library: 38"))
    junit = tmp_path / "out" / "report.xml"
    junit.parent.mkdir()
    assert main(["check", str(path), "--json", "--junit", str(junit)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"examples", "coverage"}
    first = data["examples"][0]
    assert set(first) >= {"id", "rules", "status", "message", "file", "line"}
    by_id = {e["id"]: e for e in data["examples"]}
    assert by_id["outsider-phasing"]["status"] == "failed"
    assert by_id["outsider-phasing"]["rules"] == ["702.25b"]
    assert by_id["outsider-burn"]["status"] == "not_executable"
    rows = {row["section"]: row for row in data["coverage"]["sections"]}
    assert rows["702.25"] == {"section": "702.25", "subrules": 14, "cited": 1,
                              "executable": 1, "percent": 7.1}
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite.get("tests") == "4" and suite.get("failures") == "1"
    assert suite.get("skipped") == "1"
    failing = [c for c in suite if c.find("failure") is not None]
    assert [c.get("name") for c in failing] == ["outsider-phasing"]


def test_plain_output_has_the_coverage_table(capsys):
    assert main(["check"]) == 0
    out = capsys.readouterr().out
    assert "Coverage" in out and "702.25" in out and "total" in out
    assert "0 failed" in out


def test_site_api_groups_examples_by_section(book):
    report = run_examples(book)
    phasing = report.for_section("702.25")
    assert phasing and all(any(n.startswith("702.25") for n in r.rules) for r in phasing)
    first = phasing[0]
    assert set(first.titles) == {"en", "es", "it"} and first.file.endswith("702.25.yaml")


# --- the interface's language: reasons, engine errors, counts, numbers ------------------------
REASONS = """\
- id: reason-in-three
  rules: [104.3k]
  title: {en: t}
  explain: {en: e}
  not_executable:
    en: tournament penalties (100.6) are outside the game
    es: las penalizaciones de torneo (100.6) quedan fuera del juego
    it: le penalità di torneo (100.6) sono fuori dalla partita
- id: reason-in-english-only
  rules: [104.3k]
  title: {en: t}
  explain: {en: e}
  not_executable: {en: only in English}
- id: reason-as-plain-text
  rules: [104.3k]
  title: {en: t}
  explain: {en: e}
  not_executable: the contract's plain text
"""


@pytest.mark.parametrize("lang, expected", [
    ("es", "las penalizaciones de torneo (100.6) quedan fuera del juego"),
    ("it", "le penalità di torneo (100.6) sono fuori dalla partita"),
    ("en", "tournament penalties (100.6) are outside the game")])
def test_a_not_executable_reason_reads_in_the_interface_language(tmp_path, capsys, lang,
                                                                 expected):
    path = write(tmp_path, REASONS)
    assert main(["check", str(path), "--lang", lang, "--json"]) == 0
    by_id = {e["id"]: e for e in json.loads(capsys.readouterr().out)["examples"]}
    assert by_id["reason-in-three"]["message"] == expected
    assert by_id["reason-in-english-only"]["message"] == "only in English"
    assert by_id["reason-as-plain-text"]["message"] == "the contract's plain text"
    assert main(["check", str(path), "--lang", lang]) == 0
    assert f"reason-in-three  ({expected})" in capsys.readouterr().out


def test_a_reason_per_language_needs_english(book, tmp_path):
    path = write(tmp_path, REASONS.replace("    en: tournament penalties (100.6) are outside "
                                           "the game\n", ""))
    with pytest.raises(DataErrors) as caught:
        run_examples(book, [path])
    import os

    assert [str(e) for e in caught.value.errors] == [
        f"{os.path.realpath(path)}:6: missing key 'en'"]


def test_the_projects_reasons_are_given_in_every_language(book):
    from tolaria.examples.reader import load_examples

    reasons = [e for e in load_examples(book) if e.not_executable is not None]
    assert len(reasons) == 9 and all(set(e.reasons) == {"en", "es", "it"} for e in reasons)


def test_an_engine_error_reads_in_the_interface_language(tmp_path, monkeypatch, capsys):
    from pseudo_locale import pseudo_language, tr

    path = write(tmp_path, "- id: far\n  rules: [104.1]\n  title: {en: t}\n"
                           "  given: {players: [{name: Ana, library: 99999}, "
                           "{name: Bo, library: 99999}]}\n"
                           "  do: [{advance: {turns: 6000}}]\n  expect: [{step: upkeep}]\n")
    pseudo_language(monkeypatch, "es")
    junit = tmp_path / "j.xml"
    assert main(["check", str(path), "--lang", "es", "--junit", str(junit)]) == 1
    problem = tr("the game never reached that turn (the engine gave up after {limit} steps)",
                 limit=5000)
    assert problem in capsys.readouterr().out
    assert problem in junit.read_text(encoding="utf-8")


def test_counts_are_plural_forms_and_numbers_are_localized(tmp_path, monkeypatch, capsys):
    from pseudo_locale import bare_words, pseudo_language

    path = write(tmp_path, OUTSIDER.replace("hand: 9, library: 38", "hand: 10, library: 38"))
    pseudo_language(monkeypatch, "es")
    assert main(["check", str(path), "--lang", "es"]) == 1
    out = capsys.readouterr().out
    summary = out.splitlines()[-1]
    assert summary == "⟦{examples}: {passed}, {failed}, {skipped}⟧".format(
        examples="⟦4 examples⟧", passed="⟦2 passed⟧", failed="⟦1 failed⟧",
        skipped="⟦1 not executable⟧")  # each count chooses its own plural form
    assert bare_words(summary) == ""
    row = next(line for line in out.splitlines() if line.startswith("  702.25 "))
    assert row.split() == ["702.25", "14", "1", "1", "7,1"]  # a decimal comma in Spanish
