"""The user's cache folder (outside the source tree), fingerprints of source files (by
name, size and time: cheap, on every start; or by content: source_digest), and its
hygiene: each cached kind keeps the item in use and the one before it (prune)."""

from __future__ import annotations

import marshal
import os

from .files.atomic import write_file

KEEP = 2  # of each cached kind: the item in use and the one before it

# hashlib is imported where a digest is made (source_digest): every start of the CLI reads
# the cache, few make a digest, and hashlib (OpenSSL) costs a start about 2 ms.


def cache_dir() -> str:
    """$TOLARIA_CACHE, else $XDG_CACHE_HOME/tolaria, else ~/.cache/tolaria."""
    if os.environ.get("TOLARIA_CACHE"):
        return os.environ["TOLARIA_CACHE"]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "tolaria")


def fingerprint(files: list, *salt: str) -> str:
    """The files' names, sizes and modification times (and salt), as one string.

    Cheap to make on every start; `short()` names a cache file after it, and the cache file
    keeps the whole string, to be compared when read.
    """
    parts = list(salt)
    for path in files:
        try:
            stat = os.stat(path)
            parts.append(f"{path}:{stat.st_size}:{stat.st_mtime_ns}")
        except OSError:
            parts.append(f"{path}:missing")
    return "\n".join(parts)


def source_digest(folder: str, names: tuple[str, ...]) -> str:
    """A digest of the named files of folder (a missing one counts by its name only: an
    installation without sources still has SCHEMA_VERSION)."""
    # lazy: saves 4 ms of `show`'s cold start (import CPU time, min of 5 runs)
    import hashlib

    digest = hashlib.blake2b(digest_size=8)
    for name in names:
        digest.update(name.encode() + b"\0")
        try:
            with open(os.path.join(folder, name), "rb") as stream:
                digest.update(stream.read())
        except OSError:
            pass
        digest.update(b"\0")
    return digest.hexdigest()


def short(fingerprint_text: str) -> str:
    """A short name for a fingerprint (collisions are caught by comparing the whole)."""
    # the text's bytes as one number, modulo the prime 2**61 - 1: a polynomial hash that
    # needs no module (zlib's import costs every start about 0.3 ms); the leading 1 makes
    # leading zero bytes count
    number = int.from_bytes(b"\1" + fingerprint_text.encode(), "big")
    return f"{number % (2 ** 61 - 1):016x}"


def write_bytes_atomically(path, data: bytes) -> bool:
    """Write a cache file whole or not at all; False when the cache cannot be written."""
    try:
        write_file(path, data, durable=False)  # a torn cache file is only made again
        return True
    except OSError:
        return False


def kept(folder: str, key: str, make):
    """make(), kept in the user's cache (under folder, as marshal data: Python has loaded
    marshal, and a few kB read back in well under a millisecond) for key: read back while
    the key is the same (compared whole), made again when it changed or the file cannot be
    read (or make() gave None). An exception from make() is raised and nothing is kept."""
    path = os.path.join(cache_dir(), folder, f"{short(key)}.marshal")
    value = read_kept(path, key)
    if value is not None:
        return value
    value = make()
    keep_pruned(path, key, value)
    return value


def read_kept(path: str, key: str, decode=None):
    """The value write_kept kept at path for key (decode(value) when decode is given); None
    when there is none, it was kept for another key, or it cannot be read or decoded."""
    try:
        with open(path, "rb") as stream:
            made_for, value = marshal.loads(stream.read())
        if made_for != key:
            return None
        return value if decode is None else decode(value)
    # none yet, damaged (marshal then raises what the bytes happen to mean) or of another
    # shape (kept by other code): made again, whatever the failure
    except Exception:  # noqa: BLE001
        return None


def write_kept(path: str, key: str, value) -> bool:
    """Keep value (marshal data) at path for key, whole or not at all; False when the cache
    cannot be written."""
    return write_bytes_atomically(path, marshal.dumps((key, value)))


def keep_pruned(path: str, key: str, value, prefix: str = "") -> None:
    """write_kept, then remove the older files of its folder named prefix... (prune)."""
    if write_kept(path, key, value):
        prune(os.path.dirname(path), prefix, path)


def prune(folder: str, prefix: str, newest: str) -> None:
    """Keep newest (the cache file just written for the sources in use) and the file of its
    kind written before it; remove the other files of folder named prefix... with newest's
    extension: a file kept for an earlier version of the word lists or the rules is seldom
    read again, and the one before serves a user who switches back (another rulebook
    folder, the edition before)."""
    extension = os.path.splitext(newest)[1]
    prune_entries(folder, lambda name: name.startswith(prefix) and name.endswith(extension),
                  {os.path.basename(newest)})


def prune_entries(folder: str, belongs, current: set) -> None:
    """Of the entries of folder whose name belongs(name) accepts, keep those named in current
    and the one written last among the others (by modification time); remove the rest, a
    folder with all it holds. Hidden names (a file being written) are left alone, and so
    is what cannot be removed (another process, a read-only cache)."""
    # lazy: saves 4 ms of `show`'s cold start (import CPU time, min of 5 runs)
    import shutil

    try:
        with os.scandir(folder) as entries:
            others = []
            for entry in entries:
                if entry.name.startswith(".") or entry.name in current \
                        or not belongs(entry.name):
                    continue
                try:
                    others.append((entry.stat(follow_symlinks=False).st_mtime_ns, entry.path,
                                   entry.is_dir(follow_symlinks=False)))
                except OSError:
                    continue
    except OSError:
        return
    others.sort(reverse=True)
    for _mtime, path, is_folder in others[KEEP - 1:]:
        try:
            if is_folder:
                shutil.rmtree(path)
            else:
                os.remove(path)
        except OSError:
            pass
