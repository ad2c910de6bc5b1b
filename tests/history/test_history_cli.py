"""The history commands: checks before writing, renumbered references, malformed numbers."""

from __future__ import annotations

import json
import shutil

import pytest

from tolaria_testing import REPO
from tolaria.cli import main


def _newer_edition(shared, folder):
    """The newest official file, effective on a later date (no rule changes)."""
    newest = sorted((shared / "reference" / "cr-en").glob("*.txt"))[-1]
    text = newest.read_text(encoding="utf-8-sig")
    line = next(x for x in text.splitlines() if "effective as of" in x)
    path = folder / "rules_20990101.txt"
    path.write_text(text.replace(line, "These rules are effective as of January 1, 2099.", 1),
                    encoding="utf-8")
    return path


def test_import_history_checks_the_rulebook_first_and_writes_nothing(tmp_path, shared,
                                                                    capsys, project):
    rules = project
    newer = _newer_edition(shared, tmp_path)
    stored = {p.name: p.read_bytes() for p in (rules / "history").iterdir()}
    spanish = rules / "es" / "104.yaml"
    good = spanish.read_text(encoding="utf-8")
    assert "\nlang: es\n" in good
    spanish.write_text(good.replace("\nlang: es\n", "\nlang: es\nlang: es\n", 1),
                       encoding="utf-8")
    assert main(["import", str(newer), "--history", "--rules", str(rules)]) == 2
    captured = capsys.readouterr()
    assert "duplicate key 'lang'" in captured.err and captured.out == ""
    assert {p.name: p.read_bytes() for p in (rules / "history").iterdir()} == stored
    # the same file is added once the rulebook is valid, and the report says what changed
    spanish.write_text(good, encoding="utf-8")
    assert main(["import", str(newer), "--history", "--rules", str(rules)]) == 0
    captured = capsys.readouterr()
    assert captured.out == ("Covered rules from April 17, 2026 to January 1, 2099:\n"
                            "  no change\n")
    assert captured.err.splitlines() == [f"wrote rules/{name}" for name in (  # from the cwd
        "cr/en.json", "cr/editions.json", "history/rules.yaml", "history/titles.yaml")]
    assert {p.name: p.read_bytes() for p in (rules / "history").iterdir()} != stored
    assert "- effective: 2099-01-01\n    file: rules_20990101.txt\n" in \
        (rules / "history" / "rules.yaml").read_text(encoding="utf-8")


def test_renumbered_references_within_a_wording_are_shown(capsys):
    assert main(["history", "702.25i"]) == 0
    out = capsys.readouterr().out
    assert "1 wording:" in out
    assert "references renumbered on September 29, 2017: 704.5n, 704.5p → 704.5m, " \
           "704.5n" in " ".join(out.split())


def test_a_malformed_number_is_a_usage_error(capsys):
    assert main(["history", "abc"]) == 2
    history_err = capsys.readouterr().err
    assert main(["show", "abc"]) == 2
    assert history_err == capsys.readouterr().err
    assert history_err.count("\n") == 1 and "is not a rule number" in history_err
    assert main(["history", "999.9"]) == 1  # well formed, but not covered
    assert main(["history", "702.25K"]) == 0  # as show reads it
    assert capsys.readouterr().out.startswith("702.25k · ")


def test_a_number_of_one_edition_is_said_in_the_singular(book):
    from tolaria.numbering import RuleNumber
    from tolaria.formats.text import find_rule, render_text

    data = find_rule(book, "en", RuleNumber.parse("717"))
    data.update(asked="724", editions=["2026-06-12"])
    text = render_text(book, data)
    assert "724 is this rule's number in the edition of June 12, 2026" in text
    assert "editions of" not in text
    data.update(editions=["2025-07-25", "2026-06-12"])
    assert "in the editions of July 25, 2025 … June 12, 2026" in render_text(book, data)


def _cut(shared, folder, name, before, nth):
    """The newer edition cut just before its nth line starting with before."""
    text = _newer_edition(shared, folder).read_text(encoding="utf-8")
    lines = text.split("\n")
    at = [i for i, line in enumerate(lines) if line.startswith(before)][nth]
    path = folder / name
    path.write_text("\n".join(lines[:at]) + "\n", encoding="utf-8")
    return path, max(i + 1 for i, line in enumerate(lines[:at]) if line.strip())


