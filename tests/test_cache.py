"""cache: where the cache lives, fingerprints of source files, and atomic cache writes."""

from __future__ import annotations

import os
import re

import pytest
from hypothesis import assume, given, settings, strategies as st

from tolaria.cache import (cache_dir, fingerprint, kept, prune, prune_entries, read_kept,
                           short, source_digest, write_bytes_atomically)


# --- cache_dir ------------------------------------------------------------------------------
def test_tolaria_cache_comes_first(monkeypatch, tmp_path):
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path / "mine"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == str(tmp_path / "mine")


def test_then_xdg_cache_home(monkeypatch, tmp_path):
    monkeypatch.delenv("TOLARIA_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == os.path.join(str(tmp_path / "xdg"), "tolaria")


@pytest.mark.parametrize("empty", ["TOLARIA_CACHE", "XDG_CACHE_HOME"])
def test_then_the_home_folders_cache_and_empty_variables_count_as_unset(monkeypatch, tmp_path,
                                                                         empty):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for var in ("TOLARIA_CACHE", "XDG_CACHE_HOME"):
        if var == empty:
            monkeypatch.setenv(var, "")
        else:
            monkeypatch.delenv(var, raising=False)
    assert cache_dir() == os.path.join(str(tmp_path / "home"), ".cache", "tolaria")


# --- fingerprint ----------------------------------------------------------------------------
def test_fingerprint_changes_with_size_mtime_and_salt(tmp_path):
    path = tmp_path / "104.yaml"
    path.write_text("abc")
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    first = fingerprint([str(path)], "v1")
    assert fingerprint([str(path)], "v1") == first  # stable while nothing changes
    assert fingerprint([str(path)], "v2") != first
    assert fingerprint([str(path)]) != first
    path.write_text("abcd")
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    bigger = fingerprint([str(path)], "v1")
    assert bigger != first
    os.utime(path, ns=(2_000_000_000, 2_000_000_000))
    assert fingerprint([str(path)], "v1") != bigger


def test_fingerprint_same_size_same_time_is_the_same(tmp_path):
    """(By design it does not read the contents: that is what source_digest is for.)"""
    path = tmp_path / "104.yaml"
    path.write_text("abc")
    os.utime(path, ns=(5, 5))
    before = fingerprint([str(path)])
    path.write_text("xyz")
    os.utime(path, ns=(5, 5))
    assert fingerprint([str(path)]) == before


def test_fingerprint_of_a_missing_file_says_so(tmp_path):
    gone = str(tmp_path / "gone.yaml")
    assert fingerprint([gone], "s") == f"s\n{gone}:missing"
    (tmp_path / "gone.yaml").write_text("")
    assert fingerprint([gone], "s") != f"s\n{gone}:missing"


# --- short ----------------------------------------------------------------------------------
@given(text=st.text())
def test_short_is_sixteen_hex_digits_and_stable(text):
    name = short(text)
    assert re.fullmatch(r"[0-9a-f]{16}", name)
    assert short(text) == name


def test_short_is_fixed_across_runs_and_tells_texts_apart():
    assert short("") == "0000000000000001"  # the bytes 01 as a number
    assert short("a") == "0000000000000161"  # 01 61
    assert short("\0a") != short("a") and short("a") != short("b")
    assert short("x\n1") != short("x\n2")


# --- source_digest --------------------------------------------------------------------------
def test_source_digest_follows_contents_and_names(tmp_path):
    (tmp_path / "a.py").write_text("one")
    (tmp_path / "b.py").write_text("two")
    digest = source_digest(str(tmp_path), ("a.py", "b.py"))
    assert re.fullmatch(r"[0-9a-f]{16}", digest)
    assert source_digest(str(tmp_path), ("a.py", "b.py")) == digest
    assert source_digest(str(tmp_path), ("b.py", "a.py")) != digest
    (tmp_path / "b.py").write_text("tw0")
    assert source_digest(str(tmp_path), ("a.py", "b.py")) != digest


def test_source_digest_counts_a_missing_file_by_its_name(tmp_path):
    missing = source_digest(str(tmp_path), ("gone.py",))
    assert missing == source_digest(str(tmp_path), ("gone.py",))
    assert missing != source_digest(str(tmp_path), ("other.py",))
    (tmp_path / "gone.py").write_text("")
    # an empty file and a missing one are not told apart: both add nothing but the name
    assert source_digest(str(tmp_path), ("gone.py",)) == missing


def test_source_digest_joins_are_unambiguous(tmp_path):
    (tmp_path / "a").write_text("bc")
    (tmp_path / "ab").write_text("c")
    assert source_digest(str(tmp_path), ("a",)) != source_digest(str(tmp_path), ("ab",))


# --- write_bytes_atomically ----------------------------------------------------------------
def test_writes_the_bytes_and_makes_the_folder(tmp_path):
    path = tmp_path / "cache" / "rulebooks" / "x.marshal"
    assert write_bytes_atomically(path, b"\x00data") is True
    assert path.read_bytes() == b"\x00data"
    assert os.listdir(path.parent) == ["x.marshal"]


def test_an_unwritable_folder_is_false_and_leaves_nothing(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("running as a user who can write anywhere (root)")
        assert write_bytes_atomically(folder / "x.marshal", b"data") is False
        assert os.listdir(folder) == []
    finally:
        folder.chmod(0o700)


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux's /proc")
def test_a_folder_nobody_may_write_is_false_even_for_root(tmp_path):
    assert write_bytes_atomically("/proc/self/tolaria-cache/x.marshal", b"data") is False
    assert write_bytes_atomically("/proc/x.marshal", b"data") is False


def test_a_failed_replace_is_false_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    path = tmp_path / "x.marshal"
    path.write_bytes(b"old")

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    assert write_bytes_atomically(path, b"new") is False
    assert path.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["x.marshal"]


def test_a_file_in_place_of_the_folder_is_false(tmp_path):
    (tmp_path / "cache").write_text("not a folder")
    assert write_bytes_atomically(tmp_path / "cache" / "x.marshal", b"data") is False
    assert (tmp_path / "cache").read_text() == "not a folder"


# --- kept -----------------------------------------------------------------------------------
def test_kept_is_made_once_per_key_and_read_back(monkeypatch, tmp_path):
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path))
    made = []

    def make(value):
        return lambda: made.append(value) or value

    first = [1, "a", frozenset({"b"})]
    assert kept("things", "key one", make(first)) == first
    assert kept("things", "key one", make(["other"])) == first
    assert kept("things", "key two", make(["two"])) == ["two"]
    assert made == [first, ["two"]]
    # the file of the key in use and the one before it stay: a switch back reads it
    assert len(os.listdir(tmp_path / "things")) == 2
    assert kept("things", "key one", make(["other"])) == first and len(made) == 2
    (tmp_path / "things" / ".half.tmp").write_bytes(b"")  # another process's, unfinished
    (tmp_path / "things" / "notes.txt").write_text("mine", encoding="utf-8")
    assert kept("things", "key three", make(["three"])) == ["three"]
    assert sorted(os.listdir(tmp_path / "things")) == sorted([
        ".half.tmp", f"{short('key three')}.marshal", f"{short('key two')}.marshal",
        "notes.txt"])


