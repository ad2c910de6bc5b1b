"""The search as data for the site: what the browser needs to rank rules as the CLI does.

The site's search (site/assets/tolaria-search.js) is the CLI's search run over this data:
the same documents (documents.documents_from_book, through the built Whoosh index), the
same analysis (stop lists, accent folding, own stems and number words; Snowball stems by
the same algorithm in JavaScript), the same word lists (synonyms, filler, corrections), the
glossary across languages, the typo vocabulary, and the numbers every edition gave a rule
(lookup, through search.numbers.lookup). Nothing here is decided anew: every table is read
from the modules the CLI runs, so a new document, word list or edition reaches the site
with the next build.

Scores. BM25F's per-(term, document) score depends only on the term's document frequency,
its frequency in the document and the document's field length, which Whoosh stores as one
byte; the data holds exactly those (the length as Whoosh decodes it, each document
frequency's idf and each field's average length as the engine's weighting computes them:
weighting.PerLanguage, over the documents of the field's language), and the browser
evaluates Whoosh's formula in the same order of operations, so that both runtimes compute
the same numbers. Fields searched as phrases keep their positions.

The English rules of the whole CR are searched from a Spanish or Italian query through the
`english` and `english_words` word lists (synonyms.to_english): a Spanish or Italian site's
data also holds the English index (payload.for_language). The best bets (topics.py) come
with the hits their rules show, so that the browser never looks a rule up for them.
"""

from __future__ import annotations

import os

from .. import cache
from ..model import RuleBook
from ..numbering import (LETTERS, NUMBER_PATTERN, RULE_WORDS, TYPED_DASH, TYPED_PATTERN,
                         BadNumber, RuleNumber)
from . import (engine as engine_module, parsing, query, spelling, synonyms, wordlists,
               topics as topics_module, engine_for)
from .analysis import LANGS, OWN_STEMS, PAIR_KINDS, WORD, fold, keys, number_keys, stop_words
from .documents import official_terms
from .filler import filler_words
from .glossary import Glossary
from ..lookup import history_of, whole_cr
from ..errors import UserError
from .numbers import lookup, MAX_TEXT
from .. import lookup as typed

FORMAT = 6  # the layout of the site's files (shards.split): postings as deltas in shards by
#            term, those the documents hold read off them; idf per language; other
#            languages' word tables as their keys only (payload.for_language: `known`)
POSITIONS = ("exact", "stem", "name")  # the fields searched as phrases: positions kept


def _float(value: float):
    """A float as JSON keeps it exactly (repr round-trips); whole numbers as integers."""
    return int(value) if float(value).is_integer() else value


def _fields(searcher) -> dict:
    """Per indexed field: scorable, average length, each document's length, and each
    term's postings: [document, weight] (unscored fields: [document, score]); in fields
    searched as phrases [document, count, position...]."""
    reader = searcher.reader()
    count = reader.doc_count_all()
    out = {}
    for field in sorted(reader.indexed_field_names()):
        if field == "key":
            continue
        scorable = searcher.schema[field].scorable
        positional = field.split("_")[0] in POSITIONS
        terms = {}
        for text, _info in reader.iter_field(field):
            text = text.decode() if isinstance(text, bytes) else text
            found = reader.postings(field, text)
            postings: list = []
            if not scorable:
                found = query.Q.Term(field, text).matcher(searcher, searcher.context())
            while found.is_active():
                if positional:
                    positions = found.value_as("positions")
                    postings.extend((found.id(), len(positions), *positions))
                else:
                    postings.extend((found.id(), _float(found.weight() if scorable
                                                        else found.score())))
                found.next()
            terms[text] = postings
        entry = {"scorable": scorable, "positions": positional, "terms": terms}
        if scorable and terms:  # the average length as the engine's scorer takes it
            scorer = searcher.weighting.scorer(searcher, field, next(iter(terms)))
            entry["avg"] = scorer.avgfl
            entry["lengths"] = [int(reader.doc_field_length(d, field, 1)) if
                                reader.doc_field_length(d, field, 0) else 0
                                for d in range(count)]
        out[field] = entry
    return out


