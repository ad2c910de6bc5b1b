"""The Whoosh index on disk: schema, build, open, and rebuild when stale or broken.

Layout, under `cache.cache_dir()/index/` (or any folder given):

    <name>.current        the folder of the index in use (replaced atomically)
    <name>-<random>/      a complete index, with meta.json (schema, fingerprint, documents)

A build writes a new folder beside the old one and then points `<name>.current` at it with
one os.replace, so processes still searching the old folder keep working; folders no
pointer names are removed once they are an hour old. An index of another fingerprint (the
rulebook changed) is rebuilt silently; one that cannot be read, or of an older schema, is
rebuilt with a one-line warning.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
import warnings
from typing import NamedTuple

from .analysis import LANGS, analyzer, word_keys
from .documents import Document

from whoosh import index as whoosh_index  # noqa: E402  (loaded by .analysis)
from whoosh.fields import ID, STORED, TEXT, Schema  # noqa: E402

SCHEMA_VERSION = 6
STALE_SECONDS = 3600
TEXT_FIELDS = ("name", "stem")  # stemmed, per language


class IndexRebuilt(UserWarning):
    """The index on disk could not be used as it was and has been rebuilt."""


class IndexInfo(NamedTuple):
    path: str
    documents: int
    fingerprint: str
    built: bool  # False when an up-to-date index was found
    seconds: float
    languages: tuple[str, ...]


def schema() -> Schema:
    fields = {"key": ID(unique=True, stored=True), "number": ID(stored=True),
              "lang": ID(stored=True), "title": STORED(), "show": STORED(), "depth": STORED(),
              "keys": STORED()}
    for lang in LANGS:
        for name in TEXT_FIELDS:
            fields[f"{name}_{lang}"] = TEXT(analyzer=analyzer(lang, "stem"), phrase=True)
        fields[f"exact_{lang}"] = TEXT(analyzer=analyzer(lang, "exact"), phrase=True)
    return Schema(**fields)


def _fields(doc: Document) -> dict:
    lang = doc.lang
    show = doc.heading if doc.depth == 0 else "\n".join(p for p in (doc.text, doc.examples) if p)
    out = {"key": doc.key, "number": doc.number, "lang": lang, "title": doc.title,
           "show": show, "depth": doc.depth,
           f"exact_{lang}": "\n".join(p for p in (doc.heading, doc.text, doc.examples) if p)}
    names = "\n".join(p for p in (doc.heading, doc.terms) if p)
    out["keys"] = word_keys(lang, "\n".join((names, doc.text, doc.examples)))
    text = "\n".join(p for p in (doc.text, doc.examples, doc.gloss) if p)
    for name, value in (("name", names), ("stem", text)):
        if value:
            out[f"{name}_{lang}"] = value
    return out


def write_index(folder: str, docs: list[Document], fingerprint: str, procs: int = 1) -> int:
    """Write a complete index of docs into the empty folder; the number of documents."""
    ix = whoosh_index.create_in(folder, schema())
    writer = ix.writer(limitmb=256, procs=procs, multisegment=procs > 1)
    count = 0
    try:
        for doc in docs:
            writer.add_document(**_fields(doc))
            count += 1
    except BaseException:
        writer.cancel()
        raise
    writer.commit()
    langs = sorted({d.lang for d in docs})
    with open(os.path.join(folder, "meta.json"), "w", encoding="utf-8") as out:
        json.dump({"schema": SCHEMA_VERSION, "fingerprint": fingerprint, "documents": count,
                   "languages": langs}, out)
    return count


class OpenIndex(NamedTuple):
    index: object  # whoosh.index.Index
    info: IndexInfo


def open_index(base: str, name: str, docs_factory, fingerprint: str,
               rebuild: bool = False) -> OpenIndex:
    """The index called name under base, built (or rebuilt) from docs_factory() if needed."""
    start = time.perf_counter()
    pointer = os.path.join(base, f"{name}.current")
    if not rebuild:
        reason, opened = _try_open(base, pointer, fingerprint)
        if opened is not None:
            return opened
        if reason:
            warnings.warn(reason, IndexRebuilt, stacklevel=2)
    docs = docs_factory()
    folder = _build(base, name, docs, fingerprint)
    _point(pointer, folder)
    _remove_stale(base)
    ix = whoosh_index.open_dir(os.path.join(base, folder), readonly=True)
    langs = tuple(sorted({d.lang for d in docs}))
    return OpenIndex(ix, IndexInfo(os.path.join(base, folder), len(docs), fingerprint, True,
                                   time.perf_counter() - start, langs))


def _try_open(base: str, pointer: str, fingerprint: str):
    """(warning or None, OpenIndex or None): the current index, if usable as it is."""
    try:
        with open(pointer, encoding="utf-8") as stream:
            folder = stream.read().strip()
    except OSError:
        return None, None
    path = os.path.join(base, folder)
    try:
        with open(os.path.join(path, "meta.json"), encoding="utf-8") as stream:
            meta = json.load(stream)
        if not isinstance(meta, dict):
            raise ValueError("meta.json is not an object")
    except (OSError, ValueError) as exc:
        return _broken(path, exc), None
    if meta.get("schema") != SCHEMA_VERSION:
        return (f"the search index at {path} has an older schema "
                f"({meta.get('schema')}, now {SCHEMA_VERSION}); rebuilding it"), None
    if meta.get("fingerprint") != fingerprint:
        return None, None  # the rulebook changed: rebuild without a word
    try:
        ix = whoosh_index.open_dir(path, readonly=True)
        if ix.doc_count() != meta.get("documents"):
            raise ValueError("document count differs from meta.json")
        check(ix)
    except Exception as exc:  # noqa: BLE001 - any failure to read means a broken index
        return _broken(path, exc), None
    info = IndexInfo(path, meta["documents"], fingerprint, False, 0.0,
                     tuple(meta.get("languages", ())))
    return None, OpenIndex(ix, info)


def check(ix) -> None:
    """Read every segment's term index once: raises on most kinds of damage."""
    with ix.searcher() as searcher:
        reader = searcher.reader()
        for field in ("lang", "number"):
            for _ in reader.lexicon(field):
                pass


def _broken(path: str, exc: Exception) -> str:
    detail = str(exc).splitlines()[0][:80] if str(exc) else type(exc).__name__
    return f"the search index at {path} is unreadable ({detail}); rebuilding it"


def _build(base: str, name: str, docs: list[Document], fingerprint: str) -> str:
    os.makedirs(base, exist_ok=True)
    folder = tempfile.mkdtemp(prefix=f"{name}-", dir=base)
    try:
        write_index(folder, docs, fingerprint)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return os.path.basename(folder)


def _point(pointer: str, folder: str) -> None:
    tmp = f"{pointer}.{os.getpid()}.tmp"
    with open(tmp, "w", encoding="utf-8") as out:
        out.write(folder + "\n")
    os.replace(tmp, pointer)


def _remove_stale(base: str) -> None:
    """Remove index folders that no pointer names and that are over an hour old."""
    try:
        entries = os.listdir(base)
    except OSError:
        return
    current = set()
    for entry in entries:
        if entry.endswith(".current"):
            try:
                with open(os.path.join(base, entry), encoding="utf-8") as stream:
                    current.add(stream.read().strip())
            except OSError:
                pass
    now = time.time()
    for entry in entries:
        path = os.path.join(base, entry)
        if entry in current or not os.path.isdir(path):
            continue
        try:
            if now - os.path.getmtime(path) > STALE_SECONDS:
                shutil.rmtree(path, ignore_errors=True)
        except OSError:
            pass