def test_a_damaged_kept_file_is_made_again(tmp_path, monkeypatch):
    """Whatever bytes replace a kept file, the value is made again and kept anew. Each example
    makes, damages and reads a file in one cache folder (about ten file-system calls, which a
    disk busy with other writers can slow to tens of milliseconds each): a few dozen examples
    of any bytes, on the file kept() itself wrote."""
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path))
    things = tmp_path / "things"

    @settings(max_examples=30)
    @given(st.binary(max_size=64))
    def damaged(content):
        for old in things.glob("*") if things.exists() else ():
            old.unlink()
        kept("things", "key", lambda: "first")
        (file,) = things.iterdir()
        assume(file.read_bytes() != content)
        file.write_bytes(content)
        assert kept("things", "key", lambda: "again") == "again"
        assert kept("things", "key", lambda: "never") == "again"

    damaged()


def test_a_failure_to_make_keeps_nothing(monkeypatch, tmp_path):
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path))

    def fail():
        raise OSError("unreadable")

    with pytest.raises(OSError):
        kept("things", "key", fail)
    assert kept("things", "key", lambda: "made") == "made"


# --- prune: the item in use and the one before it -------------------------------------------
def _aged(folder, names_by_age):
    """Files of folder, the first the oldest (modification times a second apart)."""
    for age, name in enumerate(names_by_age):
        path = folder / name
        path.write_bytes(b"x")
        os.utime(path, ns=(age * 10**9, age * 10**9))


def test_prune_keeps_the_newest_and_the_one_written_before_it(tmp_path):
    _aged(tmp_path, ["a.marshal", "b.marshal", "c.marshal", "d.marshal", "other.json",
                     ".e.marshal.123-abcd.tolaria-new"])
    newest = tmp_path / "a.marshal"  # just written for the sources in use (whatever its time)
    prune(str(tmp_path), "", str(newest))
    assert sorted(os.listdir(tmp_path)) == [".e.marshal.123-abcd.tolaria-new", "a.marshal",
                                            "d.marshal", "other.json"]


def test_prune_takes_only_its_own_kind(tmp_path):
    _aged(tmp_path, ["search-words-1.marshal", "search-words-2.marshal",
                     "search-topics@1.marshal", "search-words-3.marshal"])
    prune(str(tmp_path), "search-words-", str(tmp_path / "search-words-3.marshal"))
    assert sorted(os.listdir(tmp_path)) == ["search-topics@1.marshal", "search-words-2.marshal",
                                            "search-words-3.marshal"]


