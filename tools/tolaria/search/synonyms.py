"""Synonyms: the words judges and players type for what the rules text words differently.

The table is data: rules/search/synonyms.yaml (wordlists.py reads it), one entry per line,
what people type and how the rules say it, per language. The typed words are matched on
the query's stems (so inflections and accents do not matter: "multijugadores" matches
"multijugador"), as consecutive words; each alternative is then also looked for, a little
below the words typed, and counts as the query word for ranking (a rule that says "varios
jugadores" holds the word "multijugador"). A stop word among the typed words ("rientra in
fase") must be typed as it is, right after the word before it. Entries go one way, from
people's words to the rules' words. The file's header says when to add an entry.
"""

from __future__ import annotations

import functools

from ..tuples import named
from . import wordlists
from .analysis import fold, keys, words as words_of
from .kept import kept
from .filler import is_filler
from .parsing import MAX_WORDS
import os
from ..errors import DataError, DataErrors
from ..i18n import _
from .glossary import Glossary


class Synonym(named("Synonym", "lang words alternatives")):
    __slots__ = ()
    # lang: str
    # words: tuple[str, ...]  # what people type, as words
    # alternatives: tuple[tuple[str, ...], ...]  # how the rules say it, each as words


# the tables: within a language; to English (a topic of the whole CR only); the game words
# that rank the English rules a bridged query reaches
SYNONYMS, ENGLISH, ENGLISH_WORDS = "synonyms", "english", "english_words"


def entries(lists: wordlists.WordLists | None = None, kind: str = SYNONYMS
            ) -> tuple[Synonym, ...]:
    """The entries of the word lists (those in use by default) of kind (SYNONYMS: people's
    words to the rules' in the same language; ENGLISH: Spanish and Italian words to the
    whole CR's English), as words; an entry with no word on a side is left out (`tolaria
    validate` reports it)."""
    lists = lists or wordlists.lists()
    out = []
    for entry in getattr(lists, kind):
        typed = tuple(words_of(entry.typed.lower()))
        alternatives = tuple(tuple(words_of(a.lower())) for a in entry.rules)
        if typed and alternatives and all(alternatives):
            out.append(Synonym(entry.lang, typed, alternatives))
    return tuple(out)


@functools.cache
def _entries(kind: str = SYNONYMS) -> tuple[Synonym, ...]:
    """The entries in use, read once for every language."""
    return entries(kind=kind)


@functools.cache
def table(lang: str, kind: str = SYNONYMS
          ) -> tuple[tuple[tuple, Synonym], ...]:
    """lang's entries, each with its left side as a pattern: the stem keys of a meaningful
    word (a collection: a list as read from the cache), or the folded spelling of a stop
    word (which must then be typed as it is); kept in the user's cache (kept.py)."""
    return kept(f"{kind}-{lang}", lambda: _compiled(lang, kind), _encode, _decode)


def _compiled(lang: str, kind: str) -> tuple:
    out = []
    for entry in _entries(kind):
        if entry.lang != lang:
            continue
        pattern = tuple(keys(lang, w) or fold(w) for w in entry.words)
        if any(not isinstance(item, str) for item in pattern):
            out.append((pattern, entry))
    return tuple(out)


def _encode(table_: tuple) -> list:
    return [[[item if isinstance(item, str) else sorted(item) for item in pattern],
             [entry.lang, list(entry.words), [list(a) for a in entry.alternatives]]]
            for pattern, entry in table_]


def _decode(stored: list) -> tuple:
    # a pattern's items as read (lists of keys): _match takes any collection of keys
    return tuple((pattern, Synonym(lang, tuple(words), tuple(tuple(a) for a in alternatives)))
                 for pattern, (lang, words, alternatives) in stored)


def _match(pattern, words: list[str], found: list[frozenset[str] | None],
           start: int) -> range | None:
    """The query positions pattern covers from start; stop words typed between two
    meaningful words are skipped, as they are when the rules are indexed."""
    position = start
    for n, item in enumerate(pattern):
        if isinstance(item, str):  # a stop word of the entry: the very next word
            if position >= len(words) or fold(words[position]) != item:
                return None
        else:
            while n and position < len(words) and found[position] is None:
                position += 1
            if position >= len(words) or (found[position] or set()).isdisjoint(item):
                return None
        position += 1
    return range(start, position)


@functools.cache
def known_keys(lang: str, kinds: tuple[str, ...] = (SYNONYMS, ENGLISH, ENGLISH_WORDS)
               ) -> frozenset[str]:
    """The keys of every meaningful word on the left of lang's entries (of kinds): words the
    search understands although no rule holds them ("mazzo"), so never read as typos; kept
    in the user's cache (kept.py: some ten thousand keys, gathered in about 5 ms)."""
    return kept(f"known-{lang}-{'-'.join(kinds)}",
                lambda: frozenset(k for kind in kinds for pattern, _entry in table(lang, kind)
                                  for item in pattern if not isinstance(item, str)
                                  for k in item), sorted, frozenset)


@functools.cache
def _by_first_word(lang: str, kind: str = SYNONYMS) -> dict[str, tuple[int, ...]]:
    """The entries of table(lang) (by index) under each key of their first word (a stop
    word under "=" and its folded spelling, as keys() gives every word's)."""
    out: dict[str, list[int]] = {}
    for index, (pattern, _entry) in enumerate(table(lang, kind)):
        first = pattern[0]
        for key in (("=" + first,) if isinstance(first, str) else first):
            out.setdefault(key, []).append(index)
    return {key: tuple(found) for key, found in out.items()}


