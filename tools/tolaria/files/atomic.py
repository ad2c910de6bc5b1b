"""Files replaced all or nothing: one file, or a set of files under one folder, also when the
process is killed at any moment.

Every new file is first written whole beside its target, under a hidden temporary name
(`.104.yaml.<pid>-<token>.tolaria-new`), and flushed to disk. One file then replaces its
target with one rename. A set of files (`write_files`) is switched through a journal: the
list of (temporary, target) pairs is written atomically as `.tolaria-journal.json` in the
set's root folder (the rulebook's rules/), then each temporary is renamed over its target,
then the journal is removed. A process killed before the journal exists leaves only hidden
temporaries, which no reader takes: the set is old. Killed after, it leaves a journal that
`recover` completes: the set is new.

`recover(root)` is called by every command that reads the rulebook (one stat while there
is no journal), and with `sweep` by every writer and `validate`, which also remove the
temporaries of a change that was never switched. A writer holds an exclusive lock on the
root folder (flock, released by the kernel when a process dies) from its first temporary
to the journal's removal, so that a sweep never takes another writer's files.

This module imports nothing of the package: the cache, the i18n catalogs and the rulebook's
writers all use it.
"""

from __future__ import annotations

import errno
import os

try:
    import fcntl
except ImportError:  # no flock (Windows): one writer at a time is the user's care
    fcntl = None

JOURNAL = ".tolaria-journal.json"
SUFFIX = ".tolaria-new"

_held: dict[str, int] = {}  # root -> depth of write_files/recover in this process


def temporary_name(path: str) -> str:
    """A fresh hidden name beside path for its next content."""
    folder, name = os.path.split(path)
    return os.path.join(folder, f".{name}.{os.getpid()}-{os.urandom(4).hex()}{SUFFIX}")


def is_temporary(name: str) -> bool:
    return name.startswith(".") and name.endswith(SUFFIX)


def write_file(path, data, create_folders: bool = True, durable: bool = True) -> None:
    """Replace path with data (str as UTF-8, or bytes), never leaving a half-written file.

    The file keeps its mode (a new one gets 0644). Temporaries an earlier, killed writer of
    the same file left are removed. durable: on disk before the name points at it (fsync);
    a cache file does without. An OSError names path, never the temporary file."""
    path = os.fspath(path)
    _check_target(path)
    try:
        if create_folders:
            os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        _remove_stale(path)
        tmp = _write_temporary(path, data, durable)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, path) from None
    try:
        os.replace(tmp, path)
        if durable:
            _sync_folder(os.path.dirname(path))
    except OSError as exc:
        _remove(tmp)
        raise OSError(exc.errno, exc.strerror, path) from None
    except BaseException:
        _remove(tmp)
        raise


def write_files(root, files: dict) -> None:
    """Replace every file of files (path -> str or bytes, each under root) or none of them.

    Also under SIGKILL: a kill before the journal is written leaves the old files (and
    hidden temporaries, swept by the next writer); a kill after it leaves a journal that
    the next command reading root completes (see recover)."""
    root = os.fspath(root)
    targets = [os.fspath(p) for p in files]
    for target in targets:
        _check_target(target)
        if not _inside(root, target):
            raise ValueError(f"{target} is not under {root}")
    try:
        os.makedirs(root, exist_ok=True)  # a first import makes the rulebook's folder
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, root) from None
    with locked(root):
        _finish(root)
        sweep(root)
        pairs: list[tuple[str, str]] = []
        try:
            for target, data in zip(targets, files.values()):
                try:
                    os.makedirs(os.path.dirname(target), exist_ok=True)
                    pairs.append((_write_temporary(target, data, True), target))
                except OSError as exc:
                    raise OSError(exc.errno, exc.strerror, target) from None
            if len(pairs) > 1:
                # lazy: saves 3 ms of every command's cold start (import CPU time, min of 5 runs)
                import json  # only for a set of files: the start of every command reads none

                journal = json.dumps({"switch": [
                    [os.path.relpath(tmp, root), os.path.relpath(target, root)]
                    for tmp, target in pairs]})
                write_file(os.path.join(root, JOURNAL), journal)
        except BaseException:
            for tmp, _target in pairs:
                _remove(tmp)
            raise
        if len(pairs) == 1:  # one rename is atomic by itself
            tmp, target = pairs[0]
            try:
                os.replace(tmp, target)
            except OSError as exc:
                _remove(tmp)
                raise OSError(exc.errno, exc.strerror, target) from None
            _sync_folder(os.path.dirname(target))
        elif pairs:
            _finish(root)


def recover(root, sweep_temporaries: bool = False) -> None:
    """Complete a set of files a killed writer left half switched under root (its journal
    is there); with sweep_temporaries, also remove the temporaries of a set never switched.
    One stat when there is nothing to do and no sweep. A root that cannot be written
    (a read-only copy) is read as it is."""
    root = os.fspath(root)
    if not sweep_temporaries and not os.path.exists(os.path.join(root, JOURNAL)):
        return
    try:
        with locked(root):
            _finish(root)
            if sweep_temporaries:
                sweep(root)
    except OSError:
        pass


