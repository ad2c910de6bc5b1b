"""`import FILE --history` of a newer official file records it among the stored editions:
`changes` then reports exactly what the file changed, with no other step."""

from __future__ import annotations

import json
import shutil

from tolaria_testing import REPO, shared_dir
from tolaria.cli import main
from tolaria.editions.archive import load_archive
from tolaria.cr.official import decode


def _newer(folder):
    """The newest official file as a newer edition: two rules changed, one inserted."""
    text = decode((shared_dir() / "reference" / "cr-en" / "rules_20260417.txt").read_bytes())
    edits = [("effective as of April 17, 2026.", "effective as of June 12, 2026."),
             ("If a player’s life total is 0 or less, that player loses the game the next time",
              "If a player’s life total is 0 or less, that player loses the game the first time"),
             ("If a permanent phases out, its status changes to “phased out.”",
              "If a permanent phases out, its status becomes “phased out.”")]
    for old, new in edits:
        assert text.count(old) == (2 if "effective" in old else 1), old  # the date: twice
        text = text.replace(old, new)
    body = text.index("\n703. Turn-Based Actions", text.index("\n702.192a "))
    text = text[:body] + "\n702.192b Paradigm counts only spells cast from a hand.\n" + \
        text[body:]
    path = folder / "rules_20260612.txt"
    path.write_text(text, encoding="utf-8-sig", newline="\r\n")
    return path


def test_a_newer_file_imported_makes_changes_report_what_it_changed(tmp_path, capsys):
    rules = tmp_path / "rules"
    shutil.copytree(REPO / "rules", rules)
    before = load_archive(rules)
    path = _newer(tmp_path)
    assert main(["import", str(path), "--history", "--rules", str(rules)]) == 0
    assert "rules/cr/editions.json" in capsys.readouterr().err.replace("\\", "/")
    after = load_archive(rules)
    assert after.dates == before.dates + [after.current.effective]
    assert after.editions[:-1] == before.editions  # every stored edition rebuilt as it was
    assert main(["changes", "--json", "--rules", str(rules)]) == 0
    found = json.loads(capsys.readouterr().out)
    assert (found["since"], found["edition"]) == ("2026-04-17", "2026-06-12")
    assert found["counts"] == {"added": 1, "removed": 0, "moved": 0, "reworded": 2,
                               "references": 0, "typography": 0, "examples": 0,
                               "shifted": 0}
    items = {kind: [i for s in found["sections"] for i in s[kind]]
             for kind in ("added", "reworded")}
    assert [i["number"] for i in items["added"]] == ["702.192b"]
    assert [(i["after"], i["change"]) for i in items["reworded"]] == [
        ("104.3b", "reworded"), ("702.26b", "reworded")]
    stale = [s for i in items["reworded"] + items["added"] for s in i["stale"]]
    assert stale == [{"lang": "es", "rule": "104.3b"}, {"lang": "it", "rule": "104.3b"},
                     {"lang": "es", "rule": "702.25b"}, {"lang": "it", "rule": "702.25b"}]
    assert main(["validate", "--rules", str(rules)]) == 0


def test_an_older_file_takes_its_place_and_leaves_the_current_edition(tmp_path):
    from datetime import date

    from editions_testing import edition, official_text
    from tolaria.cr.store import dumps as whole_text
    from tolaria.editions.building import deltas_of
    from tolaria.editions.records import whole_cr_of
    from tolaria.editions.recording import recorded
    from tolaria.editions.store import dumps
    from tolaria.cr.official import parse_official

    first = edition(1, {"100.1": "These rules apply.", "100.2": "Players play."})
    third = edition(3, {"100.1": "These rules apply.", "100.2": "A new rule.",
                        "100.3": "Players play well."})
    (tmp_path / "cr").mkdir()
    (tmp_path / "cr" / "en.json").write_text(whole_text(whole_cr_of(third, {"1": "Game Concepts"})), encoding="utf-8")
    (tmp_path / "cr" / "editions.json").write_text(
        dumps(third.effective, deltas_of([first, third])), encoding="utf-8")
    middle = [("100.1", "These rules apply."), ("100.2", "A new rule."),
              ("100.3", "Players play.")]
    doc = parse_official(official_text(date(2024, 1, 2), {"100": "General"}, middle), "x.txt")
    path, text = recorded(tmp_path, doc)
    path.write_text(text, encoding="utf-8")
    archive = load_archive(tmp_path)
    assert archive.dates == [date(2024, 1, 1), date(2024, 1, 2), date(2024, 1, 3)]
    assert archive.editions[0] == first and archive.current == third
    assert archive.editions[1].rules == {n: (t, ()) for n, t in middle}
    assert archive.follow(0, "100.2") == [(0, "100.2"), (1, "100.3"), (2, "100.3")]
    assert recorded(tmp_path, doc) is None  # stored already: nothing to write