def find(lang: str, words: list[str], kind: str = SYNONYMS) -> list[tuple[range, Synonym]]:
    """The entries of kind whose left side the query's (lowercase) words hold: each with
    the range of query word positions it covers. Only entries whose first word the query
    holds are tried (the table grows; a query is a few words)."""
    found = [keys(lang, w) for w in words]
    first = _by_first_word(lang, kind)
    candidates: set[int] = set()
    for word, held in zip(words, found):
        for key in (held or ("=" + fold(word),)):
            candidates.update(first.get(key, ()))
    entries = table(lang, kind)
    out = []
    for index in sorted(candidates):
        pattern, entry = entries[index]
        for start in range(len(words)):
            span = _match(pattern, words, found, start)
            if span is not None:
                out.append((span, entry))
                break
    return out


def to_english(langs, words: list[str], every=None
               ) -> tuple[tuple[str, ...], str, frozenset[int], bool]:
    """The English words the ENGLISH table gives for a Spanish or Italian query's words
    (in the first of langs that has any), with those the ENGLISH_WORDS table gives for its
    other words, in the query's order; that language, the positions of the query's words
    they stand for, and whether ENGLISH gave none: ((), "", frozenset(), False) when it
    gives none, unless the ENGLISH_WORDS table gives English for every word of the query
    that counts (every(lang, positions) says whether positions are all of those)."""
    for lang in langs:
        found, game = _bridges(lang, words)
        taken = frozenset(p for span, _entry in found + game for p in span)
        alone = not found
        if found or (game and every is not None and every(lang, taken)):
            english = tuple(w for _span, entry in _in_order(found + game)
                            for form in entry.alternatives[:1] for w in form)
            return english, lang, taken, alone
    return (), "", frozenset(), False


def translate(lang: str, words: list[str]) -> tuple[str, ...]:
    """A Spanish or Italian query's words in English, word by word: the English of each
    entry of the ENGLISH and ENGLISH_WORDS tables it holds, in the query's order, and the
    other words that count as typed (names and loanwords: "planeswalker", "trample"); the
    words around a question and stop words left out. () when no table gives any English."""
    found, game = _bridges(lang, words)
    if not found and not game:
        return ()
    at: dict[int, tuple] = {}
    for span, entry in sorted(found + game, key=lambda item: (item[0].start, -len(item[0]))):
        at.setdefault(span.start, (span, entry))  # of two from one word, the longer
    taken = {p for span, _entry in found + game for p in span}
    out: list[str] = []
    position = 0
    while position < len(words):
        if position in at:
            span, entry = at[position]
            out.extend(entry.alternatives[0])
            position = span.stop
            continue
        word = words[position]
        if position not in taken and keys(lang, word) is not None \
                and not is_filler(lang, word):
            out.append(word)
        position += 1
    return tuple(out[:MAX_WORDS])


def _bridges(lang: str, words: list[str]) -> tuple[list, list]:
    """The entries of the ENGLISH table and then of the ENGLISH_WORDS table that the query's
    words hold in lang, each word once."""
    found = find(lang, words, ENGLISH)
    game = []
    taken = {p for span, _entry in found for p in span}
    # each word once: an entry of more words before one of fewer ("ganar la partida", win
    # the game, before "ganar", gain), then one spelled as typed before one that only shares
    # its stem ("pasar", pass, before "paso", step); the words around a question ("qué pasa
    # si") are not what it asks, and are not translated
    for span, entry in sorted(find(lang, words, ENGLISH_WORDS),
                              key=lambda item: (-len(item[0]), not _spelled(lang, item, words))):
        if not taken.intersection(span) and not all(is_filler(lang, words[p]) for p in span):
            game.append((span, entry))
            taken.update(span)
    return found, game


def _in_order(found: list) -> list:
    """found by query position (stable: ties keep the tables' order)."""
    return sorted(found, key=lambda item: item[0].start)


def _spelled(lang: str, item: tuple[range, Synonym], words: list[str]) -> bool:
    """Whether the query's words that item covers are typed as its entry spells them (not
    only on a shared stem), stop words aside."""
    span, entry = item
    spelled = {fold(w) for w in entry.words}
    return all(fold(words[p]) in spelled for p in span if keys(lang, words[p]) is not None)


def check_bridges(book, rules_root, found: wordlists.WordLists | None = None) -> int:
    """Check that no entry of rules_root/search/english.yaml holds the name of a term of the
    covered glossary, in its language or in English, as search finds names (on stems, among
    other words): the covered sections' own topics ("costo di apparire" holds "appare",
    phasing's) are answered by their own rules, not bridged to the whole CR in English; the
    number of entries. found: the folder's lists, when read already. Raises DataErrors
    (file:line)."""
    # lazy: saves 31 ms of `search`'s cold start (import CPU time, min of 5 runs)
    from ..yamlfiles.nodes import display_path

    where = os.path.join(os.fspath(rules_root), "search")
    if found is None:
        found = wordlists.read_folder(where, [])  # its own errors: check_folder reports them
    name = display_path(os.path.join(where, "english.yaml"))
    glossary = Glossary(book.glossary)
    errors = []
    for entry in found.english:
        typed = tuple(w.lower() for w in words_of(entry.typed))
        named = [m for m in glossary.find(typed) if m.lang in (entry.lang, "en")]
        if named:
            errors.append(DataError(name, entry.line, _(
                "typed: '{typed}' names the glossary term '{term}' of the covered sections, "
                "which search answers from their own rules: remove the entry").format(
                typed=entry.typed, term=named[0].term.id)))
    if errors:
        raise DataErrors(errors)
    return len(found.english)