def sweep(root: str) -> None:
    """Remove every temporary file under root that no running process is writing (the
    caller holds root's lock; a writer of a folder above or below root holds another)."""
    for folder, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in names:
            if is_temporary(name):
                pid = _writer_of(name)
                if not (pid and _running(pid)):
                    _remove(os.path.join(folder, name))


def _writer_of(name: str) -> int:
    """The process id a temporary's name carries (`.104.yaml.<pid>-<token>.tolaria-new`),
    or 0 when the name carries none."""
    pid = name[:-len(SUFFIX)].rpartition(".")[2].partition("-")[0]
    return int(pid) if pid.isdigit() else 0


def _temporary_of(tmp: str, target: str) -> bool:
    """tmp is a temporary written for target: beside it, under target's hidden name."""
    folder, name = os.path.split(target)
    tmp_folder, tmp_name = os.path.split(tmp)
    return (tmp_folder == folder and is_temporary(tmp_name)
            and tmp_name.startswith(f".{name}.") and bool(name))


def _finish(root: str) -> None:
    """Rename every temporary the journal names over its target (those still there: a
    rename done before the kill is not done again), then remove the journal."""
    import json  # lazy: saves 3 ms of every command's cold start (as in write_files)

    journal = os.path.join(root, JOURNAL)
    try:
        with open(journal, encoding="utf-8") as stream:
            pairs = json.load(stream)["switch"]
    except FileNotFoundError:
        return
    except (OSError, ValueError, KeyError, TypeError):
        pairs = []  # never written whole (it is written atomically): nothing to switch
    if not isinstance(pairs, list):
        pairs = []
    folders = set()
    for pair in pairs:
        # only a temporary beside its own target: a journal naming anything else (edited
        # by hand, or of another program) moves no file
        if not (isinstance(pair, list) and len(pair) == 2
                and all(isinstance(part, str) for part in pair)):
            continue
        tmp, target = os.path.join(root, pair[0]), os.path.join(root, pair[1])
        if not (_inside(root, tmp) and _inside(root, target) and _temporary_of(tmp, target)):
            continue
        if os.path.exists(tmp):
            os.replace(tmp, target)
        folders.add(os.path.dirname(target))
    for folder in sorted(folders):
        _sync_folder(folder)
    os.unlink(journal)
    _sync_folder(root)


class locked:
    """root's exclusive lock for this process (re-entrant within it), for a `with` block:
    the writers of a folder, and a cache that processes make concurrently (the search
    index), made by one while the others wait, then read.
    (A class, not contextlib.contextmanager: every command imports this module, and
    contextlib costs `show`'s cold start about 4 ms, python -X importtime.)"""

    def __init__(self, root: str) -> None:
        self._root, self._key, self._fd = root, os.path.realpath(root), None

    def __enter__(self) -> None:
        key = self._key
        if key in _held or fcntl is None:
            _held[key] = _held.get(key, 0) + 1
            return
        fd = os.open(self._root, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except BaseException:
            os.close(fd)
            raise
        self._fd, _held[key] = fd, 1

    def __exit__(self, *failure) -> None:
        key = self._key
        if self._fd is None:
            _held[key] -= 1
            if not _held[key]:
                del _held[key]
            return
        del _held[key]
        os.close(self._fd)  # releases the lock
        self._fd = None


def _check_target(path: str) -> None:
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)


def _inside(root: str, path: str) -> bool:
    root = os.path.abspath(root)
    return os.path.commonpath([root, os.path.abspath(path)]) == root


def _write_temporary(path: str, data, durable: bool) -> str:
    """data written whole under a fresh temporary name beside path, with path's mode."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        mode = os.stat(path).st_mode & 0o777
    except OSError:
        mode = 0o644
    tmp = temporary_name(path)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            if durable:
                os.fsync(out.fileno())
        os.chmod(tmp, mode)
    except BaseException:
        _remove(tmp)
        raise
    return tmp


def _remove_stale(path: str) -> None:
    """Remove the temporaries of path that a process no longer running left."""
    folder, name = os.path.split(path)
    prefix = f".{name}."
    try:
        names = os.listdir(folder or ".")
    except OSError:
        return
    for other in names:
        if other.startswith(prefix) and other.endswith(SUFFIX):
            pid = other[len(prefix):].partition("-")[0]
            if pid.isdigit() and not _running(int(pid)):
                _remove(os.path.join(folder, other))


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process
        return True
    return True


def _sync_folder(folder: str) -> None:
    """The folder's entries (a rename) on disk; where a folder cannot be opened, nothing."""
    try:
        fd = os.open(folder or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
