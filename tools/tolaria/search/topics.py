"""Best bets: the rules that answer the questions players commonly ask, shown first.

Players ask "do I lose if I draw from an empty library", "mazzo finito devo pescare", "two
legends with the same name": the words of the question are often not the rule's, and
ranking on words alone puts the rules that share them first. rules/search/topics.yaml
(wordlists.py reads it) lists, per language, such questions by their telling words
(phrases: "empty library draw", "legendary same name") and the rules that answer them,
best first: a covered rule by its number in that language's rules ("104.3c"), a rule of
the whole CR as "cr:704.5b".

A query holds a phrase when each meaningful word of the phrase (not a stop word, not
filler) has a stem among the query's words or the rules' words its synonyms give
(synonyms.py: "scoop" holds "concede"), in any order and anywhere in it, and the phrase
covers at least PIN_SHARE of the query's meaningful words. The rules of the topics it
holds come first, at most MAX_PINNED of them, before the ranked results: the topic that
covers more of the query before the others; of those that cover as much, the one whose
rule the ranked results put higher, then the file's order. This is
the same in the site's search (tolaria-search.js), which gets the table from export.py.
"""

from __future__ import annotations

import functools

from ..model import RuleBook
from ..numbering import BadNumber, RuleNumber
from . import synonyms, wordlists
from .analysis import keys, words
from .filler import is_filler
from .hits import Hit
from .kept import kept
from .query import meaningful_positions
from ..lookup import whole_cr
from .numbers import lookup, whole_hit
from .documents import official_terms, term_key, first_subrules
import os
from ..errors import DataError, DataErrors
from ..i18n import _, language_name

MAX_PINNED = 3  # best bets shown before the ranked results, at most
PIN_SHARE = 1 / 3  # of a query's meaningful words, a topic's phrase covers at least this
WHOLE = "cr:"  # a rule of the whole CR (English only), not a covered rule


@functools.lru_cache(maxsize=65536)
def phrase_keys(lang: str, phrase: str) -> tuple[frozenset[str], ...]:
    """A phrase's meaningful words, each as its stem keys (() when it has none); the same
    names and phrases recur across validate's checks."""
    out = []
    for word in words(phrase.lower()):
        found = keys(lang, word)
        if found is None or is_filler(lang, word):
            continue
        out.append(frozenset(k for k in found if not k.startswith("=")))
    return tuple(out)


Table = tuple  # ((phrases, each a sequence of its words' stem keys), rules) per topic, in
#               order (as read from the cache: lists)


def compiled(topics, lang: str) -> Table:
    """lang's topics (wordlists.Topic records) in order: their phrases as phrase_keys (those
    with a meaningful word) and their rules."""
    out = []
    for topic in topics:
        if topic.lang == lang:
            phrases = tuple(p for p in (phrase_keys(lang, t) for t in topic.typed) if p)
            if phrases:
                out.append((phrases, topic.rules))
    return tuple(out)


@functools.cache
def table(lang: str) -> Table:
    """lang's topics in the word lists in use; kept in the user's cache (kept.py: stemming
    some two thousand words costs a search's start 10-15 ms)."""
    return kept(f"topics-{lang}", lambda: compiled(wordlists.lists().topics, lang),
                lambda made: [[[[sorted(w) for w in p] for p in phrases], rules]
                              for phrases, rules in made],
                # as read (find takes any collection of keys), its shape checked: a file of
                # another shape raises here, and is made again
                lambda stored: tuple((phrases, tuple(rules)) for phrases, rules in stored))


def find(lang: str, words: list[str], topics: Table | None = None
         ) -> list[tuple[int, int, tuple[str, ...]]]:
    """The topics of lang (table(lang) by default) that the query's (lowercase) words hold
    and that tell enough of it: (how many of the query's meaningful words the topic's best
    phrase covers, its order in the table, its rules), most covered first. A topic counts
    when its phrase covers at least PIN_SHARE of the query's meaningful words (a question
    about a commander's damage is not one about who can be a commander); a phrase of one
    word, only when it is the query's one meaningful word ("scoop"): among other words, it
    names the question's topic rather than its answer ("tokens phasing")."""
    held: list[set[str]] = [{k for k in keys(lang, w) or () if not k.startswith("=")}
                            for w in words]
    for span, entry in synonyms.find(lang, words):  # "scoop" holds what "concede" does
        for alternative in entry.alternatives:
            for word in alternative:
                for position in span:
                    held[position].update(k for k in keys(lang, word) or ()
                                          if not k.startswith("="))
    every = set().union(*held) if held else set()
    if not every:
        return []
    meaningful = meaningful_positions(lang, words)
    alone = len(meaningful) == 1
    found = []
    chosen = table(lang) if topics is None else topics
    first = _by_first_word(lang) if topics is None else _first_words(topics)
    # only the topics a phrase of which has its first word among the query's
    for order in sorted(set().union(*(first.get(key, ()) for key in every))):
        phrases, rules = chosen[order]
        covered = max((sum(1 for p in meaningful
                           if any(not held[p].isdisjoint(word) for word in phrase))
                       for phrase in phrases if all(not every.isdisjoint(word) for word in phrase)
                       and (alone or len(phrase) > 1)),
                      default=0)
        if covered and covered >= PIN_SHARE * len(meaningful):
            found.append((covered, order, rules))
    found.sort(key=lambda f: (-f[0], f[1]))
    return found