@pytest.mark.parametrize("before, nth, message", [
    ("800. ", 1, "the file ends before section 800, which its contents list (line 157): is it "
                 "cut short?"),  # the body's 800: every section from 800 on is missing
    ("600. ", 1, "the file ends before section 600, which its contents list (line 102): is it "
                 "cut short?"),
    ("600. ", 0, "the file ends in its table of contents, before any rule: is it cut short?"),
    ("Glossary", 1, "no glossary after the rules: is the file complete?"),
    ("Credits", 1, "no credits after the glossary: is the file complete?"),
])
def test_import_history_refuses_a_file_cut_short(tmp_path, shared, capsys, project, before,
                                                 nth, message):
    rules = project
    stored = {p.name: p.read_bytes() for p in (rules / "history").iterdir()}
    path, last = _cut(shared, tmp_path, "rules_20990101_cut.txt", before, nth)  # last line
    assert main(["import", str(path), "--history", "--rules", str(rules)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"tolaria: rules_20990101_cut.txt:{last}: {message}\n"
    assert {p.name: p.read_bytes() for p in (rules / "history").iterdir()} == stored


def test_a_number_other_rules_had_is_said_with_how_to_see_them(capsys):
    assert main(["history", "702.25k"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "702.25k · Phasing"
    assert lines[1] == ("702.25k was also this reference's 702.25m in the editions of August "
                        "25, 2017 … July 3, 2020: tolaria history 702.25m")
    assert lines[2].startswith("702.25k was also another rule in the editions of July 22, "
                               "2016 … July 8, 2017, since removed (“Phased-out tokens cease")
    command = lines[2].rpartition(": ")[2]
    assert command == "tolaria history 702.25k --edition 2017-07-08"
    # the command it names shows that rule, by a user's number and date
    assert main(command.split()[1:]) == 0
    out = capsys.readouterr().out
    assert out.startswith("702.25k (since removed) · Phasing\n")
    assert "Phased-out tokens cease to exist as a state-based action." in out
    assert main(["history", "702.25k", "--edition", "2017-01-20", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["in_rulebook"] is False and data["wordings"][0]["text"].startswith(
        "Phased-out tokens")
    assert main(["history", "513.2"]) == 0
    out = capsys.readouterr().out
    assert "513.2 was also another rule in the editions of July 22, 2016 … August 26, 2016, " \
           "since removed (“Second, the active player gets priority." in out
    assert main(["history", "104.3b"]) == 0
    assert "was also" not in capsys.readouterr().out


def test_history_on_a_date_outside_the_known_editions(capsys):
    assert main(["history", "717.1", "--edition", "2012-01-01"]) == 1
    assert "no English edition for January 1, 2012" in capsys.readouterr().err
    assert main(["history", "717.1", "--edition", "2017-03-01"]) == 1
    assert capsys.readouterr().err.endswith(
        "this reference's 717.1 was 715.1 then: tolaria history 715.1 --edition 2017-03-01\n")
    assert main(["history", "715.1", "--edition", "2017-03-01"]) == 0
    assert capsys.readouterr().out.startswith("717.1 · Ending Turns and Phases\n715.1 is this")


def test_a_typography_change_is_not_a_renumbering(capsys):
    assert main(["history", "702.25k", "--json"]) == 0
    versions = {v["first"]: v for v in json.loads(capsys.readouterr().out)["versions"]}
    assert versions["2019-01-25"]["change"] == "typography"  # ’ became '
    assert versions["2019-01-25"]["renumbered"] is False
    assert versions["2016-07-22"]["change"] is None
    assert versions["2025-02-07"]["change"] == "reworded"
    assert main(["history", "717.1a", "--json"]) == 0
    changes = [v["change"] for v in json.loads(capsys.readouterr().out)["versions"][1:]]
    assert changes and set(changes) <= {"references", "typography"} and "references" in changes
    assert main(["history", "702.25i", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert any(v["renumbered"] for v in data["versions"])
    assert all(v["renumbered"] == (v["change"] == "references") for v in data["versions"])


def test_numbers_outside_the_history_are_named(capsys):
    assert main(["history", "704"]) == 1  # a section: a title, and no text to follow
    assert capsys.readouterr().err == ("tolaria: 704 State-Based Actions is a section: each of "
                                       "its rules has a history (e.g. tolaria history 704.1)\n")
    assert main(["history", "704.1"]) == 0
    assert capsys.readouterr().out.startswith("704.1 · State-Based Actions")
    assert main(["history", "718", "--edition", "2016-07-22"]) == 1  # that edition's section
    assert capsys.readouterr().err.startswith("tolaria: 718 Taking Shortcuts is a section")
    assert main(["history", "500.1"]) == 0  # not covered: the whole CR's rule, every edition
    assert capsys.readouterr().out.startswith("500.1 · General\n\nNumbers:\n  500.1 ")
    assert main(["history", "500.99"]) == 1
    assert capsys.readouterr().err == (
        "tolaria: 500.99 (in 500 General) is not a covered rule in any edition of the history\n")
    assert main(["history", "104,3b"]) == 0  # a decimal comma, as show and search read it
    assert capsys.readouterr().out.startswith("104.3b · Ending the Game")
    assert main(["history", "512-514"]) == 2
    assert "history takes one number" in capsys.readouterr().err


def test_a_rebuild_refuses_a_reference_file_cut_short(tmp_path, shared, capsys):
    reference = tmp_path / "reference"
    reference.mkdir()
    path, last = _cut(shared, reference, "rules_20990101.txt", "800. ", 1)
    assert sorted(reference.glob("*.txt")) == [path]  # the cut file replaced the whole one
    rules = tmp_path / "rules"
    shutil.copytree(REPO / "rules", rules)
    stored = {p.name: p.read_bytes() for p in (rules / "history").iterdir()}
    assert main(["history", "--rebuild", "--rules", str(rules), "--reference",
                 str(reference)]) == 2
    assert capsys.readouterr().err == (
        f"tolaria: rules_20990101.txt:{last}: the file ends before section 800, which its "
        "contents list (line 157): is it cut short?\n")
    assert {p.name: p.read_bytes() for p in (rules / "history").iterdir()} == stored
