"""rules/cr/editions.json: older editions as reverse deltas that rebuild them exactly, at most
3 MB with the current edition, checked by validate (one file:line per problem)."""

from __future__ import annotations

import json
from datetime import date

import pytest

from editions_testing import edition, official_text
from tolaria_testing import REPO, official as official_file, official_files, shared_dir
from tolaria.cli import main
from tolaria.editions.archive import build_archive, check_editions, load_archive
from tolaria.editions.building import deltas_of
from tolaria.editions.store import dumps, parse

RULES = REPO / "rules"


def test_the_stored_history_of_every_edition_is_at_most_3_mb():
    size = sum((RULES / "cr" / name).stat().st_size for name in ("en.json", "editions.json"))
    assert size <= 3 * 1024 * 1024


def test_every_stored_edition_is_the_official_file_word_for_word():
    from tolaria.editions.records import from_document

    files = official_files()
    archive = load_archive(RULES)
    assert [e.source for e in archive.editions] == [f.name for f in files]
    for stored, path in zip(archive.editions, files):
        official = from_document(official_file(path.name))  # read_official
        assert stored.effective == official.effective, path.name
        assert stored.sections == official.sections, path.name
        assert stored.rules == official.rules, path.name


def _three():
    first = edition(1, {"100.1": "These rules apply.", "100.2": "Players play.",
                        "101.1": "Cards win whenever a player would.", "101.1a": "Old rule, later removed.",
                        "101.2": ("See rule 100.2.", ("Example: a card.",))})
    second = edition(2, {"100.1": "These rules apply.", "100.2": "A new rule above.",
                         "100.3": "Players play.", "101.1": "Cards win whenever a player would.",
                         "101.2": ("See rule 100.3.", ("Example: a card.",))},
                     {"100": "General", "101": "The Golden Rules"})
    third = edition(3, {"100.1": "These rules apply.", "100.2": "A new rule above.",
                        "100.3": "Players play.", "101.1": "Cards always win whenever a player would.",
                        "101.2": ("See rule 100.3.", ("Example: a card.",)),
                        "101.3": "Twice printed.", "101.3#2": "Twice printed again."},
                    {"100": "General", "101": "The Golden Rules"})
    return [first, second, third]


def test_deltas_rebuild_every_edition_and_keep_who_is_who():
    editions = _three()
    text = dumps(editions[-1].effective, deltas_of(editions))
    current, deltas = parse(text, "editions.json")
    errors = []
    archive = build_archive(editions[-1], deltas, "editions.json", errors)
    assert errors == []
    assert archive.editions == editions
    assert archive.links[0] == {"100.1": "100.1", "100.2": "100.3", "101.1": "101.1",
                                "101.2": "101.2"}
    assert archive.follow(2, "100.3") == [(0, "100.2"), (1, "100.3"), (2, "100.3")]
    second = json.loads(text)["editions"][0]
    assert second["rules"] == [["101.1", [[4, 7, ""]]]]  # edits, not the whole text
    assert second["added"] == ["101.3", "101.3#2"]


def test_a_delta_that_does_not_fit_is_reported_at_its_edition(tmp_path):
    editions = _three()
    lines = dumps(editions[-1].effective, deltas_of(editions)).split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith('"moved": [["100.2"'))
    lines[at] = '"moved": [["100.2", "100.9"]],'
    _, deltas = parse("\n".join(lines), "editions.json")
    errors = []
    assert build_archive(editions[-1], deltas, "editions.json", errors) is None
    assert [str(e) for e in errors] == [
        f"editions.json:{lines.index(next(l for l in lines if '2024-01-01' in l)) + 1}: "
        "the move 100.2 -> 100.9 does not fit the edition after"]


def test_validate_checks_the_stored_editions(project, capsys):
    path = project / "cr" / "editions.json"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"edition": "2016-07-22"', '"edition": "2030-01-01"'),
                    encoding="utf-8")
    assert check_editions(project) != []
    line = next(n for n, l in enumerate(text.split("\n"), 1) if '"2016-07-22"' in l)
    assert main(["validate", "--rules", str(project)]) == 2
    assert (f"editions.json:{line}: the edition of 2030-01-01 comes after that of 2016-08-26"
            in capsys.readouterr().err)


def test_import_all_editions_writes_the_deltas_of_a_folder(tmp_path, project, capsys):
    folder = tmp_path / "official"
    folder.mkdir()
    sections = {"100": "General"}
    old = [("100.1", "These rules apply."), ("100.2", "Players play.")]
    new = [("100.1", "These rules apply."), ("100.2", "A new rule."), ("100.3", "Players play.")]
    (folder / "rules_20240101.txt").write_text(official_text(date(2024, 1, 1), sections, old),
                                               encoding="cp1252")
    (folder / "rules_20240201.txt").write_text(official_text(date(2024, 2, 1), sections, new),
                                               encoding="utf-8-sig")
    rules = project
    (rules / "cr" / "editions.json").unlink()
    assert main(["import", str(folder), "--all-editions", "--rules", str(rules)]) == 2
    assert "no official file of" in capsys.readouterr().err
    (folder / "rules_20260417.txt").write_bytes(
        (shared_dir() / "reference" / "cr-en" / "rules_20260417.txt").read_bytes())
    assert main(["import", str(folder), "--all-editions", "--rules", str(rules)]) == 0
    assert "2 editions older than that of" in capsys.readouterr().out
    archive = load_archive(rules)
    assert [e.effective for e in archive.editions] == [
        date(2024, 1, 1), date(2024, 2, 1), date(2026, 4, 17)]
    assert archive.editions[0].rules == {"100.1": ("These rules apply.", ()),
                                         "100.2": ("Players play.", ())}
    assert archive.links[0] == {"100.1": "100.1", "100.2": "100.3"}


def test_import_all_editions_refuses_what_it_cannot_read(tmp_path, capsys):
    assert main(["import", str(tmp_path / "nothing"), "--all-editions"]) == 2
    assert capsys.readouterr().err.startswith("tolaria: ")
    assert main(["import", str(tmp_path), "--all-editions", "--whole"]) == 2


@pytest.mark.parametrize("bad", ['"moved": [["100.2", {"a": 1}]],', '"added": [[1]],'])
def test_a_delta_of_the_wrong_shape_is_reported_not_raised(bad):
    editions = _three()
    lines = dumps(editions[-1].effective, deltas_of(editions)).split("\n")
    field = bad.split(":")[0]
    at = next(i for i, line in enumerate(lines) if line.startswith(field))
    lines[at] = bad
    _, deltas = parse("\n".join(lines), "editions.json")
    errors = []
    assert build_archive(editions[-1], deltas, "editions.json", errors) is None
    assert errors and all(str(e).startswith("editions.json:") for e in errors)
