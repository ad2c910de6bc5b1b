"""The writing commands on a full disk (ENOSPC) and on a read-only folder (EROFS), injected
in-process into the file functions the whole process uses (tests run as root, where chmod
blocks nothing): one clear line on stderr, exit status 2, no file changed.

TOLARIA_FAULTS_BROKEN=1 in the environment runs the commands with a deliberately broken
writer (in_place_writer): it writes each rulebook file in place and drops, without a word,
what it cannot write. Then the disk-full tests of the commands that write the rulebook (fmt,
po import, import --write and --history, history --rebuild) fail, as they should, with torn
files; so do their read-only tests, with exit status 0 and no message (but po import's,
where making the folder is refused before the writer is reached). The index and the site
are not written by that writer: test_kill.py and test_concurrency.py break theirs.
"""

from __future__ import annotations

import builtins
import errno
import io
import json
import os
import shutil
from pathlib import Path

import pytest

from tolaria_testing import made_once

from .support import SCENARIOS, in_process, snapshot

BROKEN = bool(os.environ.get("TOLARIA_FAULTS_BROKEN"))
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


class _Full:
    """A file whose writes fail as on a full disk, after part of the data went in."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, data):
        self._stream.write(data[:len(data) // 2])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._stream.close()

    def __iter__(self):
        return iter(self._stream)

    def __getattr__(self, name):
        return getattr(self._stream, name)


def in_place_writer(monkeypatch) -> None:
    """A broken writer for the rulebook's files: the "temporary" file is the target itself,
    truncated and written in place, so a failed write leaves it torn; the final
    os.replace(target, target) does nothing. Installed after inject, so that it writes
    through the injected faults."""
    from tolaria.files import atomic

    real_replace = os.replace

    def write_in_place(path, data, durable):
        with open(path, "wb") as out:  # the injected open: the disk fills after truncating
            out.write(data.encode("utf-8") if isinstance(data, str) else data)
        return path

    def replace(src, dst, *args, **kwargs):
        if os.fspath(src) != os.fspath(dst):
            real_replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(atomic, "_write_temporary", write_in_place)
    monkeypatch.setattr(os, "replace", replace)


def inject(monkeypatch, folder: Path, fault: int) -> None:
    """Every write under folder fails with fault (ENOSPC: at the first write; EROFS: at
    opening, creating, renaming or removing)."""
    real_open, real_os_open = builtins.open, os.open
    root = os.path.realpath(folder)

    def inside(path) -> bool:
        if isinstance(path, int):
            try:
                path = os.readlink(f"/proc/self/fd/{path}")
            except OSError:
                return False
        real = os.path.realpath(os.fspath(path) if not isinstance(path, bytes)
                                else os.fsdecode(path))
        return real == root or real.startswith(root + os.sep)

    def fail(path):
        raise OSError(fault, os.strerror(fault), os.fspath(path) if not isinstance(path, int)
                      else None)

    def fake_open(file, mode="r", *args, **kwargs):
        writing = any(c in mode for c in "wax+")
        if writing and inside(file):
            if fault == errno.EROFS:
                fail(file)
            return _Full(real_open(file, mode, *args, **kwargs))
        return real_open(file, mode, *args, **kwargs)

    def fake_os_open(path, flags, *args, **kwargs):
        if fault == errno.EROFS and flags & WRITE_FLAGS and inside(path):
            fail(path)
        return real_os_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", fake_open)
    monkeypatch.setattr(io, "open", fake_open)
    monkeypatch.setattr(os, "open", fake_os_open)
    if fault == errno.EROFS:
        for name in ("replace", "rename", "mkdir", "unlink", "remove", "rmdir"):
            real = getattr(os, name)

            def guarded(path, *args, _real=real, **kwargs):
                if inside(path) or (args and isinstance(args[0], (str, os.PathLike))
                                    and inside(args[0])):
                    fail(path)
                return _real(path, *args, **kwargs)

            monkeypatch.setattr(os, name, guarded)


@pytest.fixture(scope="session")
def prepared(tmp_path_factory, small_rulebook):
    """Each scenario's folder and command line, prepared once per test run, whichever xdist
    worker asks first (copied for each test)."""

    def get(scenario):
        def make(folder):
            work = folder / "work"
            work.mkdir(parents=True)
            argv = scenario.prepare(work, small_rulebook)
            (folder / "argv.json").write_text(json.dumps(argv), encoding="utf-8")

        folder = made_once(tmp_path_factory, f"faults-disk-{scenario.name}", make)
        return folder / "work", json.loads((folder / "argv.json").read_text(encoding="utf-8"))

    return get


def _setup(scenario, prepared, tmp_path, monkeypatch):
    source, argv = prepared(scenario)
    work = tmp_path / "work"
    shutil.copytree(source, work, symlinks=True)
    argv = [a.replace(str(source), str(work)) for a in argv]
    monkeypatch.chdir(work)
    monkeypatch.setenv("TOLARIA_RULES", str(work / "rules"))
    monkeypatch.setenv("TOLARIA_CACHE", str(work / "cache"))
    return work, argv


FAULTS = {"disk-full": errno.ENOSPC, "read-only": errno.EROFS}
WORDS = {"disk-full": "no space left", "read-only": "read-only"}  # the CLI's own words


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.name)
def test_a_write_that_fails_is_one_line_and_changes_nothing(scenario, fault, prepared,
                                                            tmp_path, monkeypatch, capsys,
                                                            recwarn):
    work, argv = _setup(scenario, prepared, tmp_path, monkeypatch)
    before = snapshot(work)
    inject(monkeypatch, work, FAULTS[fault])
    if BROKEN:
        in_place_writer(monkeypatch)
    status, out, err = in_process(argv, capsys)
    monkeypatch.undo()
    lines = err.splitlines()
    warned = [line for line in lines if line.startswith("tolaria: warning: ")]
    errors = lines[len(warned):]
    # A command that opens the search index says once, first, that the index is built in
    # memory: the index's own rebuild then ends with status 1 and nothing more; every other
    # command fails with one line.
    if scenario.name == "index-rebuild":
        assert (status, len(warned), errors) == (1, 1, []), err
    else:
        assert (status, len(errors)) == (2, 1) and len(warned) <= 1, err
    assert lines[:len(warned)] == warned and all("could not be saved" in w for w in warned), err
    assert [str(w.message) for w in recwarn] == []  # none left to Python's own lines
    assert "unexpected error" not in err and "Traceback" not in err
    assert WORDS[fault] in err
    after = snapshot(work)
    changed = sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))
    assert not changed, f"{fault}: changed {changed[:10]}"


def test_the_check_sees_a_writer_that_writes_in_place(prepared, tmp_path, monkeypatch,
                                                      capsys):
    """The check can fail: a writer that truncates the file and then meets a full disk."""
    fmt = next(s for s in SCENARIOS if s.name == "fmt")
    work, argv = _setup(fmt, prepared, tmp_path, monkeypatch)
    before = snapshot(work / "rules")

    inject(monkeypatch, work, errno.ENOSPC)
    in_place_writer(monkeypatch)
    status, _, err = in_process(argv, capsys)
    monkeypatch.undo()
    assert status == 2 and "no space left" in err
    assert snapshot(work / "rules") != before  # torn: the test above would have failed
