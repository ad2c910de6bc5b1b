"""Options that mean nothing together are refused in one line (exit status 2), never silently
ignored; the pairings that do mean something work."""

from __future__ import annotations

import json

import pytest

from tolaria.cli import main
from tolaria_testing import shared_dir

OFFICIAL = "reference/cr-en/rules_20230414.txt"


def run(capsys, *args):
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def official():
    return str(shared_dir() / OFFICIAL)


@pytest.mark.parametrize("args, message", [
    (["history", "717.1", "--rebuild"],
     "--rebuild rebuilds the whole history and prints the files it wrote: it takes no NUMBER"),
    (["history", "--rebuild", "--edition", "2020-01-01"],
     "--rebuild rebuilds the whole history and prints the files it wrote: it takes no "
     "--edition"),
    (["history", "--rebuild", "--json"],
     "--rebuild rebuilds the whole history and prints the files it wrote: it takes no --json"),
    (["history", "717.1", "--reference", "somewhere"],
     "--reference says where --rebuild reads the official files: give it with --rebuild"),
    (["show", "104.3b", "--edition", "2020-01-01", "--lang", "all"],
     "--edition shows the English text only (the official editions are English)"),
    (["show", "512-514", "--edition", "2020-01-01"],
     "--edition shows one rule at a time: give one number, not a range"),
    (["serve", "--no-build", "--rules", "rules"],
     "--rules says which rulebook to build: it does nothing with --no-build"),
])
def test_a_meaningless_pairing_is_refused_in_one_line(capsys, tmp_path, tiny, args, message):
    # Should the refusal go, the command still touches nothing of the project's and never
    # serves: a copy of the rulebook, an empty reference folder, a folder that is not there.
    guard = {"history": ["--rules", str(tiny)] + ([] if "--reference" in args else
                                                  ["--reference", str(tmp_path)]),
             "serve": ["--out", str(tmp_path / "nothing")]}.get(args[0], [])
    status, out, err = run(capsys, *args, *guard)
    assert (status, out, err) == (2, "", f"tolaria: {message}\n")


def test_history_rebuild_with_a_number_writes_nothing(capsys, tmp_path, tiny):
    before = sorted(p.name for p in tiny.rglob("*"))
    status, out, err = run(capsys, "history", "717.1", "--rebuild", "--rules", str(tiny),
                           "--reference", str(tmp_path))
    assert status == 2 and out == "" and err.count("\n") == 1
    assert sorted(p.name for p in tiny.rglob("*")) == before


def test_history_refusal_speaks_the_interface_language(capsys, monkeypatch):
    from pseudo_locale import pseudo_language, tr

    pseudo_language(monkeypatch, "es")
    status, out, err = run(capsys, "history", "717.1", "--rebuild", "--lang", "es")
    assert status == 2 and out == ""
    assert err == "tolaria: " + tr("--rebuild rebuilds the whole history and prints the files "
                                   "it wrote: it takes no {option}", option=tr("NUMBER")) + "\n"


@pytest.mark.parametrize("extra, message", [
    (["--history", "--sections", "104"],
     "--history adds the whole file to rules/history/: it takes no --sections or --write"),
    (["--history", "--write"],
     "--history adds the whole file to rules/history/: it takes no --sections or --write"),
    (["--sections", "104", "--write", "--json"],
     "--write writes YAML files and prints their names: it takes no --json"),
    (["--sections", "104"],
     "--sections goes with --write or --json (it says which sections to write or print)"),
    *[(["--whole", *other], "--whole stores the whole file in rules/cr/: it takes no "
       "--sections, --write, --history or --json")
      for other in (["--sections", "104"], ["--write"], ["--history"], ["--json"])],
])
def test_import_refuses_options_that_do_not_go_together(capsys, tiny, official, extra,
                                                        message):
    before = {p: p.read_bytes() for p in tiny.rglob("*.yaml")}
    status, out, err = run(capsys, "import", official, *extra, "--rules", str(tiny))
    assert (status, out) == (2, "")
    assert err.splitlines()[-1] == f"tolaria: {message}"
    assert {p: p.read_bytes() for p in tiny.rglob("*.yaml")} == before


def test_search_limit_also_limits_a_number_query(capsys):
    status, out, _ = run(capsys, "search", "104.3a-d", "--limit", "2", "--json", "--lang", "en")
    hits = json.loads(out)
    assert status == 0 and [h["number"] for h in hits] == ["104.3a", "104.3b"]


def test_audit_section_also_limits_the_json(capsys):
    status, out, _ = run(capsys, "audit", "--section", "104", "--json", "--lang", "es")
    findings = json.loads(out)["findings"]
    assert status in (0, 1) and findings
    assert {f["section"] for f in findings} == {"104"}
