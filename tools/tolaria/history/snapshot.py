"""The rule history kept in the user's cache as marshal data, so that `show` and `search`
read today's rules without parsing rules/history/ at every start (start-up is their hot
path). Keyed by the history files' fingerprint; rebuilt by itself when they change."""

from __future__ import annotations

import marshal
import os
from datetime import date

from .. import __version__
from ..cache import cache_dir, fingerprint, prune, short, write_bytes_atomically
from . import RULES_FILE, TITLES_FILE
from .records import EditionRef, HistoryData, Span, Tracked, Unit, Version

SCHEMA = 1


def _d(value: date) -> int:
    return value.toordinal()


def _span(s: Span) -> tuple:
    return (s.value, _d(s.first), _d(s.last))


def _tracked(t: Tracked) -> tuple:
    return (t.key, tuple(map(_span, t.numbers)),
            tuple((_d(v.first), _d(v.last), v.text, tuple(v.examples), v.same_wording)
                  for v in t.versions), tuple(map(_tracked, t.becomes)))


def dumps(data: HistoryData, key: str) -> bytes:
    return marshal.dumps((key, SCHEMA,
                          tuple((_d(e.effective), e.file) for e in data.editions),
                          tuple((u.key, _d(u.anchor), _tracked(u.head),
                                 tuple(map(_tracked, u.rules))) for u in data.units),
                          {n: tuple(map(_span, spans)) for n, spans in data.titles.items()}))


def loads(raw: bytes, key: str) -> HistoryData:
    """The HistoryData of dumps; ValueError when it was made for other files."""
    made_for, schema, editions, units, titles = marshal.loads(raw)
    if made_for != key or schema != SCHEMA:
        raise ValueError("stale history snapshot")
    day = date.fromordinal
    span = lambda s: Span(s[0], day(s[1]), day(s[2]))  # noqa: E731

    def tracked(t) -> Tracked:
        return Tracked(t[0], tuple(map(span, t[1])),
                       tuple(Version(day(a), day(b), text, examples, same)
                             for a, b, text, examples, same in t[2]),
                       tuple(map(tracked, t[3])))

    return HistoryData(tuple(EditionRef(day(d), f) for d, f in editions),
                       tuple(Unit(k, day(a), tracked(h), tuple(map(tracked, r)))
                             for k, a, h, r in units),
                       {n: tuple(map(span, spans)) for n, spans in titles.items()})


def cached(folder: str, read) -> HistoryData:
    """The history of folder from the cache, else read(folder) (raises as it does), kept."""
    key = fingerprint([os.path.join(folder, RULES_FILE), os.path.join(folder, TITLES_FILE)],
                      __version__, str(SCHEMA), os.path.realpath(folder))
    path = os.path.join(cache_dir(), "history", f"{short(key)}.snapshot")
    try:
        with open(path, "rb") as stream:
            return loads(stream.read(), key)
    except (OSError, ValueError, EOFError, TypeError, IndexError):
        pass
    data = read(folder)
    if write_bytes_atomically(path, dumps(data, key)):
        prune(os.path.dirname(path), "", path)  # the snapshot in use and the one before
    return data