def _kept_fields(engine, searcher) -> dict:
    """_fields of the engine's index, kept in the user's cache for the index's fingerprint
    (its documents and analysis) and this module's source: reading every term's postings
    out of Whoosh is most of an export, and a site built again for a change of its
    templates or catalogs reads them back instead."""
    key = engine.info.fingerprint + "-" + cache.source_digest(
        os.path.dirname(os.path.abspath(__file__)), ("export.py",))
    return cache.kept("search-fields", key, lambda: _fields(searcher))


def documents_in(postings: list, positional: bool) -> int:
    """How many documents a term's postings name ([document, weight, ...], or with each
    document's positions: [document, count, position ..., ...]), as deltas or not."""
    if not positional:
        return len(postings) // 2
    count = i = 0
    while i < len(postings):
        count, i = count + 1, i + 2 + postings[i + 1]
    return count


def _idf(searcher, fields: dict) -> dict:
    """Per language (of a field's name: stem_es), the engine's idf for every document
    frequency a scorable term has."""
    out: dict[str, dict[int, float]] = {}
    for field, entry in fields.items():
        if not entry["scorable"]:
            continue
        held = out.setdefault(field.rpartition("_")[2], {})
        for text, postings in entry["terms"].items():
            frequency = documents_in(postings, entry["positions"])  # document frequency
            if frequency not in held:
                held[frequency] = searcher.idf(field, text)
    return {lang: {str(k): v for k, v in sorted(held.items())}
            for lang, held in sorted(out.items())}


def _documents(searcher) -> tuple[list, list]:
    """Each document (by document number): number (the rulebook's), language, title (an
    index into titles), its stem keys (coverage), today's number when it differs (else ""),
    1 for a rule of the whole CR in English only (else 0), and for a rule that is only a
    title, the document number of its first subrule (shown in its place); and each title
    with its words' stem keys."""
    titles: dict[tuple[str, str], int] = {}
    title_list: list = []
    docs = []
    for docnum in range(searcher.reader().doc_count_all()):
        stored = searcher.stored_fields(docnum)
        lang, title = stored["lang"], stored["title"]
        if (lang, title) not in titles:
            titles[(lang, title)] = len(title_list)
            found = set()
            for word in WORD.findall(title):
                found |= {k for k in keys(lang, word) or () if not k.startswith("=")}
            title_list.append([title, sorted(found)])
        shown = stored.get("shown") or stored["number"]
        docs.append([stored["number"], lang, titles[(lang, title)], stored["keys"],
                     shown if shown != stored["number"] else "",
                     int(stored.get("origin") == "cr")])
        if stored.get("first"):
            first = searcher.document_number(key=stored["first"])
            if first is not None:
                docs[-1].append(first)
    return docs, title_list


def _word_weights(searcher) -> dict:
    """Per language: how telling a word is, by the document frequency of its commonest stem
    (engine.word_weight, as the CLI's re-ranking weighs the query's words)."""
    reader = searcher.reader()
    out = {}
    for lang in LANGS:
        total = reader.doc_frequency("lang", lang) or 1
        seen = {min(info.doc_frequency(), total)
                for _text, info in reader.iter_field(f"stem_{lang}")} \
            if f"stem_{lang}" in reader.indexed_field_names() else set()
        out[lang] = {str(f): engine_module.word_weight(total, f) for f in sorted(seen)}
    return out


def _glossary(book: RuleBook) -> dict:
    """The glossary as search.glossary matches it (every name form's stem keys, longest
    first) and as search.query uses a term (its names per language, its rules)."""
    glossary = Glossary(book.glossary)
    index = {term.id: i for i, term in enumerate(book.glossary)}
    terms = []
    for term in book.glossary:
        names = {lang: sorted({name.name.lower(), *(v.lower() for v in name.variants)})
                 for lang, name in term.names.items()}
        rules = [str(n) for n in term.rules]
        terms.append({"id": term.id, "names": names, "rules": rules,
                      "topics": [str(query.topic(n)) for n in term.rules]})
    names = [[index[term.id], lang, [sorted(k) for k in found], list(literal)]
             for term, lang, found, literal in glossary.names]
    words = {lang: sorted(glossary.words(lang)) for lang in LANGS}
    return {"terms": terms, "names": names, "words": words}


