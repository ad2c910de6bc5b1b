"""The stored history is what the importer gives today; one more edition is one command."""

from __future__ import annotations

import json
import shutil

import pytest

from tolaria_testing import REPO, before_end
from tolaria.cli import main
from tolaria.errors import DataErrors
from tolaria.history import load_history
from tolaria.history.reader import read_history
from tolaria.history.storage import history_texts


def test_the_stored_history_is_up_to_date_with_the_importer(tmp_path, shared, capsys):
    rules = tmp_path / "rules"
    shutil.copytree(REPO / "rules", rules, ignore=shutil.ignore_patterns("history"))
    status = main(["history", "--rebuild", "--rules", str(rules),
                   "--reference", str(shared / "reference" / "cr-en")])
    assert status == 0, capsys.readouterr().err
    for name in ("rules.yaml", "titles.yaml"):
        assert (rules / "history" / name).read_bytes() == \
            (REPO / "rules" / "history" / name).read_bytes(), \
            f"rules/history/{name} is out of date: run `tolaria history --rebuild`"


def test_the_stored_files_are_read_back_as_written():
    data = read_history(REPO / "rules" / "history")
    for name, text in history_texts(data).items():
        assert text == (REPO / "rules" / "history" / name).read_text(encoding="utf-8")
    assert sum(p.stat().st_size for p in (REPO / "rules" / "history").glob("*.yaml")) < 2e6


def test_importing_one_more_edition_reports_the_changes(tmp_path, shared, capsys):
    files = sorted((shared / "reference" / "cr-en").glob("*.txt"))
    reference = tmp_path / "reference"
    reference.mkdir()
    for path in files[:-1]:
        (reference / path.name).symlink_to(path)
    rules = tmp_path / "rules"
    shutil.copytree(REPO / "rules", rules, ignore=shutil.ignore_patterns("history"))
    assert main(["history", "--rebuild", "--rules", str(rules), "--reference",
                 str(reference)]) == 0
    capsys.readouterr()
    assert main(["import", str(files[-1]), "--history", "--rules", str(rules)]) == 0
    out = capsys.readouterr().out
    assert "717.1: moved (723.1 → 724.1)" in out
    assert "717.1a: moved, cross-references renumbered (723.1a → 724.1a)" in out
    for name in ("rules.yaml", "titles.yaml"):  # the same as a rebuild with every file
        assert (rules / "history" / name).read_bytes() == \
            (REPO / "rules" / "history" / name).read_bytes()
    # the same edition again is refused, and nothing changes
    assert main(["import", str(files[-1]), "--history", "--rules", str(rules)]) == 2
    assert "is already in the rule history" in capsys.readouterr().err


def test_import_history_as_json(tmp_path, shared, capsys):
    files = sorted((shared / "reference" / "cr-en").glob("*.txt"))
    rules = tmp_path / "rules"
    shutil.copytree(REPO / "rules", rules)
    data = read_history(rules / "history")
    # an edition the history has already is refused with a clear message
    assert main(["import", str(files[0]), "--history", "--json", "--rules", str(rules)]) == 2
    assert "is already in the rule history" in capsys.readouterr().err
    assert read_history(rules / "history") == data


BROKEN = [
    ("  - effective: 2016-07-22\n", "  - effective: 2016-13-22\n", 0,
     "effective: '2016-13-22' is no day of the calendar"),
    ('      - ["717", 2019-10-04, 2021-06-18]\n', '      - ["717", 2019-10-05, 2021-06-18]\n',
     0, "edition 2019-10-05 is not an edition of the history"),
    ("    anchor: 2019-10-04\n", "    anchor: 2019-10-04\n    extra: 1\n", 1,
     "unknown key 'extra'"),
    ("      - rule: \"717.1a\"\n", "      - rule: \"717.1o\"\n", 0,
     "malformed rule key '717.1o'"),
    ("            same_wording: true\n", "            same_wording: false\n", 0,
     "same_wording: write true, or leave the key out"),
    ("            same_wording: true\n", "            renumbered: true\n", 0,
     "unknown key 'renumbered'"),
    ("            same_wording: true\n", "            same_wording: 1\n", 0,
     "same_wording: expected true or false, found '1' (number)"),
    ('      - ["717", 2019-10-04, 2021-06-18]\n', '      - ["717", 2021-06-18, 2019-10-04]\n',
     0, "the last edition 2019-10-04 comes before the first 2021-06-18"),
]


