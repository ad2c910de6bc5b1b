"""`history NUMBER` and `show NUMBER --edition DATE` for any rule of the whole CR, from the
stored editions alone (no official files), compared with the official files."""

from __future__ import annotations

import json
from datetime import date

import pytest

from tolaria_testing import REPO, official as official_file, official_files
from tolaria.cli import main
from tolaria.editions.archive import load_archive


@pytest.fixture
def no_shared(monkeypatch, tmp_path):
    """The official files out of reach: everything below reads rules/ only."""
    monkeypatch.setenv("TOLARIA_SHARED", str(tmp_path / "no-shared"))


@pytest.fixture(scope="module")
def official():
    """rule number -> [(effective date, text, examples)] of every official file, oldest
    first, for the rules these tests ask about."""
    out: dict[str, list] = {}
    for path in official_files():
        doc = official_file(path.name)
        for number in ("704.5a", "608.2i", "609.8"):
            rule = doc.rule(number)
            if rule is not None:
                out.setdefault(number, []).append((doc.effective, rule.text,
                                                   tuple(rule.examples)))
    return out


def _json(capsys, *argv) -> dict:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_history_of_704_5a_is_every_official_wording(capsys, no_shared, official):
    found = _json(capsys, "history", "704.5a", "--json")
    assert found["numbers"] == [{"number": "704.5a", "first": "2016-07-22",
                                 "last": "2026-04-17"}]
    runs: list[list] = []
    for effective, text, examples in official["704.5a"]:
        if runs and runs[-1][2:] == [text, examples]:
            runs[-1][1] = effective
        else:
            runs.append([effective, effective, text, examples])
    assert [(v["first"], v["last"], v["text"], tuple(v["examples"]))
            for v in found["versions"]] == [
        (a.isoformat(), b.isoformat(), t, e) for a, b, t, e in runs]
    assert len(runs) >= 2  # "he or she" became "that player"


def test_show_704_5a_as_of_2019_08_23_is_that_official_file(capsys, no_shared, official):
    then = dict((d, t) for d, t, _e in official["704.5a"])[date(2019, 8, 23)]
    found = _json(capsys, "show", "704.5a", "--edition", "2019-08-23", "--json")
    assert (found["number"], found["text"], found["edition"]) == ("704.5a", then,
                                                                 "2019-08-23")
    assert main(["show", "704.5a", "--edition", "2019-08-23"]) == 0
    assert then.split()[-1] in capsys.readouterr().out


def test_a_rule_that_moved_to_another_section_is_followed_by_content(capsys, no_shared,
                                                                     official):
    found = _json(capsys, "history", "608.2i", "--json")
    numbers = [(n["number"], n["first"]) for n in found["numbers"]]
    assert numbers[0] == ("609.8", official["609.8"][0][0].isoformat())
    assert numbers[-1][0] == "608.2i"
    assert found["versions"][0]["text"] == official["609.8"][0][1]
    assert found["versions"][-1]["text"] == official["608.2i"][-1][1]
    as_then = _json(capsys, "history", "609.8", "--edition", "2022-01-01", "--json")
    assert as_then["rule"] == "608.2i"


def test_702_26b_reaches_702_25b_of_2016(no_shared):
    archive = load_archive(REPO / "rules")
    chain = archive.follow(len(archive.editions) - 1, "702.26b")
    assert chain[0] == (0, "702.25b") and archive.dates[0] == date(2016, 7, 22)


def test_an_unknown_edition_names_the_nearest_known_ones(capsys, no_shared):
    assert main(["show", "704.5a", "--edition", "2010-01-01"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "July 22, 2016" in err and "2010" in err
    assert main(["history", "704.5a", "--edition", "2015-01-01"]) == 1
    assert "July 22, 2016" in capsys.readouterr().err


def test_a_number_no_edition_had_is_one_line(capsys, no_shared):
    assert main(["history", "704.99z"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tolaria: ") and err.count("\n") == 1