def _synonyms(kind: str = synonyms.SYNONYMS) -> dict:
    """Per language, synonyms.table of kind: each entry's typed side as a pattern (a
    meaningful word's stem keys, or a stop word's folded spelling) and its alternatives as
    words."""
    return {lang: [[[item if isinstance(item, str) else sorted(item) for item in pattern],
                    [list(a) for a in entry.alternatives]]
                   for pattern, entry in synonyms.table(lang, kind)] for lang in LANGS}


def _topics(book: RuleBook) -> dict:
    """Per language, topics.table: each topic's phrases (each word as its stem keys) and
    the hits its rules show ([number, language, title, 1 for English only]), best first."""
    out: dict = {}
    for lang in LANGS:
        out[lang] = []
        for phrases, rules in topics_module.table(lang):
            hits = [h for h in (topics_module.hit_of(book, lang, r) for r in rules)
                    if h is not None]
            if hits:
                out[lang].append([[[sorted(word) for word in p] for p in phrases],
                                  [[h.number, h.lang, h.title, int(h.english_only)]
                                   for h in hits]])
    return out


def _analysis() -> dict:
    lists = wordlists.lists()
    return {
        "stop": {lang: sorted(stop_words(lang)) for lang in LANGS},
        "own": {lang: dict(OWN_STEMS[lang]) for lang in LANGS},
        "digits": {lang: dict(number_keys(lang)) for lang in LANGS},
        "filler": {lang: sorted(filler_words(lang)) for lang in LANGS},
        "never": {lang: sorted({fold(w) for w in lists.never.get(lang, ())}) for lang in LANGS},
        "sounds": {lang: [list(p) for p in spelling.SOUNDS[lang]] for lang in LANGS},
        "pair_kinds": dict(PAIR_KINDS),
    }


def _constants(weighting) -> dict:
    """The constants of the query planning and re-ranking, and the engine's BM25F's."""
    e, q, s, p = engine_module, query, spelling, parsing
    return {
        "RERANK": e.RERANK, "COVERAGE_FLOOR": e.COVERAGE_FLOOR,
        "COVERAGE_POWER": e.COVERAGE_POWER, "ABOUT_BONUS": e.ABOUT_BONUS,
        "SECTION_BONUS": e.SECTION_BONUS, "OTHER_LANGUAGE": e.OTHER_LANGUAGE,
        "RUNNER_UP": e.RUNNER_UP, "COVERED": e.COVERED, "MAX_TERM_WORDS": e.MAX_TERM_WORDS,
        "BRIDGED_FIRST": e.BRIDGED_FIRST, "MAX_PINNED": topics_module.MAX_PINNED,
        "PIN_SHARE": topics_module.PIN_SHARE,
        "BOOSTS": q.BOOSTS, "TEXT_BOOSTS": q.TEXT_BOOSTS, "SYNONYM_BOOSTS": q.SYNONYM_BOOSTS,
        "PHRASE_BONUS": q.PHRASE_BONUS, "PAIR_BONUS": q.PAIR_BONUS,
        "DEFINES_BONUS": q.DEFINES_BONUS, "INEXACT_SHARE": q.INEXACT_SHARE,
        "MAIN_SHARE": q.MAIN_SHARE,
        "MIN_LENGTH": s.MIN_LENGTH, "MIN_FREQUENCY": s.MIN_FREQUENCY,
        "MAX_CHARS": p.MAX_CHARS, "MAX_WORDS": p.MAX_WORDS, "MAX_WORD": p.MAX_WORD,
        "OPERATORS": sorted(p.OPERATORS),
        "B": weighting.B, "K1": weighting.K1,
    }


