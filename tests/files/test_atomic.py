"""files.atomic: one file replaced whole, a set of files replaced all or none, and what a
killed writer leaves completed (a journal) or removed (temporaries)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

import pytest

from tolaria.files import atomic
from tolaria.files.atomic import JOURNAL, recover, write_file, write_files


def _leftovers(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def _dead_pid() -> int:
    """The id of a process that has ended."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    return int(done.stdout)


# --- write_file -----------------------------------------------------------------------------
def test_writes_the_text_and_makes_missing_folders(tmp_path):
    target = tmp_path / "a" / "b" / "104.yaml"
    write_file(target, "section: \"104\"\nvía: ñ\n")
    assert target.read_bytes() == "section: \"104\"\nvía: ñ\n".encode("utf-8")
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert _leftovers(target.parent) == []


def test_keeps_the_files_own_mode(tmp_path):
    target = tmp_path / "104.yaml"
    target.write_text("old\n")
    target.chmod(0o640)
    write_file(target, b"new\n")
    assert target.read_text() == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_missing_folder_is_an_error_when_told_not_to_make_it(tmp_path):
    with pytest.raises(FileNotFoundError) as caught:
        write_file(tmp_path / "missing" / "out.xml", "x", create_folders=False)
    assert caught.value.filename == os.fspath(tmp_path / "missing" / "out.xml")
    assert not (tmp_path / "missing").exists()


def test_a_folder_in_place_of_the_file_is_an_error_naming_it(tmp_path):
    with pytest.raises(IsADirectoryError) as caught:
        write_file(tmp_path, "x")
    assert caught.value.filename == os.fspath(tmp_path)


def test_a_failed_replace_names_the_file_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "104.yaml"
    target.write_text("old\n")

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied", src)

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError) as caught:
        write_file(target, "new\n")
    assert caught.value.filename == os.fspath(target)  # never the temporary file
    assert caught.value.errno == 13
    assert target.read_text() == "old\n"
    assert _leftovers(tmp_path) == []


def test_an_interrupted_write_leaves_the_old_file_whole(tmp_path, monkeypatch):
    target = tmp_path / "104.yaml"
    target.write_text("old\n")

    def interrupt(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupt)
    with pytest.raises(KeyboardInterrupt):
        write_file(target, "new " * 10000)
    assert target.read_text() == "old\n"
    assert _leftovers(tmp_path) == []


def test_never_a_half_file_when_the_text_cannot_be_encoded(tmp_path):
    target = tmp_path / "104.yaml"
    target.write_text("old\n")
    with pytest.raises(UnicodeEncodeError):
        write_file(target, "a" * 100000 + "\ud800")
    assert target.read_text() == "old\n"
    assert _leftovers(tmp_path) == []


def test_the_next_write_removes_what_a_killed_writer_of_the_file_left(tmp_path):
    target = tmp_path / "x.marshal"
    dead = tmp_path / f".x.marshal.{_dead_pid()}-0badf00d{atomic.SUFFIX}"
    dead.write_bytes(b"half")
    mine = tmp_path / f".x.marshal.{os.getpid()}-00000000{atomic.SUFFIX}"
    mine.write_bytes(b"being written")  # a live writer's: kept
    write_file(target, b"new")
    assert target.read_bytes() == b"new"
    assert _leftovers(tmp_path) == [mine.name]


