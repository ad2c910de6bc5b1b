"""The Whoosh search engine: an open index, queries in one language or all, hits with snippets."""

from __future__ import annotations

import os
import warnings

from .. import cache
from ..i18n import _
from ..model import RuleBook
from .documents import Document, documents_from_book, fingerprint
from .glossary import Glossary
from .hits import Hit, Hits
from .index import SCHEMA_VERSION, IndexRebuilt, OpenIndex, forget, open_index, quietly
from .parsing import ParsedQuery
from .query import Any, Built, build, fuzzy
from .snippets import snippet

import whoosh  # noqa: E402  (loaded by .analysis)
from whoosh import query as Q, scoring  # noqa: E402


RERANK = 20  # candidates re-ranked by how many of the query's words they hold
COVERAGE_FLOOR = 0.2  # the score share of a candidate holding none of them (phrases, fuzz)


def index_dir() -> str:
    """Where indexes live: the user's cache (TOLARIA_CACHE or XDG), under index/."""
    return os.path.join(cache.cache_dir(), "index")


class WhooshEngine:
    """Full-text search over an index of Documents (the rulebook's, or any other's)."""

    def __init__(self, opened: OpenIndex, glossary: Glossary, reopen=None):
        self.opened = opened
        self.info = opened.info
        self.glossary = glossary
        self._reopen = reopen  # rebuilds the index when it turns out broken while searching
        self._searcher = None

    @classmethod
    def for_book(cls, book: RuleBook, rebuild: bool = False, base: str | None = None):
        base = base or index_dir()
        docs_cache: list[list[Document]] = []

        def docs() -> list[Document]:
            if not docs_cache:
                docs_cache.append(documents_from_book(book))
            return docs_cache[0]

        key = fingerprint(docs(), str(SCHEMA_VERSION), whoosh.versionstring())
        name = "rules-" + cache.short(os.path.realpath(str(book.root)))

        def reopen(force: bool) -> OpenIndex:
            return open_index(base, name, docs, key, rebuild=force)

        return cls(reopen(rebuild), Glossary(book.glossary), reopen)

    def searcher(self):
        if self._searcher is None:
            self._searcher = self.opened.index.searcher(weighting=scoring.BM25F())
        return self._searcher

    def close(self) -> None:
        if self._searcher is not None:
            self._searcher.close()
            self._searcher = None

    def search(self, parsed: ParsedQuery, langs: list[str], limit: int = 10) -> list[Hit]:
        problem = None
        with quietly():
            try:
                return self._search(parsed, langs, limit)
            except Exception as exc:  # noqa: BLE001 - a damaged index: rebuild once and retry
                if self._reopen is None:
                    raise
                problem = type(exc).__name__
                try:
                    self.close()
                except Exception:  # noqa: BLE001 - closing a broken searcher may fail too
                    self._searcher = None
                forget(exc)
        warnings.warn(_("the search index at {path} failed while searching ({error}); "
                        "rebuilding it").format(path=self.info.path, error=problem),
                      IndexRebuilt, stacklevel=2)
        self.opened = self._reopen(True)
        self.info = self.opened.info
        return self._search(parsed, langs, limit)

    def _search(self, parsed: ParsedQuery, langs: list[str], limit: int) -> list[Hit]:
        matches = self.glossary.find(tuple(w.lower() for w in parsed.words))
        for attempt in ("strict", "loose", "fuzzy"):
            if attempt == "loose" and not parsed.phrases:
                continue  # without quoted phrases, loose is strict
            built = {}
            for lang in langs:
                if attempt == "fuzzy":
                    made = fuzzy(lang, parsed)
                else:
                    made = build(lang, parsed, matches, strict=attempt == "strict")
                if made is not None:
                    built[lang] = made
            hits = self._run(built, limit) if built else []
            if hits:
                fallback = None if attempt == "strict" else attempt
                return Hits(hits, fallback, bool(fallback and parsed.phrases))
        return Hits([], None, bool(parsed.phrases))

    def _run(self, built: dict[str, Built], limit: int) -> list[Hit]:
        searcher = self.searcher()
        combined = Any([b.query for b in built.values()]) if len(built) > 1 else \
            next(iter(built.values())).query
        extra = {}
        for lang, made in built.items():  # fuzzy matches: mark the words they found
            if isinstance(made.query, Q.Or) and any(isinstance(c, Q.FuzzyTerm)
                                                    for c in made.query.subqueries):
                found = set(made.keys)
                for child in made.query.subqueries:
                    for _, text in child.expanded_terms(searcher.reader()):
                        text = text.decode() if isinstance(text, bytes) else text
                        found.add("=" + text)
                extra[lang] = frozenset(found)
        results = searcher.search(combined, limit=max(limit, RERANK))
        ranked = []
        for order, result in enumerate(results):
            words = built[result["lang"]].words
            score = result.score
            if len(words) > 1:  # favour rules that hold more of the query's words
                held = set(result["keys"].split())
                share = sum(1 for w in words if w & held) / len(words)
                score *= COVERAGE_FLOOR + (1 - COVERAGE_FLOOR) * share ** 2
            ranked.append((-score, order, result))
        ranked.sort(key=lambda item: item[:2])
        hits = []
        for negative, _, result in ranked[:limit]:
            lang = result["lang"]
            wanted = extra.get(lang) or built[lang].keys
            text, marks = snippet(lang, result["show"], wanted)
            hits.append(Hit(result["number"], lang, result["title"], text, -negative, marks))
        return hits