def test_prune_entries_removes_whole_folders(tmp_path):
    for age, name in enumerate(["ix-old", "ix-before", "ix-now"]):
        (tmp_path / name).mkdir()
        (tmp_path / name / "segment").write_bytes(b"x")
        os.utime(tmp_path / name, ns=(age * 10**9, age * 10**9))
    prune_entries(str(tmp_path), lambda name: name.startswith("ix-"), {"ix-now"})
    assert sorted(os.listdir(tmp_path)) == ["ix-before", "ix-now"]


def test_kept_keeps_two_keys_of_a_kind(monkeypatch, tmp_path):
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path))
    for key in ("one", "two", "three"):
        assert kept("words", key, lambda: [key]) == [key]
    assert len(os.listdir(tmp_path / "words")) == 2
    assert kept("words", "three", lambda: ["made again"]) == ["three"]
    assert kept("words", "two", lambda: ["made again"]) == ["two"]  # the one before
    assert kept("words", "one", lambda: ["made again"]) == ["made again"]  # removed


def test_rulebook_snapshots_keep_the_current_and_the_one_before(monkeypatch, tmp_path):
    import shutil

    from tolaria.today.loader import load_rulebook
    from tolaria_testing import FIXTURES

    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path / "cache"))
    for name in ("a", "b", "c"):
        shutil.copytree(FIXTURES / "rulebook", tmp_path / name)
        load_rulebook(tmp_path / name)
    assert len(os.listdir(tmp_path / "cache" / "rulebooks")) == 2


def test_index_folders_keep_the_current_and_the_one_before(tmp_path):
    from tolaria.search.engine import WhooshEngine
    from tolaria.today.loader import load_rulebook
    from tolaria_testing import FIXTURES

    book = load_rulebook(FIXTURES / "rulebook", use_cache=False)
    base = tmp_path / "ix"
    first = WhooshEngine.for_book(book, base=str(base), rebuild=True).info.path
    name = os.path.basename(first).rpartition("-")[0]
    killed, building = base / f".{name}-killed", base / f".{name}-building"
    killed.mkdir()
    os.utime(killed, (0, 0))  # a build a killed process left long ago
    building.mkdir()  # another process's build in progress
    paths = [first]
    for age in range(3):
        os.utime(paths[-1], (1000 * (age + 1),) * 2)  # built long ago: no search reads it
        paths.append(WhooshEngine.for_book(book, base=str(base), rebuild=True).info.path)
    folders = sorted(p.name for p in base.iterdir() if p.is_dir())
    assert folders == sorted([building.name] + [os.path.basename(p) for p in paths[-2:]])
    assert (base / next(p.name for p in base.glob("*.current"))).read_text().strip() \
        == os.path.basename(paths[-1])


def test_index_folders_built_lately_are_kept_for_the_processes_searching_them(tmp_path):
    """Concurrent builds of one index: each process searches the folder it built, so none
    is removed while it may still be read."""
    from tolaria.search.engine import WhooshEngine
    from tolaria.today.loader import load_rulebook
    from tolaria_testing import FIXTURES

    book = load_rulebook(FIXTURES / "rulebook", use_cache=False)
    base = tmp_path / "ix"
    paths = [WhooshEngine.for_book(book, base=str(base), rebuild=True).info.path
             for _ in range(3)]
    assert all(os.path.isdir(p) for p in paths)


def test_history_and_whole_cr_snapshots_keep_the_current_and_the_one_before(monkeypatch,
                                                                            tmp_path):
    import shutil

    from tolaria.cr.loading import load_numbers, load_whole_cr
    from tolaria.history.lookup import load_history
    from tolaria_testing import REPO

    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path / "cache"))
    for name in ("a", "b", "c"):
        for folder in ("history", "cr"):
            shutil.copytree(REPO / "rules" / folder, tmp_path / name / folder)
        load_history(tmp_path / name)
        load_whole_cr(tmp_path / name)
        load_numbers(tmp_path / name)
    assert len(os.listdir(tmp_path / "cache" / "history")) == 2
    assert sorted(os.path.splitext(n)[1] for n in os.listdir(tmp_path / "cache" / "wholecr")) \
        == [".marshal", ".marshal", ".numbers", ".numbers"]


def test_a_kept_value_its_reader_cannot_decode_is_none(tmp_path):
    """Whatever a damaged or other-shaped file makes marshal or the decoder raise, the value
    is read as none (and made again), never a traceback."""
    import marshal

    path = tmp_path / "value.marshal"
    path.write_bytes(marshal.dumps(("key", ["a", "list"])))
    assert read_kept(str(path), "key", tuple) == ("a", "list")
    assert read_kept(str(path), "key", lambda value: dict(value.items())) is None
    assert read_kept(str(path), "another key") is None
    path.write_bytes(marshal.dumps(("key", ["a", "list"]))[:-2])
    assert read_kept(str(path), "key") is None