# --- write_files ----------------------------------------------------------------------------
def _rules(tmp_path):
    root = tmp_path / "rules"
    for name in ("en/104.yaml", "es/104.yaml", "cr/en.json"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(f"old {name}\n")
    return root


def _texts(root) -> dict[str, str]:
    """The files a reader takes (hidden ones are not)."""
    return {p.relative_to(root).as_posix(): p.read_text() for p in sorted(root.rglob("*"))
            if p.is_file() and not p.name.startswith(".")}


def test_every_file_is_replaced_and_nothing_else_is_left(tmp_path):
    root = _rules(tmp_path)
    write_files(root, {root / "en/104.yaml": "new en\n", root / "cr/en.json": b"new cr\n",
                       root / "it/104.yaml": "new it\n"})
    assert _texts(root) == {"cr/en.json": "new cr\n", "en/104.yaml": "new en\n",
                            "es/104.yaml": "old es/104.yaml\n", "it/104.yaml": "new it\n"}


def test_a_file_outside_the_root_is_refused_before_anything_is_written(tmp_path):
    root = _rules(tmp_path)
    with pytest.raises(ValueError):
        write_files(root, {root / "en/104.yaml": "new\n", tmp_path / "elsewhere": "x"})
    assert _texts(root)["en/104.yaml"] == "old en/104.yaml\n"
    assert not (tmp_path / "elsewhere").exists()


def test_a_failure_before_the_switch_changes_no_file_and_leaves_no_temporary(tmp_path):
    root = _rules(tmp_path)
    before = _texts(root)
    with pytest.raises(UnicodeEncodeError):
        write_files(root, {root / "en/104.yaml": "new\n", root / "es/104.yaml": "\ud800"})
    assert _texts(root) == before
    assert [p.name for p in root.rglob(".*")] == []


def test_a_kill_after_the_journal_is_completed_by_the_next_reader(tmp_path, monkeypatch):
    """The switch stops after its first rename, as a SIGKILL would stop it: the journal
    stays, and recover (what every command reading the folder calls) completes it."""
    root = _rules(tmp_path)
    renames = []
    real_replace = os.replace

    def first_only(src, dst):
        if not str(dst).endswith(JOURNAL):
            if renames:
                raise SystemExit("killed")
            renames.append(dst)
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", first_only)
    with pytest.raises(SystemExit):
        write_files(root, {root / "en/104.yaml": "new en\n", root / "es/104.yaml": "new es\n",
                           root / "cr/en.json": "new cr\n"})
    monkeypatch.setattr(os, "replace", real_replace)
    assert (root / JOURNAL).exists()
    half = _texts(root)
    assert sum(v.startswith("new") for v in half.values()) == 1  # half switched
    recover(root)
    assert _texts(root) == {"cr/en.json": "new cr\n", "en/104.yaml": "new en\n",
                            "es/104.yaml": "new es\n"}


def test_temporaries_without_a_journal_are_removed_by_a_sweep_and_never_read(tmp_path):
    root = _rules(tmp_path)
    stray = root / "en" / f".104.yaml.{_dead_pid()}-12345678{atomic.SUFFIX}"
    stray.write_text("new, never switched\n")
    recover(root)  # a reader: nothing to complete, and the stray file is no file of the set
    assert stray.exists() and _texts(root)["en/104.yaml"] == "old en/104.yaml\n"
    recover(root, sweep_temporaries=True)
    assert not stray.exists()
    assert _texts(root)["en/104.yaml"] == "old en/104.yaml\n"


def test_the_next_write_removes_the_temporaries_of_an_unfinished_set(tmp_path):
    root = _rules(tmp_path)
    stray = root / "es" / f".104.yaml.{_dead_pid()}-12345678{atomic.SUFFIX}"
    stray.write_text("half\n")
    write_files(root, {root / "en/104.yaml": "new\n"})
    assert not stray.exists()


def test_a_sweep_leaves_the_temporaries_of_a_writer_still_running(tmp_path):
    """A writer that locked another folder (rules/en/ rather than rules/) may be between
    its temporaries and its journal: its files are not taken from under it."""
    root = _rules(tmp_path)
    live = root / "es" / f".104.yaml.{os.getppid()}-12345678{atomic.SUFFIX}"
    live.write_text("being written\n")
    recover(root, sweep_temporaries=True)
    assert live.exists()


def test_a_journal_naming_files_that_are_not_temporaries_moves_nothing(tmp_path):
    """A journal edited by hand, or of another program, renames no rule file."""
    root = _rules(tmp_path)
    before = _texts(root)
    (root / JOURNAL).write_text(json.dumps({"switch": [
        ["en/104.yaml", "es/104.yaml"], [".104.yaml.1-ab.tolaria-new", "en/104.yaml"],
        "not a pair", [1, 2]]}))
    (root / ".104.yaml.1-ab.tolaria-new").write_text("a temporary of another folder\n")
    recover(root)
    assert _texts(root) == before
    assert not (root / JOURNAL).exists()


def test_a_journal_naming_a_path_outside_the_root_is_not_followed(tmp_path):
    root = _rules(tmp_path)
    outside = tmp_path / "outside.txt"
    outside.write_text("keep\n")
    (root / ".x.tolaria-new").write_text("evil\n")
    (root / JOURNAL).write_text(json.dumps({"switch": [[".x.tolaria-new", "../outside.txt"]]}))
    recover(root)
    assert outside.read_text() == "keep\n"
    assert not (root / JOURNAL).exists()


def test_a_read_only_reader_is_not_stopped_by_a_folder_it_cannot_lock(tmp_path):
    recover(tmp_path / "missing")  # no folder: nothing to do, no error
    recover(tmp_path / "missing", sweep_temporaries=True)