def _first_words(topics: Table) -> dict[str, tuple[int, ...]]:
    """The topics (by order) under each stem key of their phrases' first words."""
    out: dict[str, set[int]] = {}
    for order, (phrases, _rules) in enumerate(topics):
        for phrase in phrases:
            for key in phrase[0]:
                out.setdefault(key, set()).add(order)
    return {key: tuple(orders) for key, orders in out.items()}


@functools.cache
def _by_first_word(lang: str) -> dict[str, tuple[int, ...]]:
    return _first_words(table(lang))


def hit_of(book: RuleBook, lang: str, rule: str) -> Hit | None:
    """The hit a topic's rule id shows in lang: a covered rule in lang (by its number in
    lang's rules), or a rule of the whole CR in English; None when there is no such rule."""
    if rule.startswith(WHOLE):
        number, whole = rule[len(WHOLE):], whole_cr(book)
        if whole is None or (whole.rule(number) is None and whole.section(number) is None):
            return None
        return whole_hit(book, number)[0]
    try:
        number = RuleNumber.parse(rule)
    except BadNumber:
        return None
    found = lookup(book, [number], [lang], unknown_hook=False, required=False)
    return found[0] if found else None


def pinned(book: RuleBook, langs: list[str], words: list[str], hits=()) -> list[Hit]:
    """The best bets for a query's words in langs, at most MAX_PINNED: the rules of the
    topics that cover more of the query first; of topics that cover as much, the one whose
    rule the ranked hits put first, then langs' and the table's order."""
    rank = {_identity(h): n for n, h in enumerate(hits)}
    groups = []
    for index, lang in enumerate(langs):
        for covered, order, rules in find(lang, words):
            found = [h for h in (hit_of(book, lang, r) for r in rules) if h is not None]
            if found:
                best = min(rank.get(_identity(h), len(rank)) for h in found)
                groups.append((-covered, best, index, order, found))
    out: list[Hit] = []
    for *_rank, found in sorted(groups, key=lambda g: g[:4]):
        for hit in found:
            if len(out) < MAX_PINNED and not any(same(hit, h) for h in out):
                out.append(hit)
    return out


def _identity(hit: Hit) -> tuple:
    """What makes two hits the same rule: its number shown, language, English only."""
    return hit.number, hit.lang, hit.english_only


def same(a: Hit, b: Hit) -> bool:
    """Whether two hits show the same rule (search._with_english asks it too)."""
    return _identity(a) == _identity(b)


def first(pins: list[Hit], hits: list[Hit], limit: int) -> list[Hit]:
    """pins, then the hits that are not among them, at most limit; a pin the hits hold is
    shown as found there (its snippet marks the query's words); the pins are scored above
    the best hit, in their order."""
    top = round(max((h.score for h in hits), default=0.0), 4)
    shown = [next((h for h in hits if same(h, p)), p)._replace(score=top + len(pins) - n)
             for n, p in enumerate(pins)]
    rest = [h for h in hits if not any(same(h, p) for p in pins)]
    return shown + rest[:max(0, limit - len(pins))]


# --- checks (tolaria validate) -------------------------------------------------------------
def names(book: RuleBook, lists: wordlists.WordLists, titles: dict[str, str]
          ) -> dict[str, dict[str, set[str]]]:
    """Per language, the names (as documents.term_key) a query of which already goes to the
    rule defining it, and those rules (as topic ids): the glossary's names and variants, the
    official glossary's entries (English, typed in every language), and the Spanish and
    Italian words the `english` list bridges to one; a rule of the whole CR that is only a
    title as the subrule search shows in its place (titles: documents.first_subrules)."""
    out: dict[str, dict[str, set[str]]] = {lang: {} for lang in wordlists.LANGS}
    for term in book.glossary:
        for lang, name in term.names.items():
            for n in (name.name, *name.variants):
                out.setdefault(lang, {}).setdefault(term_key(n), set()).update(
                    str(r) for r in term.rules)
    official = {name: tuple(titles.get(n, n) for n in numbers)
                for name, numbers in official_terms(book).items()}
    for name, numbers in official.items():
        out["en"].setdefault(name, set()).update(WHOLE + n for n in numbers)
    for entry in lists.english:
        numbers = official.get(term_key(entry.rules[0]), ())
        out[entry.lang].setdefault(term_key(entry.typed), set()).update(
            WHOLE + n for n in numbers)
    for lang in ("es", "it"):  # English names are typed there too ("phasing", "token")
        for name, defining in out["en"].items():
            out[lang].setdefault(name, set()).update(defining)
    return out


