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

SCHEMA = 4


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
        sections.append((lang, number, _n(s.number), s.title, _d(s.edition.effective),
                         (src.kind, src.name, src.file, _d(src.claims), src.claims_text,
                          src.translated_from), s.file, s.line, rules))
    editions = [(_d(e.effective), e.set_names, e.file) for e in book.editions.values()]
    glossary = [(t.id, [_n(n) for n in t.rules], t.obsolete, t.note, t.line,
                 {lang: (n.name, n.definition, list(n.variants), n.source,
                         list(n.obsolete_names)) for lang, n in t.names.items()})
                for t in book.glossary]
    today = [(t.key, t.number, t.text, list(t.examples), _d(t.edition),
              [(a.number, _d(a.first), _d(a.last)) for a in t.aliases], list(t.moved_to))
             for t in (book.today or {}).values()]
    lags = [(lang, key, _d(g.base), _d(g.current), g.changes, _d(g.since), g.base_number,
             g.base_text, g.current_text) for (lang, key), g in (book.lags or {}).items()]
    return marshal.dumps((SCHEMA, key, book.root, list(book.files), editions, glossary,
                          sections, today, _d(book.current), lags))


def loads(data: bytes, key: str) -> RuleBook:
    """The rulebook of a snapshot made for key; ValueError when it was made for another."""
    (schema, made_for, root, files, editions_raw, glossary_raw, sections_raw, today_raw,
     current, lags_raw) = marshal.loads(data)
    if schema != SCHEMA or made_for != key:
        raise ValueError("a snapshot of other files")
    day = date.fromordinal
    editions = {day(e): Edition(day(e), names, file) for e, names, file in editions_raw}
    glossary = tuple(
        Term(term_id, {lang: TermName(n[0], n[1], tuple(n[2]), n[3], tuple(n[4]))
                       for lang, n in names.items()},
             tuple(RuleNumber(*n) for n in rules), obsolete, note, line)
        for term_id, rules, obsolete, note, line, names in glossary_raw)
    sections = {}
    for lang, key, number, title, edition, src, file, line, rules in sections_raw:
        source = Source(src[0], src[1], src[2], day(src[3]) if src[3] else None, src[4], src[5])
        built = tuple(
            Rule(RuleNumber(*n), text,
                 tuple(Paragraph(t, l, tuple(RuleNumber(*c) for c in cs)) for t, l, cs in ex),
                 day(since) if since else None,
                 tuple(Wording(day(s), t, l) for s, t, l in earlier), rfile, rline,
                 tuple(RuleNumber(*c) for c in cites), day(base) if base else None)
            for n, text, ex, since, earlier, rfile, rline, cites, base in rules)
        sections[(lang, key)] = Section(RuleNumber(*number), title, lang, editions[day(edition)],
                                        source, built, file, line)
    maybe = lambda value: day(value) if value else None  # noqa: E731
    today = {k: Today(k, number, text, tuple(examples), day(edition),
                      tuple(Alias(a, day(f), day(l)) for a, f, l in aliases), tuple(moved))
             for k, number, text, examples, edition, aliases, moved in today_raw}
    lags = {(lang, k): Lag(day(base), day(cur), changes, maybe(since), number, old, new)
            for lang, k, base, cur, changes, since, number, old, new in lags_raw}
    return RuleBook(sections, editions, glossary, root, tuple(files), today or None,
                    maybe(current), lags or None)
