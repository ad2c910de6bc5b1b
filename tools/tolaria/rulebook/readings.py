"""What `validate` made of files that have not changed, reused by the next `validate` of the
same process (a watching server, an editor's hook, a test session validate again and again,
and most files are the same each time).

A reading is kept under a key: the stamps of the files it read (path, size, modification
time, and the folder's listing where it reads a folder), the working directory and the
interface language (its messages show paths relative to the one, in the other), and
anything else it was made of (a RuleBook compares by content). The next reading of the same
kind with an equal key gives back the kept one; one reading of each kind is kept.

A file changed within the last RECENT seconds is not trusted to show a change by its
stamp (a file system keeps times to a few milliseconds, some to two seconds): a reading of
such a file is made again each time until it has settled.
"""

from __future__ import annotations

import os
import time
from typing import Callable, TypeVar

from ..i18n import current_language

T = TypeVar("T")
RECENT = 2.0  # seconds

_kept: dict[str, tuple[tuple, object]] = {}


def stamps(paths) -> tuple | None:
    """(path, size, modification time) of each path (None for a missing one); None when one
    changed too recently for its stamp to tell a later change."""
    newest = time.time_ns() - int(RECENT * 1e9)
    out = []
    for path in paths:
        path = os.fspath(path)
        try:
            stat = os.stat(path)
        except OSError:
            out.append((path, None, None))
            continue
        if stat.st_mtime_ns > newest:
            return None
        out.append((path, stat.st_size, stat.st_mtime_ns))
    return tuple(out)


def folder_stamps(folder) -> tuple | None:
    """stamps() of every entry of folder, its listing included (a file added or removed
    changes them); () for a missing folder."""
    folder = os.fspath(folder)
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return ()
    return stamps([os.path.join(folder, name) for name in names])


def joined(*parts: tuple | None) -> tuple | None:
    """The stamps of several readings as one (None when one is None)."""
    return None if any(part is None for part in parts) else sum(parts, ())


def reuse(kind: str, files: tuple | None, make: Callable[[], T], *made_of) -> T:
    """make(), or what it gave last time for kind if files (stamps(), folder_stamps()) and
    made_of are equal to that time's; files None: made again, not kept."""
    if files is None:
        _kept.pop(kind, None)
        return make()
    key = (files, os.getcwd(), current_language(), *made_of)
    kept = _kept.get(kind)
    if kept is not None and kept[0] == key:
        return kept[1]
    value = make()
    _kept[kind] = (key, value)
    return value


def forget() -> None:
    """Drop every kept reading."""
    _kept.clear()
