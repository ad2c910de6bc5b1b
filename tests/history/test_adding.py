"""A new edition arrives (`tolaria import FILE --history`): a newer official file becomes the
current edition of everything (history, the whole CR, show, status, search), an older one
joins the history without changing what is current, and bad input writes nothing."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tolaria.cli import main
from tolaria_testing import REPO, shared_dir

OLD_WORDS = "It can’t affect or be affected by anything else in the game. A permanent that"
NEW_WORDS = ("It can’t affect or be affected by anything else in the game, and it can’t be "
             "chosen. A permanent that")


def _official(name: str = "rules_20260417.txt") -> bytes:
    path = shared_dir() / "reference" / "cr-en" / name
    if not path.is_file():
        pytest.skip(f"{path} is missing (this test reads the official file of 2026-04-17)")
    return path.read_bytes()


def _redated(folder: Path, day: str, words: tuple[str, str] | None = None) -> Path:
    """The official file of 2026-04-17 as a file of another date (e.g. "June 12, 2026"),
    its 702.26b reworded when words is given, its bytes otherwise untouched."""
    data = _official()
    dated = data.replace(b"effective as of April 17, 2026", f"effective as of {day}".encode())
    assert dated != data
    if words is not None:
        assert dated.count(words[0].encode()) == 1
        dated = dated.replace(words[0].encode(), words[1].encode())
    path = folder / f"rules_{day.replace(',', '').replace(' ', '_')}.txt"
    path.write_bytes(dated)
    return path


def _snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


@pytest.fixture
def rules(tmp_path, monkeypatch) -> Path:
    target = tmp_path / "rules"
    shutil.copytree(REPO / "rules", target)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path / "cache"))
    return target


def _run(capsys, *argv) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_a_newer_edition_becomes_current_everywhere(rules, tmp_path, capsys):
    newer = _redated(tmp_path, "June 12, 2026", (OLD_WORDS, NEW_WORDS))
    status, out, err = _run(capsys, "import", str(newer), "--history", "--rules", str(rules))
    assert status == 0, err
    assert out.startswith("Covered rules from April 17, 2026 to June 12, 2026:\n  702.25:\n"
                          "    702.25b: reworded (702.26b)\n")
    assert "[-game.-] {+game, and it can’t be chosen.+}" in " ".join(out.split())
    # the whole CR follows, from the same command
    whole = json.loads((rules / "cr" / "en.json").read_text(encoding="utf-8"))
    assert whole["edition"] == "2026-06-12" and whole["source"] == newer.name
    # show: the new English text, today's number, the new edition
    status, out, _err = _run(capsys, "show", "702.26b", "--lang", "en", "--json",
                             "--rules", str(rules))
    data = json.loads(out)
    assert status == 0 and NEW_WORDS in data["text"] and data["number"] == "702.26b"
    status, out, _err = _run(capsys, "show", "702.26b", "--lang", "en", "--rules", str(rules))
    assert "and it can’t be chosen" in " ".join(out.split())
    # status: the Spanish and Italian 702.26b are stale since that edition
    status, out, _err = _run(capsys, "status", "--json", "--rules", str(rules))
    found = {(r["lang"], r["rule"]): r for r in json.loads(out)["rules"]}
    assert json.loads(out)["current"] == "2026-06-12"
    for lang in ("es", "it"):
        rule = found[(lang, "702.26b")]
        assert (rule["state"], rule["since"], rule["changes"]) == ("stale", "2026-06-12", 1)
        assert (rule["words_inserted"], rule["words_deleted"]) == (6, 1)
    status, out, _err = _run(capsys, "status", "--lang", "es", "--rules", str(rules))
    assert "702.26b (702.25b in the files): stale since June 12, 2026" in out
    # show --lang es says the English changed since that edition
    status, out, _err = _run(capsys, "show", "702.26b", "--lang", "es", "--json",
                             "--rules", str(rules))
    lag = json.loads(out)["lag"]
    assert (lag["stale"], lag["since"], lag["current"]) == (True, "2026-06-12", "2026-06-12")
    # the whole CR answers with the new edition too
    status, out, _err = _run(capsys, "show", "704.5a", "--json", "--rules", str(rules))
    assert status == 0 and "2026-06-12" in out
    # search reaches it by today's number
    status, out, _err = _run(capsys, "search", "702.26b", "--json", "--rules", str(rules))
    assert status == 0 and json.loads(out), out


def test_an_older_edition_joins_the_history_and_changes_nothing_current(rules, tmp_path,
                                                                       capsys, monkeypatch):
    older = _redated(tmp_path, "April 10, 2026")
    monkeypatch.setenv("TOLARIA_SHARED", str(shared_dir()))
    whole = (rules / "cr" / "en.json").read_bytes()
    status, out, err = _run(capsys, "import", str(older), "--history", "--rules", str(rules))
    assert status == 0, err
    assert "still that of April 17, 2026" in out
    assert (rules / "cr" / "en.json").read_bytes() == whole
    history = (rules / "history" / "rules.yaml").read_text(encoding="utf-8")
    assert "- effective: 2026-04-10\n    file: rules_April_10_2026.txt\n" in history
    status, out, _err = _run(capsys, "status", "--json", "--rules", str(rules))
    assert json.loads(out)["current"] == "2026-04-17"
    status, out, _err = _run(capsys, "history", "702.26b", "--json", "--rules", str(rules))
    assert "2026-04-10" in out


@pytest.mark.parametrize("kind", ["not a CR", "cut short", "already known", "known, newer"])
def test_bad_input_is_one_line_exit_2_and_writes_nothing(rules, tmp_path, capsys, kind):
    if kind == "not a CR":
        path = tmp_path / "notes.txt"
        path.write_text("Shopping list\nmilk\n", encoding="utf-8")
        expected = "no line 'These rules are effective as of …'"
    elif kind == "cut short":
        path = tmp_path / "rules_20260612.txt"
        path.write_bytes(_redated(tmp_path, "June 12, 2026").read_bytes()[:400_000])
        expected = "is it cut short?"
    elif kind == "already known":
        path = tmp_path / "rules_20260417.txt"
        path.write_bytes(_official())
        expected = "the edition of April 17, 2026 is already in the rule history"
    else:
        path = _redated(tmp_path, "June 12, 2026")
        assert main(["import", str(path), "--history", "--rules", str(rules)]) == 0
        expected = "the edition of June 12, 2026 is already in the rule history"
    before = _snapshot(rules)
    status, out, err = _run(capsys, "import", str(path), "--history", "--rules", str(rules))
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and expected in err and "Traceback" not in err
    assert _snapshot(rules) == before
