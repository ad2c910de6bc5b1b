"""A compact snapshot of a loaded RuleBook, so that a fresh process starts fast.

The loader writes one after every successful load, keyed by a fingerprint of the rulebook's
files, and reads it instead of the YAML while the files are unchanged. A snapshot is only
ever made from a rulebook that passed every check, so errors are never hidden by it.
"""

from __future__ import annotations

import marshal
from datetime import date

from ..model import (Alias, Edition, Lag, Paragraph, Rule, RuleBook, Section, Source, Term,
                     TermName, Today, Wording)
from ..numbering import RuleNumber

SCHEMA = 5


def _n(number: RuleNumber) -> tuple:
    return (number.section, number.rule, number.letter)


def _d(value: date | None) -> int | None:
    return value.toordinal() if value else None


def dumps(book: RuleBook, key: str) -> bytes:
    sections = []
    for (lang, number), s in book.sections.items():
        src = s.source
        rules = [(_n(r.number), r.text,
                  [(e.text, e.line, [_n(c) for c in e.cites]) for e in r.examples],
                  _d(r.since), [(_d(w.since), w.text, w.line) for w in r.earlier], r.file,
                  r.line, [_n(c) for c in r.cites], _d(r.base)) for r in s.rules]
        sections.append((lang, number, marshal.dumps((
            lang, number, _n(s.number), s.title, _d(s.edition.effective),
            (src.kind, src.name, src.file, _d(src.claims), src.claims_text,
             src.translated_from), s.file, s.line, rules))))
    editions = [(_d(e.effective), e.set_names, e.file) for e in book.editions.values()]
    glossary = [(t.id, [_n(n) for n in t.rules], t.obsolete, t.note, t.line,
                 {lang: (n.name, n.definition, list(n.variants), n.source,
                         list(n.obsolete_names)) for lang, n in t.names.items()})
                for t in book.glossary]
    today = [(t.key, t.number, t.text, list(t.examples), _d(t.edition),
              [(a.number, _d(a.first), _d(a.last)) for a in t.aliases], list(t.moved_to),
              [_n(c) for c in t.cites])
             for t in (book.today or {}).values()]
    lags = [(lang, key, marshal.dumps((_d(g.base), _d(g.current), g.changes, _d(g.since),
                                       g.base_number, g.base_text, g.current_text)))
            for (lang, key), g in (book.lags or {}).items()]
    return marshal.dumps((SCHEMA, key, book.root, list(book.files), editions, glossary,
                          sections, today, _d(book.current), lags, sorted(book.reused)))


_day, _make = date.fromordinal, tuple.__new__


def _maybe(value: int | None) -> date | None:
    return _day(value) if value else None


def _numbers(raw: list) -> tuple:
    return tuple([_make(RuleNumber, n) for n in raw]) if raw else ()


def loads(data: bytes, key: str) -> RuleBook:
    """The rulebook of a snapshot made for key; ValueError when it was made for another.

    Each section and lag is kept as marshal data of its own, decoded when it is first read
    (Decoded): `show` reads one or two of them.
    Records are made with tuple.__new__ and list comprehensions, not through their classes'
    constructors and generators: this is every `show`'s start-up, and it halves the time
    (test_snapshot checks the result equals the rulebook read from YAML, type for type)."""
    (schema, made_for, root, files, editions_raw, glossary_raw, sections_raw, today_raw,
     current, lags_raw, reused) = marshal.loads(data)
    if schema != SCHEMA or made_for != key:
        raise ValueError("a snapshot of other files")
    editions = {_day(e): _make(Edition, (_day(e), names, file)) for e, names, file in editions_raw}
    glossary = tuple([
        _make(Term, (term_id, {lang: _make(TermName, (n[0], n[1], tuple(n[2]), n[3], tuple(n[4])))
                              for lang, n in names.items()},
                    _numbers(rules), obsolete, note, line))
        for term_id, rules, obsolete, note, line, names in glossary_raw])
    sections = Decoded({(lang, number): raw for lang, number, raw in sections_raw},
                       lambda raw: _section(raw, editions))
    today = {k: _make(Today, (k, number, text, tuple(examples), _day(edition),
                             tuple([_make(Alias, (a, _day(f), _day(l))) for a, f, l in aliases]),
                             tuple(moved), _numbers(cites)))
             for k, number, text, examples, edition, aliases, moved, cites in today_raw}
    lags = Decoded({(lang, k): raw for lang, k, raw in lags_raw}, _lag)
    return RuleBook(sections, editions, glossary, root, tuple(files), today or None,
                    _maybe(current), lags or None, frozenset(reused))


class Decoded:
    """A read-only mapping kept as marshal data per key (sections, lags), each value decoded
    when it is first read, then kept. Iterating over the keys decodes nothing. (The methods
    of a mapping are written here, not inherited from collections.abc.Mapping: importing
    collections costs `show`'s cold start about 3 ms, python -X importtime.)"""

    __hash__ = None  # a mapping, equal to the dict it stands for

    def __init__(self, raw: dict, decode) -> None:
        self._raw, self._decode, self._decoded = raw, decode, {}

    def __getitem__(self, key):
        value = self._decoded.get(key)
        if value is None:
            value = self._decoded[key] = self._decode(self._raw[key])
        return value

    def get(self, key, default=None):
        return self[key] if key in self._raw else default

    def __iter__(self):
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)

    def __contains__(self, key) -> bool:
        return key in self._raw

    def keys(self):
        return self._raw.keys()

    def values(self) -> list:
        return [self[key] for key in self._raw]

    def items(self) -> list:
        return [(key, self[key]) for key in self._raw]

    def __eq__(self, other) -> bool:
        if not isinstance(other, (dict, Decoded)):
            return NotImplemented
        return len(self) == len(other) and all(key in other and self[key] == other[key]
                                               for key in self._raw)

    def __reduce__(self):  # pickled as the plain dict it stands for
        return dict, (dict(self.items()),)


def _section(raw: bytes, editions: dict) -> Section:
    lang, _key, number, title, edition, src, file, line, rules = marshal.loads(raw)
    built = tuple([
        _make(Rule, (_make(RuleNumber, n), text,
                    tuple([_make(Paragraph, (t, l, _numbers(cs))) for t, l, cs in ex]),
                    _maybe(since), tuple([_make(Wording, (_day(s), t, l)) for s, t, l in earlier]),
                    rfile, rline, _numbers(cites), _maybe(base)))
        for n, text, ex, since, earlier, rfile, rline, cites, base in rules])
    source = _make(Source, (src[0], src[1], src[2], _maybe(src[3]), src[4], src[5]))
    return _make(Section, (_make(RuleNumber, number), title, lang, editions[_day(edition)], source,
                          built, file, line))


def _lag(raw: bytes) -> Lag:
    base, current, changes, since, number, old, new = marshal.loads(raw)
    return _make(Lag, (_day(base), _day(current), changes, _maybe(since), number, old, new))
