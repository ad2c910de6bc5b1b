"""The Whoosh search engine: an open index, queries in one language or all, hits with snippets.

A query runs in three steps. Words the index does not know in any language (and that name
no glossary term, nor are filler or a synonym table's words) are first corrected to the
closest indexed word (spelling.py); words it knows are never touched. The words then go to
query.py's query for each language; a quoted phrase that matches nowhere is retried loose.
Last, the best RERANK candidates are re-ranked: by how much of the query's words they hold
(each word weighed by how rare it is in the language: missing "concede" costs more than
missing "turn"), by whether they sit under the rule that defines a term the query names, or
in its topic (ABOUT_BONUS), and whether their section's title holds the query's words
(SECTION_BONUS); and, for several languages, each language's scores are put on one scale and
weighted by how much of the query is in that language (the query's own language first; on a
tie, the interface's).

Speed. Unless the index is huge (SKIPPING_ABOVE), the query is made one flat sum (or an And
of such sums: a filter, a quoted phrase) scored into one array (query.flat, postings.top),
each term's and phrase's scored postings read once and kept (postings.py), rather than
Whoosh's collector asking every matching document: the same scores as Whoosh's own way,
several times faster. What an open engine learns (terms
held, word weights, documents' stored fields, typo corrections) is pure for its index and
kept until it closes (kept postings at most postings.MAX_POSTINGS). An index over
SKIPPING_ABOVE documents goes Whoosh's own way, with its block-quality skipping.
"""

from __future__ import annotations

import math
import os
import warnings
import weakref

from .. import cache
from ..i18n import _, current_language
from ..model import RuleBook
from ..numbering import RuleNumber
from . import spelling, wordlists, synonyms
from .analysis import LANGS, WORD, fold, keys
from .documents import (documents_from_book, fingerprint, official_terms, source_files,
                        term_key)
from .filler import is_filler
from .glossary import Glossary
from .hits import Hit, Hits, found_hit
from .index import (SCHEMA_VERSION, IndexRebuilt, OpenIndex, analysis_fingerprint,
                    damage_text, forget, open_folder, open_index, quietly)
from .kept import kept
from .parsing import ParsedQuery
from .postings import PostingsCache, top as best_documents
from .protocol import SearchEngine
from .query import Any, Built, build, flat, meaningful_positions
from .snippets import snippet
from .weighting import PerLanguage

import whoosh  # noqa: E402  (loaded by .analysis)
from whoosh import query as Q  # noqa: E402


RERANK = 60  # candidates re-ranked by how many of the query's words they hold
COVERAGE_FLOOR = 0.2  # the score share of a candidate holding none of them (phrases)
COVERAGE_POWER = 2  # how steeply the score falls with the share of the query's words held
ABOUT_BONUS = 2.0  # x (1 + this x share of the query a name covers): under the rule defining
#                   it (or, when it is not what the query asks, in its topic: query.topic)
COVERED = 2.0  # x for a covered rule (translated, checked) over a rule of the whole CR in
#              English only: among rules that say the same, the reference's own come first
SECTION_BONUS = 0.6  # x (1 + this x share of the query's words in the section's title)
OTHER_LANGUAGE = 0.5  # --lang all: the weight of a language none of the query's words are in
MAX_TERM_WORDS = 6  # no official glossary term's name is longer (the whole CR is read when
#                    a query is this short)
BRIDGED_FIRST = 0.5  # a Spanish or Italian query bridged to English rules (english.yaml) for at
#                     least this share of its words lists those English rules first, unless
#                     it names a term of the glossary (a covered topic)
RUNNER_UP = 0.9  # --lang all: the most any language but the query's own may weigh
# documents from which Whoosh's own way (a matcher tree, skipping blocks that cannot rank) is
# taken: below, one array of scores and kept postings are faster (measured up to all ~60
# official editions, 163k documents: p50 57 ms and p99 213 ms against 150 and 1316)
SKIPPING_ABOVE = 1_000_000