def _candidates(book: RuleBook) -> set[str]:
    """Every number a user might type that names a rule: the rulebook's, today's and their
    aliases, every number the history gave a covered rule (or a pre-2009 rule's
    successors), and every rule and section of the whole current CR."""
    found = {str(n) for lang in book.languages for n in book.all_numbers(lang)}
    for today in (book.today or {}).values():
        found.update(a.number for a in today.aliases)
        if today.number:
            found.add(today.number)
    history = history_of(book.root)
    for unit in history.data.units if history is not None else ():
        for tracked in (unit.head, *unit.rules):
            found.update(s.value for s in tracked.numbers)
            found.update(s.value for b in tracked.becomes for s in b.numbers)
    whole = whole_cr(book)
    if whole is not None:
        found.update(s.number for s in whole.sections)
        found.update(r.number for r in whole.rules())
    return found


def _numbers(book: RuleBook) -> dict:
    """What search.numbers.lookup answers for every number a user might type, per language:
    number -> hits, each [number, language, title (an index into titles), the number asked
    when the rule had it in other editions or "", 1 for another rule that had the number
    (listed after the rules asked for, score 0.5) else 0, and 1 more for a rule of the whole
    CR, in English only], or the title's index alone for the number itself in English (a
    rule of the whole CR); numbers that answer alike in every language are under "all"."""
    titles: dict[str, int] = {}
    out: dict = {"titles": [], "all": {}, **{lang: {} for lang in LANGS}}

    def title(text: str) -> int:
        if text not in titles:
            titles[text] = len(out["titles"])
            out["titles"].append(text)
        return titles[text]

    for text in sorted(_candidates(book)):
        try:
            number = RuleNumber.parse(text)
        except BadNumber:
            continue
        found = {}
        for lang in LANGS:
            try:
                hits = lookup(book, [number], [lang])
            except UserError:
                continue
            found[lang] = [title(h.title) if (h.number, h.lang, h.asked, h.score) ==
                           (str(number), "en", None, 1.0) else
                           [h.number, h.lang, title(h.title), h.asked or "", int(h.score < 1)]
                           + [1] * h.english_only for h in hits]
        values = list(found.values())
        if len(found) == len(LANGS) and all(v == values[0] for v in values):
            out["all"][str(number)] = values[0]
        else:
            for lang, hits in found.items():
                out[lang][str(number)] = hits
    return out


def _patterns() -> dict:
    """The number patterns and limits of lookup and search.numbers, in JavaScript's syntax."""
    def js(pattern: str) -> str:
        return pattern.replace("(?P<", "(?<")

    return {"typed": js(TYPED_PATTERN), "dash": js(TYPED_DASH), "rule_words": js(RULE_WORDS),
            "number": js(NUMBER_PATTERN), "letters": LETTERS, "max_length": typed.MAX_LENGTH,
            "max_range": typed.MAX_RANGE, "max_text": MAX_TEXT, "zeros": typed.digit_zeros(),
            "fullwidth": typed.FULLWIDTH}


def search_data(book: RuleBook) -> dict:
    """Everything the site's search needs, as JSON-ready data."""
    engine = engine_for(book)
    searcher = engine.whole_searcher()
    fields = _kept_fields(engine, searcher)
    docs, titles = _documents(searcher)
    reader = searcher.reader()
    return {
        "format": FORMAT, "langs": list(engine.info.languages) or list(LANGS),
        "documents": docs, "titles": titles, "fields": fields,
        "counts": {lang: reader.doc_frequency("lang", lang) for lang in LANGS},
        "idf": _idf(searcher, fields), "word_weights": _word_weights(searcher),
        "glossary": _glossary(book), "synonyms": _synonyms(),
        "english": _synonyms(synonyms.ENGLISH),
        "english_words": _synonyms(synonyms.ENGLISH_WORDS),
        # the keys of each language's tables (synonyms.known_keys), for another language's
        # site, which holds these instead of the tables (payload.for_language)
        "known": {lang: sorted(synonyms.known_keys(lang)) for lang in LANGS},
        "official": {name: list(rules) for name, rules in sorted(official_terms(book).items())},
        "topics": _topics(book),
        "analysis": _analysis(),
        "constants": _constants(searcher.weighting), "numbers": _numbers(book),
        "patterns": _patterns(),
    }


__all__ = ["search_data", "documents_in", "FORMAT", "POSITIONS"]
