"""Run the tolaria CLI as `python launch.py ARGS`, optionally with a deliberately broken
writer, to show that the fault tests notice a file written in place.

TOLARIA_FAULTS_BROKEN=1 turns every os.replace(tmp, target) of a file into an in-place
rewrite of target: truncate, then write in pieces with a pause before each, as a
non-atomic writer on a slow disk does. The first SLOW files a process writes stay torn for
0.6 s each, long enough for a kill at moments spread over the run (and for a concurrent
reader) to meet one; the others for a moment only, so that a site build still ends.

TOLARIA_FAULTS_SLOW_RENAME=SECONDS makes every rename of a file wait that long first, as on
a slow disk: the moments between the renames of a set of files become long enough for a
kill at moments spread over the run to fall between them.

TOLARIA_FAULTS_TRACE=FILE appends to FILE a line `TIME PATH` for each write the process
begins (a file created or opened for writing, a rename: the new name), TIME the clock's
time.time(). The kill tests place their
moments over the part of a complete run that writes."""

import builtins
import io
import os
import time

SLOW = 20

if os.environ.get("TOLARIA_FAULTS_SLOW_RENAME"):
    _pause = float(os.environ["TOLARIA_FAULTS_SLOW_RENAME"])
    _rename = os.replace

    def _slowly(src, dst, *args, **kwargs):
        if not os.path.isdir(src):
            time.sleep(_pause)
        return _rename(src, dst, *args, **kwargs)

    os.replace = _slowly
    os.rename = _slowly

if os.environ.get("TOLARIA_FAULTS_TRACE"):
    _trace = os.environ["TOLARIA_FAULTS_TRACE"]
    _os_open, _open, _os_replace, _os_rename = os.open, builtins.open, os.replace, os.rename
    _MADE = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND

    def _note(path) -> None:
        fd = _os_open(_trace, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            where = os.path.abspath(os.fsdecode(path)) if isinstance(path, (str, bytes,
                                                                            os.PathLike)) else ""
            os.write(fd, f"{time.time():.4f} {where}\n".encode())
        finally:
            os.close(fd)

    def _traced_os_open(path, flags, *args, **kwargs):
        if flags & _MADE:
            _note(path)
        return _os_open(path, flags, *args, **kwargs)

    def _traced_open(file, mode="r", *args, **kwargs):
        if isinstance(mode, str) and any(c in mode for c in "wax+"):
            _note(file)
        return _open(file, mode, *args, **kwargs)

    def _traced(real):
        def rename(src, dst, *args, **kwargs):
            _note(dst)
            return real(src, dst, *args, **kwargs)
        return rename

    os.open, builtins.open, io.open = _traced_os_open, _traced_open, _traced_open
    os.replace, os.rename = _traced(_os_replace), _traced(_os_rename)

if os.environ.get("TOLARIA_FAULTS_BROKEN"):
    _replace = os.replace
    _written = [0]

    def _in_place(src, dst, *args, **kwargs):
        if os.path.isdir(src):
            return _replace(src, dst, *args, **kwargs)
        with open(src, "rb") as stream:
            data = stream.read()
        slow = _written[0] < SLOW
        _written[0] += 1
        size, pause = (max(1, -(-len(data) // 6)), 0.1) if slow else (2048, 0.002)
        with open(dst, "wb") as out:  # truncated now: a reader sees a torn file
            for start in range(0, max(len(data), 1), size):
                out.flush()
                time.sleep(pause)
                out.write(data[start:start + size])
        os.unlink(src)

    os.replace = _in_place
    os.rename = _in_place

from tolaria.cli.program import run  # noqa: E402

run()  # as the console script runs