def _by_stems(lang: str, named: dict[str, set[str]]) -> dict[str, list]:
    """named's names as phrase_keys, under each key of their first word."""
    out: dict[str, list] = {}
    for name, defining in named.items():
        stems = phrase_keys(lang, name)
        for key in stems[0] if stems else ():
            out.setdefault(key, []).append((stems, defining))
    return out


def _defining(lang: str, phrase: str, by_stems: dict[str, list]) -> set[str] | None:
    """The rules defining the name a phrase is, word for word on stems ("milled" is "mill");
    None when it is no name."""
    stems = phrase_keys(lang, phrase)
    for key in stems[0] if stems else ():
        for name, defining in by_stems.get(key, ()):
            if len(name) == len(stems) and all(a & b for a, b in zip(name, stems)):
                return defining
    return None


def _agrees(rule: str, defining: set[str] | None) -> bool:
    """Whether a topic's first rule is a rule defining the term its phrase names (True when
    the phrase names none)."""
    return defining is None or rule.removeprefix(WHOLE) in {
        d.removeprefix(WHOLE) for d in defining}


def check_rules(book: RuleBook, rules_root, found: wordlists.WordLists | None = None) -> int:
    """Check that every rule a topic of rules_root/search/topics.yaml names exists (a
    covered rule in that language's rules, a rule of the whole CR) and that each phrase has
    a word search counts and is not the name of a term defined by another rule than the
    topic's first (names), and that no rule named is only a title (search shows its first
    subrule instead); the number of topics. found: the folder's lists, when read already.
    Raises DataErrors (file:line)."""
    # lazy: saves 31 ms of `search`'s cold start (import CPU time, min of 5 runs)
    from ..yamlfiles.nodes import display_path

    where = os.path.join(os.fspath(rules_root), "search")
    if found is None:
        found = wordlists.read_folder(where, [])  # its own errors: check_folder reports them
    name = display_path(os.path.join(where, "topics.yaml"))
    whole = whole_cr(book)
    titles = first_subrules(whole) if whole is not None else {}
    named = {lang: _by_stems(lang, found_names)
             for lang, found_names in names(book, found, titles).items()}
    covered = {t.number for key, t in (book.today or {}).items() if t.number and "@" not in key}
    errors = []
    for topic in found.topics:
        for phrase in topic.typed:
            if not phrase_keys(topic.lang, phrase):
                errors.append(DataError(name, topic.line, _(
                    "typed: '{phrase}' has only stop words or filler, which search leaves "
                    "out: add the words that tell what is asked").format(phrase=phrase)))
            elif not _agrees(topic.rules[0], _defining(topic.lang, phrase, named[topic.lang])):
                errors.append(DataError(name, topic.line, _(
                    "typed: '{phrase}' is the name of a glossary term, whose defining rule "
                    "search shows first: add the words that tell what else is asked"
                    ).format(phrase=phrase)))
        for rule in topic.rules:
            if rule.startswith(WHOLE) and rule[len(WHOLE):] in covered:
                errors.append(DataError(name, topic.line, _(
                    "rules: '{rule}' is a covered rule: write its number in the {language} "
                    "rules").format(rule=rule, language=language_name(topic.lang))))
            elif rule.startswith(WHOLE) and rule[len(WHOLE):] in titles:
                errors.append(DataError(name, topic.line, _(
                    "rules: '{rule}' is only a title: name its first subrule, '{first}', "
                    "which search shows in its place").format(
                    rule=rule, first=WHOLE + titles[rule[len(WHOLE):]])))
            elif hit_of(book, topic.lang, rule) is None:
                errors.append(DataError(name, topic.line, (
                    _("rules: '{rule}' is not a rule of the whole CR (write it as in "
                      "rules/cr/en.json, after 'cr:')") if rule.startswith(WHOLE) else
                    _("rules: '{rule}' is not a rule of the {language} rules (a rule of "
                      "the whole CR is written 'cr:' and its number)")).format(
                    rule=rule, language=language_name(topic.lang))))
    if errors:
        raise DataErrors(errors)
    return len(found.topics)
