"""The site's search data split by term, as Pagefind splits its index: a small core per
language (the analysis, word lists, glossary, numbers and best bets: what a query's planning
reads), the index's statistics (documents, field lengths, the typo vocabulary with each
word's document frequency) and the postings in shards keyed by the indexed term, which the
browser fetches for a query's terms only (docs/search.md, "The site's search is the CLI's").

A term's shard is shard_of(term, count): FNV-1a (32 bits) over the term's code points,
modulo the language's shard count, which the build chooses so that a shard holds about
SHARD_BYTES of JSON (one shard for postings of at most WHOLE_BYTES). The browser
(tolaria-search.js: shardOf) computes the same.

The shards are also written PACK_SHARDS at a time: pack K (packs/K.json) is the JSON list
of the texts of shards K x PACK_SHARDS onwards, in order. A search fetches the shards it
reads one by one (a first search fetches little); the read-ahead of the rest, and the
offline copy, fetch packs (a few dozen files rather than hundreds).
"""

from __future__ import annotations

import json
import math

from .export import documents_in
from .payload import deltas

SHARD_BYTES = 8000  # about what a shard holds, as JSON (some 2.5 kB gzipped)
WHOLE_BYTES = 160_000  # postings this small are one shard (some 50 kB gzipped)
PACK_SHARDS = 16  # shards per pack (some 40 kB gzipped)
KEYS = "keys"  # the field of each document's stem keys (coverage), inverted: key -> documents
# The fields whose postings the index's documents hold: each document's term is the value at
# a column of its entry (origin: 1 for the whole CR, see export._documents), weight 1. The
# browser reads them off the documents, so their terms need no shard:
# {field: (column, the terms by value, or None for the value itself)}.
HELD = {"number": (0, None), "lang": (1, None), "origin": (4, ("book", "cr"))}


def shard_of(text: str, count: int) -> int:
    """The shard of an indexed term (or a rule's number), of count shards.

    >>> shard_of("phase", 1), shard_of("phase", 256)
    (0, 248)
    """
    value = 0x811C9DC5
    for char in text:
        value = ((value ^ ord(char)) * 0x01000193) & 0xFFFFFFFF
    return value % count


def pack_members(k: int) -> range:
    """The numbers of the shards pack k holds (those of them that exist), in its order."""
    return range(k * PACK_SHARDS, (k + 1) * PACK_SHARDS)


def packs(texts: list[str]) -> list[list[str]]:
    """The shards' texts (shard n's at n), PACK_SHARDS to a pack."""
    return [[texts[n] for n in pack_members(k) if n < len(texts)]
            for k in range(math.ceil(len(texts) / PACK_SHARDS))]


def shard_count(size: int) -> int:
    """How many shards hold size bytes of JSON, SHARD_BYTES each; one when size is at most
    WHOLE_BYTES (a first search then fetches one file of them, not most of them)."""
    return 1 if size <= WHOLE_BYTES else math.ceil(size / SHARD_BYTES)


def _size(value) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")))


def _read_off(documents: list, column: int, values) -> dict[str, list]:
    """The postings a field of HELD would have if the documents' entries were its source:
    {term: [document, 1, ...]}."""
    out: dict[str, list] = {}
    for number, doc in enumerate(documents):
        if doc is not None:
            term = values[doc[column]] if values else doc[column]
            out.setdefault(term, []).extend((number, 1))
    return out


def split(site: dict, lang: str) -> tuple[dict, dict, list[dict]]:
    """(core, index, shards) of a language's search data (payload.for_language's).

    core: everything but the documents and the fields. index: the documents (without their
    stem keys), each field's statistics without its terms, the typo vocabulary of lang's
    exact field ({word: document frequency}) and the shard count. shards: per shard,
    {field: {term: postings as payload.compact stores them}}, the documents' stem keys as
    the field "keys_LANG" ({key: [document, as the difference from the one before]}).
    A field of HELD whose postings are exactly what the documents hold is in no shard: its
    statistics name the column of the documents' entries that holds each one's term
    ("column"; "values" when the column holds the term's place in that list).
    A Spanish or Italian site holds no English field: the browser reads those of the English
    site's index and shards (tolaria-search.js: the English source)."""
    held: dict[str, list[int]] = {}
    documents = []
    for number, doc in enumerate(site["documents"]):
        if doc is None:
            documents.append(None)
            continue
        for key in doc[3].split():
            held.setdefault(key, []).append(number)
        documents.append(doc[:3] + doc[4:])
    terms: dict[str, dict[str, list]] = {}
    meta: dict[str, dict] = {}
    for field, entry in site["fields"].items():
        if lang != "en" and field.endswith("_en"):
            continue
        meta[field] = {k: v for k, v in entry.items() if k != "terms"}
        if field in HELD and entry["terms"] == _read_off(documents, *HELD[field]):
            meta[field]["column"], values = HELD[field]
            if values:
                meta[field]["values"] = list(values)
            continue
        terms[field] = {t: deltas(p, entry["positions"]) for t, p in entry["terms"].items()}
    field = f"{KEYS}_{lang}"
    meta[field] = {"scorable": False, "positions": False, "keys": True}
    terms[field] = {k: [b - a for a, b in zip([0] + docs, docs)] for k, docs in held.items()}
    count = shard_count(_size(terms))
    shards: list[dict] = [{} for _ in range(count)]
    for name, found in terms.items():
        for text, postings in found.items():
            shards[shard_of(text, count)].setdefault(name, {})[text] = postings
    exact = site["fields"].get(f"exact_{lang}", {"terms": {}})
    vocabulary = {t: documents_in(p, True) for t, p in exact["terms"].items()}
    index = {"lang": lang, "shards": count, "pack": PACK_SHARDS, "documents": documents,
             "fields": meta, "vocabulary": {lang: vocabulary}}
    core = {k: v for k, v in site.items() if k not in ("documents", "fields")}
    return core, index, shards


def row_group(number: str) -> str:
    """What puts a row in its shard: its rule's number without the subrule's letters, so
    that the subrules of a rule, which a search often finds together, are in one file.

    >>> row_group("702.26b"), row_group("702.26"), row_group("514")
    ('702.26', '702.26', '514')
    """
    return number.rstrip("abcdefghijklmnopqrstuvwxyz")


def split_rows(rows: dict) -> list[dict]:
    """The search box's rows (site.rows.rows_data) in shards by their rule's number
    (shard_of(row_group(number))), each with the labels."""
    count = shard_count(_size(rows))
    shards: list[dict] = [{"labels": rows["labels"], "own": {}, "whole": {}}
                          for _ in range(count)]
    for kind in ("own", "whole"):
        for number, row in rows[kind].items():
            shards[shard_of(row_group(number), count)][kind][number] = row
    return shards


__all__ = ["split", "split_rows", "row_group", "shard_of", "shard_count", "packs", "pack_members",
           "SHARD_BYTES", "WHOLE_BYTES", "PACK_SHARDS"]