def word_weight(total: int, frequency: int) -> float:
    """How telling a word held by frequency of a language's total documents is (its
    inverse document frequency); 0 for a word no document of the language holds."""
    return math.log(1 + (total - frequency + 0.5) / (frequency + 0.5)) if frequency else 0.0


def index_dir() -> str:
    """Where indexes live: the user's cache (TOLARIA_CACHE or XDG), under index/."""
    return os.path.join(cache.cache_dir(), "index")


class WhooshEngine(SearchEngine):
    """Full-text search over an index of Documents (the rulebook's, or any other's)."""

    def __init__(self, opened: OpenIndex, glossary: Glossary, reopen=None, official=None):
        self.opened = opened
        # documents.official_terms (names -> rules), or a function making it on first use
        self._official = official if official is not None else {}
        self.info = opened.info
        self.glossary = glossary
        self._reopen = reopen  # rebuilds the index when it turns out broken while searching
        self._searcher = None
        self._whole = None  # whole_searcher's
        # the open searcher (it holds the index's file open): closed by close(), else when
        # the engine is dropped or the process ends
        self._open: list = []
        weakref.finalize(self, _close_all, self._open)
        self._vocabularies: dict[tuple[str, bool], spelling.Vocabulary] = {}
        self._titles: dict[tuple[str, str], frozenset[str]] = {}
        self._weights: dict[tuple[str, frozenset[str]], float] = {}
        self._held: dict[tuple[str, str], bool] = {}  # (field, text) -> in the index
        self._documents: dict[int, dict] = {}  # docnum -> stored fields
        self._postings = PostingsCache()  # terms' scored postings
        self._corrected: dict[tuple, str | None] = {}  # typo corrections made
        self._lang_documents: dict[str, int] = {}

    @classmethod
    def for_book(cls, book: RuleBook, rebuild: bool = False, base: str | None = None):
        base = base or index_dir()
        wordlists.check()  # broken word lists: their DataErrors now, not as a damaged index
        made: list = []

        def docs() -> list:
            if not made:
                made.extend(documents_from_book(book))
            return made

        # the index's key: the files the documents come from (names, sizes, times: cheap on
        # every start), else (a rulebook of no folder) the documents' own digest
        sources = source_files(book)
        key = fingerprint(() if sources else docs(), sources or "", str(SCHEMA_VERSION),
                          whoosh.versionstring(), analysis_fingerprint())
        name = "rules-" + cache.short(os.path.realpath(str(book.root)))

        def reopen(force: bool) -> OpenIndex:
            return open_index(base, name, docs, key, rebuild=force)

        return cls(reopen(rebuild), Glossary(book.glossary, analysis_fingerprint()), reopen,
                   lambda: kept("official", lambda: official_terms(book) or None,
                                lambda names: {k: list(v) for k, v in names.items()},
                                lambda names: {k: tuple(v) for k, v in names.items()},
                                version=cache.short(key) + "-"))

    @property
    def official(self) -> dict[str, tuple[str, ...]]:
        if callable(self._official):
            self._official = self._official() or {}  # none: no whole CR (nothing was kept)
        return self._official

    def searcher(self):
        if self._searcher is None:
            self._searcher = self._searcher_of(self.opened.index)
        return self._searcher

    def whole_searcher(self):
        """A searcher of the same index that reads it whole (open_folder's whole), for
        reading every term's postings; the engine's own searcher when the index is in
        memory."""
        if not self.info.saved:
            return self.searcher()
        if self._whole is None:
            self._whole = self._searcher_of(open_folder(self.info.path, whole=True))
        return self._whole

    def _searcher_of(self, ix):
        weighting = PerLanguage({})
        searcher = ix.searcher(weighting=weighting)
        self._open.append(searcher)
        reader = searcher.reader()  # each language's documents, before any scoring
        weighting.counts.update((lang, reader.doc_frequency("lang", lang)) for lang in LANGS)
        return searcher

    def close(self) -> None:
        self._searcher = self._whole = None
        _close_all(self._open)
        self._vocabularies.clear()
        self._weights.clear()
        self._lang_documents.clear()
        self._held.clear()
        self._documents.clear()
        self._postings.clear()
        self._corrected.clear()

    def search(self, parsed: ParsedQuery, langs: list[str], limit: int = 10,
               correct: bool = True) -> list[Hit]:
        problem = None
        with quietly():
            try:
                return self._search(parsed, langs, limit, correct)
            except Exception as exc:  # noqa: BLE001 - a damaged index: rebuild once and retry
                if self._reopen is None:
                    raise
                problem = damage_text(exc)
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
        return self._search(parsed, langs, limit, correct)

    def _search(self, parsed: ParsedQuery, langs: list[str], limit: int, correct: bool = True
                ) -> list[Hit]:
        words = [w.lower() for w in parsed.words]
        matches = self.glossary.find(tuple(words))
        corrections = self._corrections(words, langs, matches) if correct else []
        if corrections:
            parsed = _corrected(parsed, dict(corrections))
            words = [w.lower() for w in parsed.words]
            matches = self.glossary.find(tuple(words))
        if len(langs) == 1:
            matches = self._own_names(matches, words, langs[0])
        weights = self._language_weights(words, langs, matches) if len(langs) > 1 else None
        typo = "fuzzy" if corrections else None
        # the query is an official glossary term's name (a few words): its rules, in English
        defines = self.official.get(term_key(" ".join(words)), ()) \
            if "en" in langs and len(words) <= MAX_TERM_WORDS else ()
        english, share, alone = self._english(words, langs)
        bridged = self._bridged(english, limit) if not alone else []
        for attempt in ("strict", "loose"):
            if attempt == "loose" and not parsed.phrases:
                continue  # without quoted phrases, loose is strict
            built = {}
            for lang in langs:
                made = build(lang, parsed, matches, strict=attempt == "strict",
                             present=self._present, weigh=self._weight, defines=defines)
                if made is not None:
                    built[lang] = made
            hits = self._run(built, limit, weights) if built else []
            if alone and len(hits) < limit:  # game words only: the English rules fill up
                bridged = self._bridged(english, limit)[:limit - len(hits)]
            if hits or bridged:
                loose = attempt == "loose"
                # game words only: the covered rules, then the English ones (search's
                # word-by-word English reading brings its first one up: _with_english)
                if alone:
                    hits = hits + bridged
                # English rules first when the bridged words are most of the query, unless
                # it names a covered topic ("Protezione di Teferi ... fuori fase"); by turns,
                # English first, when they are fewer ("persistere ... muore due volte"): a
                # word of english.yaml names a topic the covered sections do not have
                elif share >= BRIDGED_FIRST and not matches:
                    hits = bridged + hits
                elif not matches:
                    hits = alternate(bridged, hits)
                else:
                    hits = hits + bridged
                return Hits(hits[:limit], typo or ("loose" if loose else None), loose,
                            corrections, parsed.text)
        return Hits([], None, bool(parsed.phrases), corrections, parsed.text,
                    self._unknown(words, langs))

    def _english(self, words: list[str], langs: list[str]) -> tuple[Built | None, float, bool]:
        """The query of the rules of the whole CR in English (English only) for the words of
        a Spanish or Italian query that the `english` word list bridges ("arrollar" ->
        trample), ranked with the English of its other words too (`english_words`; these
        alone when they are all its meaningful words), the share of the query's meaningful
        words those cover, and whether `english_words` alone bridged; none when English is
        searched anyway. _bridged runs it (only when needed: it costs an English search)."""
        if "en" in langs:
            return None, 0.0, False
        # the game words alone bridge when they are every word that counts ("equipaggiare
        # turno avversario": equip, turn, opponent)
        meaningful = {lang: meaningful_positions(lang, words) for lang in langs}
        english, lang, covered, alone = synonyms.to_english(
            langs, words, lambda lang, taken: meaningful[lang] <= taken)
        if not english:
            return None, 0.0, False
        share = len(covered & meaningful[lang]) / max(1, len(meaningful[lang]))
        text = " ".join(english)
        made = build("en", ParsedQuery(text, english, ()), [], present=self._present,
                     weigh=self._weight, defines=self.official.get(term_key(text), ()))
        if made is None:
            return None, 0.0, False
        return made._replace(query=Q.And([Q.Term("origin", "cr"), made.query])), share, alone

    def _bridged(self, made: Built | None, limit: int) -> list[Hit]:
        """The rules of the whole CR for _english's query (none for none)."""
        return self._run({"en": made}, limit) if made is not None else []

    def _own_names(self, matches, words: list[str], lang: str) -> list:
        """The glossary names a query in lang holds: those of lang and English (the names
        players type as they are: "phasing"), and those of another language only when some of
        their words mean nothing in lang (Italian "fase", phasing, is a Spanish word for
        phase: "fase de combate adicional" is no question about phasing)."""
        return [m for m in matches if m.lang in (lang, "en")
                or not all(self._known(words[p], lang) for p in m.words)]

    # --- words the index does not know ---------------------------------------------------
    def _present(self, field: str, text: str) -> bool:
        """Whether the index holds text in field (remembered: the index does not change
        under an open engine)."""
        held = self._held.get((field, text))
        if held is None:
            if len(self._held) > 200_000:
                self._held.clear()
            held = self._held[(field, text)] = (field, text) in self.searcher().reader()
        return held

    def _known(self, word: str, lang: str, bridged: bool = True) -> bool:
        """Whether word is a stop word or filler of lang, a word of its synonym table (or of
        its tables bridging to the English whole CR, unless not bridged), or is indexed in
        lang (as typed or stemmed)."""
        found = keys(lang, word)
        kinds = (synonyms.SYNONYMS, synonyms.ENGLISH, synonyms.ENGLISH_WORDS) if bridged \
            else (synonyms.SYNONYMS,)
        if found is None or is_filler(lang, word) or found & synonyms.known_keys(lang, kinds):
            return True
        if self._present(f"exact_{lang}", fold(word)):
            return True
        return any(self._present(f"{field}_{lang}", key) for key in found
                   if not key.startswith("=") for field in ("stem", "name"))

    def _unknown(self, words: list[str], langs: list[str]) -> tuple[str, ...]:
        """The meaningful words no language of the index knows, when every meaningful word
        is one of them (else none: the query is only worded unlike the rules)."""
        everywhere = list(self.info.languages) or list(langs)
        meaningful = [w for w in words if any(keys(lang, w) is not None
                                              and not is_filler(lang, w) for lang in langs)]
        # a word the bridge to the whole CR knows ("trample" in a Spanish query) is unknown
        # when that bridge found nothing: the index holds no rule of it
        unknown = [w for w in meaningful
                   if not any(self._known(w, lang, False) for lang in everywhere)]
        return tuple(unknown) if unknown and len(unknown) == len(meaningful) else ()

    def _corrections(self, words: list[str], langs: list[str], matches) -> list:
        """(typed, closest indexed word) for each word no language of the index knows."""
        named = set().union(*(m.words for m in matches)) if matches else set()
        everywhere = list(self.info.languages) or list(langs)
        out = []
        for position, word in enumerate(words):
            if position in named or len(word) < spelling.MIN_LENGTH or word.isdigit() \
                    or any(self._known(word, lang) for lang in everywhere):
                continue
            better = self._correct(word, tuple(langs), tuple(everywhere))
            if better is not None:
                out.append((word, better))
        return out

    def _correct(self, word: str, langs: tuple[str, ...], everywhere: tuple[str, ...]):
        """spelling.correct of word in these vocabularies (remembered: they do not change
        under an open engine)."""
        key = (word, langs, everywhere)
        if key not in self._corrected:
            searched = [self._vocabulary(lang) for lang in langs]
            others = [self._vocabulary(lang, glossary=True) for lang in everywhere]
            if len(self._corrected) > 100_000:
                self._corrected.clear()
            self._corrected[key] = spelling.correct(word, searched, others, self._never())
        return self._corrected[key]

    def _never(self) -> dict[str, frozenset[str]]:
        """Per language, the folded words a correction never goes to (corrections.yaml)."""
        return {lang: frozenset(fold(w) for w in words)
                for lang, words in wordlists.lists().never.items()}

    def _vocabulary(self, lang: str, glossary: bool = False) -> spelling.Vocabulary:
        """The words of lang in the index (or in the glossary's names), made on first use."""
        held = self._vocabularies.get((lang, glossary))
        if held is None:
            if glossary:
                found = [(w, 0) for w in self.glossary.words(lang)]
            else:
                reader = self.searcher().reader()
                found = []
                for text, info in reader.iter_field(f"exact_{lang}"):
                    text = text.decode() if isinstance(text, bytes) else text
                    found.append((text, info.doc_frequency()))
            held = self._vocabularies[(lang, glossary)] = spelling.Vocabulary(lang, found)
        return held

    # --- which language the query is in (--lang all) -------------------------------------
    def _language_weights(self, words: list[str], langs: list[str], matches) -> dict:
        """Each language's weight: the query's own language (the one whose analysis knows
        most of its words, glossary names counting again) 1, the others less."""
        evidence = {lang: sum(self._known(w, lang) for w in words) for lang in langs}
        for match in matches:
            if match.lang in evidence:
                evidence[match.lang] += len(match.words)
        most = max(evidence.values())
        top = [lang for lang in langs if evidence[lang] == most]
        own = top[0] if len(top) == 1 else current_language() if current_language() in top \
            else None
        weights = {}
        for lang in langs:
            share = evidence[lang] / most if most else 1.0
            weight = OTHER_LANGUAGE + (1 - OTHER_LANGUAGE) * share
            weights[lang] = weight if own in (None, lang) else min(weight, RUNNER_UP)
        return weights

    # --- ranking ---------------------------------------------------------------------------
    def _title_keys(self, lang: str, title: str) -> frozenset[str]:
        """The stem keys of a section title's words."""
        held = self._titles.get((lang, title))
        if held is None:
            found: set[str] = set()
            for word in WORD.findall(title):
                found |= {k for k in keys(lang, word) or () if not k.startswith("=")}
            held = self._titles[(lang, title)] = frozenset(found)
        return held

    def _word_weights(self, lang: str, words: tuple[frozenset[str], ...]) -> list[float]:
        """How telling each query word is in lang (its inverse document frequency, by its
        most common stem), so that a rule missing a rare word ("concede") counts as
        holding less of the query than one missing a common word ("turn"); 0 for a word no
        rule of lang holds."""
        return [self._weight(lang, word) for word in words]

    def _weight(self, lang: str, stems: frozenset[str]) -> float:
        held = self._weights.get((lang, stems))
        if held is None:
            reader = self.searcher().reader()
            total = self._lang_documents.get(lang)
            if total is None:
                total = self._lang_documents[lang] = reader.doc_frequency("lang", lang) or 1
            frequency = max((reader.doc_frequency(f"stem_{lang}", k) for k in stems), default=0)
            frequency = min(frequency, total)
            # a word no rule of lang holds (English "upkeep" in Spanish) tells rules apart no
            # more than a stop word: it does not count
            held = word_weight(total, frequency)
            if len(self._weights) > 100_000:
                self._weights.clear()
            self._weights[(lang, stems)] = held
        return held

    def _stored(self, docnum: int) -> dict:
        """A document's stored fields, its keys as a set and its number parsed as "rule"
        (remembered by document number: the index does not change under an open engine)."""
        held = self._documents.get(docnum)
        if held is None:
            held = dict(self.searcher().stored_fields(docnum))
            held["keys"] = frozenset(held["keys"].split())
            held["rule"] = RuleNumber.parse(held["number"])
            if len(self._documents) > 50_000:
                self._documents.clear()
            self._documents[docnum] = held
        return held

    def _run(self, built: dict[str, Built], limit: int, weights: dict | None = None) -> list[Hit]:
        searcher = self.searcher()
        combined = Any([b.query for b in built.values()]) if len(built) > 1 else \
            next(iter(built.values())).query
        large = self.info.documents > SKIPPING_ABOVE
        if not large:  # one array of scores (query.Flat, an And of them), kept postings
            combined = flat(combined)
            if searcher.is_atomic():
                combined = self._postings.replace_terms(combined, searcher)
        # Whoosh's block-quality skipping costs more than it saves on a small index (the
        # rulebook's: the same results, about a fifth faster without it); and so does its
        # collector's rebuilding of the matcher tree every ten matches to prepare skipping
        # (replace): about a third of a long query's time.
        if not large and searcher.is_atomic() and not searcher.reader().has_deletions():
            top_n = best_documents(combined, searcher, max(limit, RERANK))  # one array
        else:
            # lazy: saves 139 ms of `search`'s cold start (import CPU time, min of 5 runs)
            from whoosh import collectors  # an index this large only: start-up is a hot path

            collector = collectors.TopCollector(max(limit, RERANK), usequality=large,
                                                replace=10 if large else 0)
            searcher.search_with_collector(combined, collector)
            top_n = collector.results().top_n
        # how telling each query word is, per language (the same for every candidate)
        telling = {lang: self._word_weights(lang, made.words) for lang, made in built.items()
                   if len(made.words) > 1}
        scored = []
        for order, (score, docnum) in enumerate(top_n):
            result = self._stored(docnum)
            made = built[result["lang"]]
            words = made.words
            if len(words) > 1:  # favour rules that hold more of the query's (rarer) words
                held = result["keys"]
                weights_of = telling[result["lang"]]
                share = sum(w for word, w in zip(words, weights_of) if word & held) \
                    / (sum(weights_of) or 1.0)
                score *= COVERAGE_FLOOR + (1 - COVERAGE_FLOOR) * share ** COVERAGE_POWER
            about = max((share for root, share in made.about  # the covered rules' topics
                         if result["rule"].is_within(root)), default=0.0) \
                if result.get("origin") != "cr" else 0.0
            score *= 1 + ABOUT_BONUS * about
            if result.get("origin") != "cr":
                score *= COVERED
            if words:  # the section's title says what its rules are about
                title = self._title_keys(result["lang"], result["title"])
                score *= 1 + SECTION_BONUS * sum(1 for w in words if w & title) / len(words)
            scored.append([score, order, result])
        if weights and scored:  # one scale for every language, then each one's weight
            top = max(item[0] for item in scored)
            best: dict[str, float] = {}
            for score, _order, result in scored:
                best[result["lang"]] = max(best.get(result["lang"], 0.0), score)
            for item in scored:
                lang = item[2]["lang"]
                item[0] = item[0] / (best[lang] or 1.0) * weights.get(lang, 1.0) * top
        scored.sort(key=lambda item: (-item[0], item[1]))
        hits, seen = [], set()
        for score, _order, result in scored:
            if len(hits) == limit:
                break
            # a rule that is only a title ("Trample"): the subrule defining it, in its place
            first = searcher.document_number(key=result["first"]) \
                if result.get("first") else None
            if first is not None:
                result = self._stored(first)
            if result["key"] in seen:
                continue
            seen.add(result["key"])
            lang = result["lang"]
            text, marks = snippet(lang, result["show"], built[lang].keys)
            hits.append(found_hit(result, text, score, marks))
        return hits


def alternate(first: list, second: list) -> list:
    """first's and second's items by turns, first's first; the longer one's rest after."""
    out = []
    for pair in zip(first, second):
        out.extend(pair)
    shorter = min(len(first), len(second))
    return out + first[shorter:] + second[shorter:]


def _close_all(searchers: list) -> None:
    while searchers:
        searchers.pop().close()


def _corrected(parsed: ParsedQuery, corrections: dict[str, str]) -> ParsedQuery:
    """parsed with each corrected word replaced (in its phrases too)."""
    def fix(words):
        return tuple(corrections.get(w.lower(), w) for w in words)

    text = " ".join(fix(parsed.words))
    return ParsedQuery(text, fix(parsed.words), tuple(fix(p) for p in parsed.phrases))
