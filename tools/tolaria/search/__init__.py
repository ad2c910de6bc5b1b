"""Search the rulebook by number or by words: a small API over a replaceable engine.

    >>> from tolaria.search import search                           # doctest: +SKIP
    >>> search(book, "fuera de fase", lang="es")[0].number           # doctest: +SKIP
    '702.25b'

Numbers (`104.3b`, `rule 104.3`, `512-514`, `104.3a-d`) are looked up in the model and never
touch the full-text engine (nor import it). Words go to a SearchEngine: today Whoosh
(engine.py), built from the model into the user's cache. Another engine only needs to take
the same Documents (documents.py) and answer `search(parsed, langs, limit)`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import UserError
from ..i18n import _
from ..lookup import read_digits
from ..model import RuleBook
from .hits import Hit, Hits
from .numbers import among_words, lookup, parse_number_query, split_numbers
from .parsing import ParsedQuery, QueryError, parse
from .protocol import SearchEngine

__all__ = ["Hit", "Hits", "QueryError", "SearchEngine", "search", "engine_for", "build_index",
           "LANGUAGES"]

LANGUAGES = ("en", "es", "it")
MAX_LIMIT = 100


_engines: dict[int, tuple[RuleBook, SearchEngine]] = {}


def engine_for(book: RuleBook, rebuild: bool = False) -> SearchEngine:
    """The full-text engine of book (opened once per process, built on first use)."""
    held = _engines.get(id(book))
    if held is not None and held[0] is book and not rebuild:
        return held[1]
    # lazy: saves 65 ms of `search`'s cold start (import CPU time, min of 5 runs)
    from .engine import WhooshEngine

    engine = WhooshEngine.for_book(book, rebuild=rebuild)
    _engines[id(book)] = (book, engine)
    return engine


def build_index(book: RuleBook, rebuild: bool = False):
    """Build (or find up to date) the index of book; its IndexInfo."""
    return engine_for(book, rebuild=rebuild).info


def _langs(lang: str | Sequence[str]) -> list[str]:
    if isinstance(lang, str):
        langs = list(LANGUAGES) if lang == "all" else [lang]
    else:
        langs = list(lang)
    for code in langs:
        if code not in LANGUAGES:
            raise UserError(_("unknown language '{lang}' (expected en, es, it or all)").format(
                lang=code))
    return langs


def search(book: RuleBook, query: str, lang: str | Sequence[str] = "en", limit: int = 10,
           engine: SearchEngine | None = None) -> Hits:
    """The best rules for query in lang ("en", "es", "it" or "all"), best first (at most
    limit, 1 to MAX_LIMIT). The Hits' `phrase_missed` is True when a quoted phrase had no
    exact match and close matches are shown instead (`fallback` says which kind).

    Raises QueryError (a UserError) when the query has nothing to search for, and UserError
    (status 1) for a rule number the rulebook does not cover, naming what it covers.
    """
    langs = _langs(lang)
    limit = max(1, min(int(limit), MAX_LIMIT))
    if not isinstance(query, str):
        raise QueryError(_("the query must be text"))
    # numbers: any script's digits and the fullwidth forms read as ASCII's (a number refused
    # is quoted as typed); so are the words
    numbers = parse_number_query(query)
    if numbers is not None:
        return Hits(lookup(book, numbers, langs)[:limit])
    mixed = split_numbers(query)  # rule numbers among words: their rules first, then the words'
    if mixed is not None:
        numbers, rest = mixed
        words = (lambda: search(book, rest, langs, limit, engine)) if rest else None
        return Hits(among_words(book, numbers, langs, words)[:limit])
    parsed = parse(read_digits(query))
    hits = _words(book, parsed, langs, limit, engine)
    # the English reading's rule comes third (second after a single hit): with fewer hits
    # asked for, it would not be shown, and is not searched for
    if len(langs) == 1 and langs[0] != "en" and not parsed.phrases and hits and \
            min(len(hits), 2) < limit:
        return _with_english(book, hits, langs[0], parsed, limit, engine)
    return hits


def _words(book: RuleBook, parsed: ParsedQuery, langs: list[str], limit: int,
           engine: SearchEngine | None, correct: bool = True) -> Hits:
    """The engine's hits for a query of words, best bets first.

    The best bets are ordered by where the ranking puts their rules, however many hits are
    asked for: when two topics that cover as much of the query have no rule among the first
    limit hits, they are ordered by the ranking of the engine's RERANK candidates, so that a
    search's first hits are those of a search asking for more (the site's search box shows
    ten rows, `--limit 3` three); no more best bets than limit."""
    engine = engine or engine_for(book)
    hits = engine.search(parsed, langs, limit, correct)
    hits = hits if isinstance(hits, Hits) else Hits(hits)
    # lazy: saves 77 ms of `search`'s cold start (import CPU time, min of 5 runs)
    from .topics import first, pinned  # words only: a number never reads the topics

    # best bets, unless a quoted phrase asks for the words as written
    words = [w.lower() for w in parsed.words]
    pins = [] if parsed.phrases else pinned(book, langs, words, hits)
    if not pins:
        return hits
    # lazy: saves 65 ms of `search`'s cold start (the engine's import: a number never needs it)
    from .engine import RERANK

    if len(hits) == limit < RERANK and _tied_beyond(book, langs, words, hits):
        deeper = engine.search(parsed, langs, RERANK, correct)
        hits = deeper if isinstance(deeper, Hits) else Hits(deeper)
        pins = pinned(book, langs, words, hits)
    return Hits(first(pins[:limit], hits, limit), hits.fallback, hits.phrase_missed,
                hits.corrections if hits else (), hits.searched)


def _tied_beyond(book: RuleBook, langs: list[str], words: list[str], hits: Hits) -> bool:
    """Whether two best-bet topics of one language that cover as much of the query have no
    rule among hits (topics.pinned then orders them by where the ranking puts their rules,
    which hits do not say)."""
    # lazy: saves 77 ms of `search`'s cold start (import CPU time, min of 5 runs)
    from .topics import find, hit_of, same

    for lang in langs:
        unheld = []  # how much of the query each topic with no rule among hits covers
        for covered, _order, rules in find(lang, words):
            found = [h for h in (hit_of(book, lang, r) for r in rules) if h is not None]
            if found and not any(same(f, h) for f in found for h in hits):
                unheld.append(covered)
        if len(unheld) != len(set(unheld)):
            return True
    return False


def _with_english(book: RuleBook, hits: Hits, lang: str, parsed: ParsedQuery, limit: int,
                  engine: SearchEngine | None) -> Hits:
    """hits with, third, the first rule of the whole CR that the query finds in English,
    read word by word (synonyms.translate: "ho lanciato una magia ma non riesco a pagarla"
    -> "cast spell pay"), as an English search ranks it, best bets and all, when it is
    English's first and not among hits' first two: a question the covered sections do not
    answer, in words that bridge to no topic of the whole CR, still reaches its rule."""
    # lazy: saves 81 ms of `search`'s cold start (import CPU time, min of 5 runs)
    from . import synonyms
    from .topics import same

    # the words as searched (a typo read as its word), in English as read: the English words
    # are the word lists' own, so none of them is a typo ("save" is not "sage")
    fixed = dict(hits.corrections)
    english = synonyms.translate(lang, [fixed.get(w.lower(), w.lower()) for w in parsed.words])
    if not english:
        return hits
    found = _words(book, ParsedQuery(" ".join(english), english, ()), ["en"], 1, engine,
                   correct=False)
    if not found or not found[0].english_only:
        return hits
    best = found[0]
    if any(same(h, best) for h in hits[:2]):
        return hits
    rest = [h for h in hits[2:] if not same(h, best)]
    return Hits((list(hits[:2]) + [best] + rest)[:limit], hits.fallback, hits.phrase_missed,
                hits.corrections, hits.searched)
