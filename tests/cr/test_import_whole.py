"""tolaria import FILE --whole: stores an official file as rules/cr/en.json, all or nothing."""

from __future__ import annotations

import shutil
from datetime import date

import pytest

from tolaria_testing import REPO, shared_dir
from tolaria.cli import main
from tolaria.cr import load_whole_cr


def run(capsys, *args):
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def reference():
    return shared_dir() / "reference" / "cr-en"


@pytest.fixture
def rules(tmp_path, monkeypatch):
    """A rules folder with the stored whole CR, tmp_path as the working directory."""
    target = tmp_path / "rules"
    (target / "cr").mkdir(parents=True)
    shutil.copy(REPO / "rules" / "cr" / "en.json", target / "cr" / "en.json")
    monkeypatch.chdir(tmp_path)
    return target


@pytest.mark.parametrize("cut, message", [
    (0.5, "cut.txt:3809: the file ends before section 702, which its contents list (line "
          "123): is it cut short?"),
    (0.002, "cut.txt:90: the file ends in its table of contents, before any rule: is it cut "
            "short?"),
])
def test_a_file_cut_short_is_refused_and_nothing_changes(capsys, rules, reference, tmp_path,
                                                         cut, message):
    raw = (reference / "rules_20260417.txt").read_bytes()
    (tmp_path / "cut.txt").write_bytes(raw[:int(len(raw) * cut)])
    before = (rules / "cr" / "en.json").read_bytes()
    status, out, err = run(capsys, "import", str(tmp_path / "cut.txt"), "--whole", "--rules",
                           str(rules))
    assert (status, out) == (2, "")
    assert err == f"tolaria: {message}\n"
    assert (rules / "cr" / "en.json").read_bytes() == before
    assert [p.name for p in (rules / "cr").iterdir()] == ["en.json"]  # no temporary file


def test_without_a_history_an_older_edition_replaces_the_stored_one(capsys, rules, reference):
    assert load_whole_cr(rules).edition == date(2026, 4, 17)
    status, out, err = run(capsys, "import", str(reference / "rules_20250207.txt"), "--whole",
                           "--rules", str(rules))
    assert (status, err) == (0, "")
    assert out == ("wrote rules/cr/en.json: the whole CR of February 7, 2025 from "
                   "rules_20250207.txt (3,022 rules, 703 glossary terms); it replaces that of "
                   "April 17, 2026\n")
    cr = load_whole_cr(rules)
    assert (cr.edition, cr.source) == (date(2025, 2, 7), "rules_20250207.txt")
    assert cr.rule("704.5a").text.startswith("If a player has 0 or less life")


def test_with_a_history_only_the_current_edition_is_stored(capsys, rules, reference):
    shutil.copytree(REPO / "rules" / "history", rules / "history")
    before = (rules / "cr" / "en.json").read_bytes()
    status, out, err = run(capsys, "import", str(reference / "rules_20250207.txt"), "--whole",
                           "--rules", str(rules))
    assert (status, out) == (2, "")
    assert err == (f"tolaria: {reference / 'rules_20250207.txt'}: the edition of February 7, "
                   "2025, but the current edition is April 17, 2026: --whole stores the "
                   "current edition's file; another edition is added with --history (a newer "
                   "one becomes current)\n")
    assert (rules / "cr" / "en.json").read_bytes() == before
    status, out, err = run(capsys, "import", str(reference / "rules_20260417.txt"), "--whole",
                           "--rules", str(rules))
    assert (status, err) == (0, "") and out.endswith("it replaces that of April 17, 2026\n")


def test_a_first_import_makes_the_folder(capsys, tmp_path, reference, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, _err = run(capsys, "import", str(reference / "rules_20260417.txt"), "--whole",
                            "--rules", str(tmp_path / "rules"))
    assert status == 0 and "; it replaces" not in out
    assert (tmp_path / "rules" / "cr" / "en.json").read_bytes() == (
        REPO / "rules" / "cr" / "en.json").read_bytes()


def test_a_number_printed_twice_is_refused(capsys, rules, reference):
    before = (rules / "cr" / "en.json").read_bytes()
    status, out, err = run(capsys, "import", str(reference / "rules_20240917.txt"), "--whole",
                           "--rules", str(rules))
    assert (status, out) == (2, "")
    assert err == ("tolaria: rules_20240917.txt:5228: rule 702.175 appears twice (first at "
                   "line 5222): the whole CR holds one rule per number\n")
    assert (rules / "cr" / "en.json").read_bytes() == before


@pytest.mark.parametrize("extra", [["--json"], ["--history"], ["--sections", "104", "--write"]])
def test_whole_takes_no_other_option(capsys, rules, extra):
    status, out, err = run(capsys, "import", "whatever.txt", "--whole", *extra, "--rules",
                           str(rules))
    assert (status, out) == (2, "")
    assert err == ("tolaria: --whole stores the whole file in rules/cr/: it takes no "
                   "--sections, --write, --history or --json\n")
