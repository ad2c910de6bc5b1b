"""load_whole_cr: the stored whole CR, fast on a cold start (the CLI's hot path).

The first read checks the file (cr.store) and keeps a marshal snapshot of the records in the
user's cache, keyed by the file's fingerprint (path, size, modification time); later reads
take the snapshot while the file is unchanged. Only a file that passed every check is ever
snapshot, so a damaged file is reported, never hidden. This module imports little on purpose.
"""

from __future__ import annotations

import marshal
import os

from ..cache import cache_dir, fingerprint, prune, short, write_bytes_atomically
from ..files.atomic import recover
from .records import CRChapter, CRRule, CRSection, CRTerm, WholeCR
from datetime import date

SCHEMA = 1
STORE = ("cr", "en.json")  # rules/cr/en.json, as cr.store names it


def default_rules_dir() -> str:
    """rules/ of the project, or $TOLARIA_RULES (as rulebook.folders.default_rules_dir, without
    importing the YAML loader)."""
    env = os.environ.get("TOLARIA_RULES")
    if env:
        return env
    here = os.path.abspath(__file__)
    return os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
        here)))), "rules")


def load_whole_cr(rules_dir=None, use_cache: bool = True) -> WholeCR | None:
    """The stored whole CR of rules_dir (rules/ or $TOLARIA_RULES by default), or None when
    the folder has none. Raises DataErrors for a stored file that is not well-formed."""
    path = _stored(rules_dir)
    if path is None:
        return None
    if not use_cache:
        return _read(path)
    key, snapshot = _snapshot(path)
    try:
        with open(snapshot, "rb") as stream:
            return loads(stream.read(), key)
    except (OSError, ValueError, EOFError, TypeError, IndexError):
        pass
    cr = _read(path)
    _keep(snapshot, dumps(cr, key))
    _keep(snapshot + ".numbers", marshal.dumps((key, numbers_of(cr))))
    return cr


def load_numbers(rules_dir=None) -> frozenset[str] | None:
    """Every section and rule number of the stored whole CR ("704", "704.5a"), or None when
    the folder has none: from a small snapshot of its own, since `show` checks where each
    cited number leads on every start and the records take 20 times longer to read."""
    path = _stored(rules_dir)
    if path is None:
        return None
    key, snapshot = _snapshot(path)
    try:
        with open(snapshot + ".numbers", "rb") as stream:
            made_for, numbers = marshal.loads(stream.read())
        if made_for == key:
            return frozenset(numbers)
    except (OSError, ValueError, EOFError, TypeError):
        pass
    cr = load_whole_cr(rules_dir)
    numbers = numbers_of(cr)
    _keep(snapshot + ".numbers", marshal.dumps((key, numbers)))
    return frozenset(numbers)


def _keep(path: str, data: bytes) -> None:
    """A snapshot written, and those of its kind but the one before removed."""
    if write_bytes_atomically(path, data):
        prune(os.path.dirname(path), "", path)


def numbers_of(cr: WholeCR) -> tuple[str, ...]:
    return tuple(s.number for s in cr.sections) + tuple(r.number for r in cr.rules())


def _stored(rules_dir) -> str | None:
    root = os.fspath(rules_dir) if rules_dir is not None else default_rules_dir()
    recover(root)  # a new edition a killed import left half switched: completed first
    path = os.path.join(root, *STORE)
    return path if os.path.isfile(path) else None


def _snapshot(path: str) -> tuple[str, str]:
    """The key of a stored file as it is now, and where its snapshot is kept."""
    key = fingerprint([path], str(SCHEMA), os.path.realpath(path), os.getcwd())
    return key, os.path.join(cache_dir(), "wholecr", f"{short(key)}.marshal")


def _read(path: str) -> WholeCR:
    # lazy: saves 10 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from .store import read_whole_cr

    return read_whole_cr(path)


def dumps(cr: WholeCR, key: str) -> bytes:
    return marshal.dumps((
        SCHEMA, key, cr.edition.toordinal(), cr.source, cr.attribution, cr.file,
        [(c.number, c.title, c.sections) for c in cr.chapters],
        [(s.number, s.title, s.chapter, [(r.number, r.text, r.examples) for r in s.rules])
         for s in cr.sections],
        [(t.term, t.definition) for t in cr.glossary]))


def loads(data: bytes, key: str) -> WholeCR:
    """The WholeCR of a snapshot made for key; ValueError when it was made for another."""
    (schema, made_for, edition, source, attribution, file, chapters, sections,
     glossary) = marshal.loads(data)
    if schema != SCHEMA or made_for != key:
        raise ValueError("a snapshot of another file")
    return WholeCR(date.fromordinal(edition), source,
                   tuple(CRChapter(*c) for c in chapters),
                   tuple(CRSection(n, title, chapter, tuple(CRRule(*r) for r in rules))
                         for n, title, chapter, rules in sections),
                   tuple(CRTerm(*t) for t in glossary), attribution, file)
