"""The writing commands on a full disk (ENOSPC) and on a read-only folder (EROFS), injected
in-process into the file functions the whole process uses (tests run as root, where chmod
blocks nothing): one clear line on stderr, exit status 2, no file changed."""

from __future__ import annotations

import builtins
import errno
import io
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from .support import SCENARIOS, in_process, snapshot

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


@pytest.fixture(scope="module")
def prepared(tmp_path_factory):
    """Each scenario's folder, prepared once (copied for each test)."""
    made = {}

    def get(scenario):
        if scenario.name not in made:
            work = tmp_path_factory.mktemp(scenario.name) / "work"
            work.mkdir()
            made[scenario.name] = (work, scenario.prepare(work))
        return made[scenario.name]

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
                                                            tmp_path, monkeypatch, capsys):
    work, argv = _setup(scenario, prepared, tmp_path, monkeypatch)
    before = snapshot(work)
    inject(monkeypatch, work, FAULTS[fault])
    status, out, err = in_process(argv, capsys)
    monkeypatch.undo()
    lines = err.splitlines()
    if scenario.name == "index-rebuild":
        # by design the index is then built in memory, with a one-line warning, status 1
        assert (status, len(lines)) == (1, 1), err
        assert "could not be saved" in err
    else:
        assert (status, len(lines)) == (2, 1), err
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

    def in_place(suffix=None, prefix=None, dir=None, text=False):
        # the "temporary" file is the target itself, truncated: a writer that writes in place
        target = os.path.join(dir, prefix[1:-1])
        return os.open(target, os.O_WRONLY | os.O_TRUNC), target

    inject(monkeypatch, work, errno.ENOSPC)
    monkeypatch.setattr(tempfile, "mkstemp", in_place)
    status, _, err = in_process(argv, capsys)
    monkeypatch.undo()
    assert status == 2 and "no space left" in err
    assert snapshot(work / "rules") != before  # torn: the test above would have failed
