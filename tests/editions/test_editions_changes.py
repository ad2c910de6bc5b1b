"""`tolaria changes`: what an edition changed, checked against a diff of the two official
files made here, from the stored editions alone."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from editions_testing import edition
from tolaria_testing import official
from tolaria import i18n
from tolaria.cli import main
from tolaria.editions.archive import Archive, today_keys
from tolaria.editions.changes import shifted
from tolaria.editions.following import every_history


@pytest.fixture(scope="module")
def files():
    """(February 27, 2026, April 17, 2026): number -> (text, examples) of each official file."""
    return tuple({r.number: (r.text, tuple(r.examples))
                  for s in official(name).sections.values() for r in s.rules}
                 for name in ("rules_20260227.txt", "rules_20260417.txt"))


@pytest.fixture
def no_shared(monkeypatch, tmp_path):
    monkeypatch.setenv("TOLARIA_SHARED", str(tmp_path / "no-shared"))


@pytest.fixture(scope="module")
def report(files, tmp_path_factory) -> dict:
    """`changes --since 2026-02-27 --json` in English, the official files out of reach (made
    once for the tests that read it)."""
    out = io.StringIO()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(out):
        patch.setenv("TOLARIA_SHARED", str(tmp_path_factory.mktemp("no-shared") / "none"))
        for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "TOLARIA_RULES"):
            patch.delenv(var, raising=False)
        i18n.set_language("en")
        assert main(["changes", "--since", "2026-02-27", "--json"]) == 0
    return json.loads(out.getvalue())


def _all(report, kind):
    return [item for part in report["sections"] for item in part[kind]]


def test_the_report_turns_the_older_file_into_the_newer(report, files):
    old, new = files
    assert (report["since"], report["edition"]) == ("2026-02-27", "2026-04-17")
    removed = {r["number"] for r in _all(report, "removed")}
    renumbered = {m["before"]: m["after"] for m in _all(report, "moved") + _all(report,
                                                                                "shifted")}
    reworded = {(r["before"], r["after"]): r for r in _all(report, "reworded")}
    rebuilt = {}
    for number, (text, examples) in old.items():
        if number in removed:
            continue
        after = renumbered.get(number, number)
        change = reworded.get((number, after))
        if change is not None:  # the diff leads from the old text to the new one
            assert " ".join(d["text"] for d in change["diff"] if d["op"] != "insert") == \
                " ".join(text.split())
            text = " ".join(d["text"] for d in change["diff"] if d["op"] != "delete")
            examples = tuple(change["examples"])
        rebuilt[after] = (" ".join(text.split()), examples)
    for item in _all(report, "added"):
        rebuilt[item["number"]] = (" ".join(item["text"].split()), tuple(item["examples"]))
    assert rebuilt == {n: (" ".join(t.split()), e) for n, (t, e) in new.items()}


def test_only_what_changed_is_reported(report, files):
    old, new = files
    same = {n for n in old if new.get(n) == old[n]}
    reported = {r["number"] for r in _all(report, "added") + _all(report, "removed")}
    reported |= {r[k] for r in _all(report, "reworded") + _all(report, "moved")
                 + _all(report, "shifted") for k in ("before", "after")}
    assert not same & reported - {m["after"] for m in _all(report, "shifted")}
    for item in _all(report, "reworded"):
        assert old[item["before"]] != new[item["after"]]


def test_pure_renumberings_are_moves_not_rules_added_or_removed(report, files):
    old, new = files
    where = {}
    for number, content in old.items():
        where.setdefault(content, []).append(number)
    moved = {(m["before"], m["after"]) for m in _all(report, "moved") + _all(report, "shifted")}
    renumbered = [(where[c][0], n) for n, c in new.items()
                  if c in where and len(where[c]) == 1 and where[c][0] != n
                  and new.get(where[c][0]) != c]
    assert len(renumbered) > 50  # section 722 is new: 722-732 became 723-733
    assert set(renumbered) <= moved
    added = {r["number"] for r in _all(report, "added")}
    assert not added & {n for _o, n in renumbered}
    assert report["counts"]["shifted"] == len(_all(report, "shifted")) >= len(renumbered)


def test_the_text_counts_shifts_per_section_and_names_stale_translations(files, no_shared,
                                                                         capsys):
    assert main(["changes", "--since", "2026-02-27"]) == 0
    out = capsys.readouterr().out
    assert "723 · Controlling Another Player" in out
    assert "rules renumbered by rules inserted or removed above them" in out
    assert "730.1 → 731.1" not in out
    assert "makes stale: es 104.6, it 104.6" in out  # a covered rule whose English changed
    assert main(["changes", "--section", "104", "--json"]) == 0
    part = json.loads(capsys.readouterr().out)["sections"]
    assert [(r["after"], r["change"], r["stale"]) for r in part[0]["reworded"]] == [
        ("104.6", "references", [{"lang": "es", "rule": "104.6"},
                                 {"lang": "it", "rule": "104.6"}])]


def test_an_unknown_edition_names_the_nearest_ones(no_shared, capsys):
    assert main(["changes", "2026-04-18"]) == 1
    assert capsys.readouterr().err == (
        "tolaria: no official edition of April 18, 2026 in the history of the whole CR (the "
        "nearest known: April 17, 2026)\n")
    assert main(["changes", "--since", "2026-03-01"]) == 1
    assert "February 27, 2026 · April 17, 2026" in capsys.readouterr().err
    assert main(["changes", "2026-02-27", "--since", "2026-04-17"]) == 2
    assert main(["changes", "--section", "999"]) == 1


def test_shifts_are_the_rules_that_keep_their_order():
    links = {"1.1": "1.1", "1.2": "1.3", "1.3": "1.4", "1.9": "1.2", "1.5": "1.5"}
    assert shifted(links) == {"1.2", "1.3"}


def test_every_rule_is_found_under_todays_number_with_its_history():
    first = edition(1, {"100.1": "Alpha rule.", "100.2": "Beta rule."})
    second = edition(2, {"100.1": "Alpha rule.", "100.2": "Gamma rule.", "100.3": "Beta rule."})
    third = edition(3, {"100.1": "Alpha rule changed.", "100.2": "Gamma rule.",
                        "100.4": "Beta rule."})
    archive = Archive([first, second, third],
                      [{"100.1": "100.1", "100.2": "100.3"},
                       {"100.1": "100.1", "100.2": "100.2", "100.3": "100.4"}])
    assert today_keys(archive) == [{"100.1": "100.1", "100.2": "100.4"},
                                   {"100.1": "100.1", "100.2": "100.2", "100.3": "100.4"},
                                   {"100.1": "100.1", "100.2": "100.2", "100.4": "100.4"}]
    found = every_history(archive)
    assert set(found) == {"100.1", "100.4"}  # 100.2 kept its number and words
    assert [n for n, _first, _last in found["100.4"].numbers] == ["100.2", "100.3", "100.4"]
    assert [w for w, _first, _last in found["100.1"].wordings] == ["Alpha rule.",
                                                                   "Alpha rule changed."]