@pytest.mark.parametrize("old,new,offset,message", BROKEN)
def test_a_broken_history_file_is_reported_at_its_line(tmp_path, old, new, offset, message):
    folder = tmp_path / "history"
    shutil.copytree(REPO / "rules" / "history", folder)
    path = folder / "rules.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    expected = text[:text.index(old)].count("\n") + 1
    with pytest.raises(DataErrors) as caught:
        read_history(folder)
    error = caught.value.errors[0]  # the first; a bad edition makes others unknown too
    assert error.file.endswith("history/rules.yaml")
    assert (error.line, error.message) == (expected + offset, error.message)
    assert message in error.message


def test_a_missing_history_is_one_clear_error(tmp_path):
    with pytest.raises(DataErrors) as caught:
        read_history(tmp_path / "nowhere")
    assert "tolaria history --rebuild" in str(caught.value)
    with pytest.raises(DataErrors):
        load_history(tmp_path)
    assert load_history(tmp_path, missing_ok=True) is None  # a rulebook without a history


def test_history_command(capsys):
    assert main(["history", "723.1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rule"] == "717.1" and data["asked"] == "723.1" and data["unit"] == "717"
    assert data["editions"][0] == "2025-07-25"
    assert len(data["numbers"]) == 11 and len(data["wordings"]) == 2
    assert {"op": "delete", "text": "Three"} in data["wordings"][1]["diff"]
    assert main(["history", "717.1"]) == 0
    out = capsys.readouterr().out
    assert "[-Three-] {+Some+} cards" in out and "715.1" in out
    assert main(["history", "300.6"]) == 0
    assert "Became 500.7" in capsys.readouterr().out
    assert main(["history", "999.9"]) == 1
    assert "not a covered rule" in capsys.readouterr().err


def test_show_a_number_of_another_edition(capsys):
    assert main(["show", "702.26", "--json"]) == 0  # today's number
    data = json.loads(capsys.readouterr().out)
    assert data["number"] == "702.26" and data["rulebook_number"] == "702.25"
    assert "asked" not in data and data["aliases"][0]["number"] == "702.25"
    assert main(["show", "716.1b"]) == 0  # another edition's number: today's rule
    out = capsys.readouterr().out
    assert out.startswith("724.1b · ") and "716.1b is this rule's number" in out
    assert main(["show", "717.1", "--json"]) == 0  # the rulebook's number: today's 724.1
    data = json.loads(capsys.readouterr().out)
    assert (data["number"], data["asked"], data["rulebook_number"]) == ("724.1", "717.1", "717.1")


def test_show_a_rule_as_it_stood_on_a_date(capsys):
    # 715.1 is the number of that edition (its 717.1 was Restarting the Game's)
    assert main(["show", "715.1", "--edition", "2017-03-01", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["number"] == "715.1" and data["edition"] == "2017-01-20"
    assert data["text"].startswith("Three cards") and data["current"] == "717.1"
    assert data["children"][0]["number"] == "715.1a"
    assert data["source"]["file"] == "reference/cr-en/rules_20170119.txt"
    assert main(["show", "702.26", "--edition", "2026-05-01"]) == 0
    assert capsys.readouterr().out.startswith("702.26 · Phasing")
    # 2010: after the quoted pre-2009 text, before the first official file
    assert main(["show", "717.1", "--edition", "2010-01-01"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == (
        "tolaria: this reference has no English edition for January 1, 2010: the nearest it "
        "knows are February 1, 2008 (only 300 known) and July 22, 2016 (tolaria show 717.1 "
        "--edition 2016-07-22)\n")
    assert main(["show", "717.1", "--edition", "yesterday"]) == 2
    assert capsys.readouterr().err == ("tolaria: --edition: 'yesterday' is not a date "
                                       "(YYYY-MM-DD)\n")
    assert main(["show", "512-514", "--edition", "2020-01-01"]) == 2
    assert "one rule at a time" in capsys.readouterr().err


def test_titles_of_an_edition_not_yet_added_are_left_out(tmp_path):
    """titles.yaml is written before rules.yaml: an import stopped between the two leaves
    titles of an edition rules.yaml does not list yet. The history reads as before it."""
    folder = tmp_path / "history"
    shutil.copytree(REPO / "rules" / "history", folder)
    before = read_history(folder)
    last = max(e.effective for e in before.editions)
    later = "2099-01-01"
    path = folder / "titles.yaml"
    text = path.read_text(encoding="utf-8")
    assert f", {last}]" in text
    path.write_text(before_end(text.replace(f", {last}]", f", {later}]"),
                               f'  - ["999.9", New Thing, {later}, {later}]\n'), encoding="utf-8")
    assert read_history(folder) == before
