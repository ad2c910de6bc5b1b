"""The search data (export.search_data) as each language's site stores it: what a search in
that language reads (for_language), its postings as deltas (deltas), as JSON (dumps); the
site stores it split by term (shards.split).

A language's site holds its own postings and documents, and of the other languages only
which words their index holds (a typo correction never touches a word any language knows).
A Spanish or Italian search also loads the English site's file (a query bridged to the whole
CR in English), which the browser then holds once for every language.
"""

from __future__ import annotations

import json

from .export import FORMAT, POSITIONS


def for_language(data: dict, lang: str) -> dict:
    """What a search in lang reads of data, in lang's own file: lang's postings and
    documents; of the other languages only which words their index holds (the CLI's typo
    correction never corrects a word any language knows) and their glossary names; lang's
    numbers and best bets (topics.py), and English best bets (a Spanish or Italian
    query is also read in English). Spanish and Italian also read the English site's file
    (`with_english`): a query bridged to English (the `english` and `english_words` word
    lists) is ranked on the English index, all of its words, as the CLI ranks it; the
    browser joins the two files (tolaria-search.js: merge), so that the English index is
    stored and loaded once."""
    docs = {i for i, d in enumerate(data["documents"]) if d[1] == lang}
    fields = {}
    for field, entry in data["fields"].items():
        kind, _, of = field.rpartition("_")
        if not kind:  # "lang", "number", "origin": lang's documents only
            terms = {t: _only(p, docs, entry["positions"])
                     for t, p in entry["terms"].items() if field != "lang" or t == lang}
            fields[field] = {**entry, "terms": {t: p for t, p in terms.items() if p}}
        elif of == lang:
            fields[field] = entry
        elif kind in POSITIONS:
            fields[field] = {"scorable": entry["scorable"], "positions": False,
                             "terms": {t: [] for t in entry["terms"]}}
    return {**data, "fields": fields, "with_english": lang != "en",
            "documents": [d if i in docs else None for i, d in enumerate(data["documents"])],
            "numbers": {k: v for k, v in data["numbers"].items() if k in ("titles", "all", lang)},
            "topics": {k: data["topics"][k] for k in dict.fromkeys((lang, "en"))},
            **_word_tables(data, lang)}


# the word lists' tables (synonyms.table) exported per language
TABLES = ("synonyms", "english", "english_words")


def _word_tables(data: dict, lang: str) -> dict:
    """The word lists' tables a search in lang reads: lang's, and English synonyms (a
    Spanish or Italian query is also read in English: search._with_english); of every other
    language only the keys they hold (`known`: synonyms.known_keys, which a typo correction
    asks of every language), its tables left empty."""
    def kept(kind, other):
        return other == lang or (kind == "synonyms" and other == "en")

    out: dict = {kind: {other: table if kept(kind, other) else []
                        for other, table in data[kind].items()} for kind in TABLES}
    out["known"] = {other: keys for other, keys in data["known"].items()
                    if not all(kept(kind, other) or not data[kind].get(other)
                               for kind in TABLES)}
    return out


def _only(postings: list, docs: set, positional: bool) -> list:
    out, i = [], 0
    while i < len(postings):
        size = 2 + (postings[i + 1] if positional else 0)
        if postings[i] in docs:
            out.extend(postings[i:i + size])
        i += size
    return out


def deltas(postings: list, positional: bool) -> list:
    """A term's postings with each document number (and position) as the difference from
    the one before."""
    out, i, last = [], 0, 0
    while i < len(postings):
        out.append(postings[i] - last)
        last = postings[i]
        if positional:
            count = postings[i + 1]
            positions = postings[i + 2:i + 2 + count]
            out.append(count)
            out.extend(b - a for a, b in zip([0] + positions, positions))
            i += 2 + count
        else:
            out.append(postings[i + 1])
            i += 2
    return out


def dumps(data: dict | list) -> str:
    """The data as compact JSON."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


__all__ = ["for_language", "deltas", "dumps"]
