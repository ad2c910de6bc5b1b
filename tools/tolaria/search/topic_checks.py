"""The editorial rules of the best bets (rules/search/topics.yaml), checked by `validate`.

A best bet is earned from the rules, not remembered from a test question:

- no phrase holds the whole of a query of a set in bench/ (the folder beside the rules
  folder; none there, nothing to compare): every meaningful word of the query has a stem
  among the phrase's, compared as topics.py matches a phrase (stems, folding, stop words
  and filler left out);
- a phrase has at most MAX_WORDS meaningful words;
- each topic names what it was written from (`from`): glossary term ids, or words of the
  text of the rules it names (in its language or in English), compared on stems;
- a phrase names a card (a name of rules/audit/cards.yaml, in any language) only when the
  CR, the rulebook's rules or a worked example names that card.
"""

from __future__ import annotations

import functools
import os
import re

from ..errors import DataError
from ..lookup import whole_cr
from ..model import RuleBook
from ..numbering import BadNumber, RuleNumber
from ..i18n import _, language_name
from .analysis import keys, words
from .topics import WHOLE, phrase_keys
from .wordlists import Topic

MAX_WORDS = 4  # meaningful words of a phrase, at most
BENCH = "bench"  # beside the rules folder: the query sets search is measured on

Stems = tuple  # a phrase's meaningful words, each as a frozenset of its stem keys


def holds(phrase: Stems, query: Stems) -> bool:
    """Whether every meaningful word of query has a stem among phrase's words."""
    return bool(query) and all(any(q & p for p in phrase) for q in query)


def bench_folder(rules_root) -> str:
    """Where the query sets of a rules folder are: the bench/ folder beside it."""
    return os.path.join(os.path.dirname(os.path.abspath(os.fspath(rules_root))), BENCH)


def bench_queries(rules_root, errors: list) -> list[tuple[str, str, str, int]]:
    """(lang, query, file, line) of every query of the sets in <rules_root>/../bench
    (queries*.yaml); [] when there is no such folder. Problems appended to errors."""
    # lazy: saves 31 ms of `search`'s cold start (import CPU time, min of 5 runs)
    from ..yamlfiles.nodes import STR, YamlFile, display_path, line_of

    folder = bench_folder(rules_root)
    if not os.path.isdir(folder):
        return []
    out = []
    for name in sorted(os.listdir(folder)):
        if not (name.startswith("queries") and name.endswith(".yaml")):
            continue
        path = os.path.join(folder, name)
        f = YamlFile(path, display_path(path), errors, ended=False)  # not under rules/
        root = f.compose()
        top = f.mapping(root, {"queries"}, None) if root is not None else None
        for item in f.sequence(top["queries"]) if top else ():
            fields = f.mapping(item, {"lang", "query"}, None)
            if fields and len(fields) >= 2:
                lang, query = (f.scalar(fields[k], STR, k) for k in ("lang", "query"))
                if lang and query:
                    out.append((lang, query, f.display, line_of(item)))
    return out


def _query_index(queries) -> dict[str, dict[str, list]]:
    """Per language, the queries short enough to fit in a phrase (at most MAX_WORDS
    meaningful words), as (stems, file, line), under each stem key of their first word."""
    out: dict[str, dict[str, list]] = {}
    for lang, query, file, line in queries:
        stems = phrase_keys(lang, query.lower()) if lang in ("en", "es", "it") else ()
        if 0 < len(stems) <= MAX_WORDS:
            for key in stems[0]:
                out.setdefault(lang, {}).setdefault(key, []).append((stems, file, line))
    return out


def _held_query(lang: str, stems: Stems, index) -> tuple[str, int] | None:
    """The first bench query (file, line) whose every word the phrase holds, or None."""
    by_key = index.get(lang, {})
    for word in stems:
        for key in word:
            for query, file, line in by_key.get(key, ()):
                if len(query) <= len(stems) and holds(stems, query):
                    return file, line
    return None


@functools.lru_cache(maxsize=4096)
def text_stems(lang: str, text: str) -> frozenset[str]:
    """The stem keys of every word of text, analysed as lang (topics share their rules)."""
    out: set[str] = set()
    for word in set(words(text.lower())):
        out.update(k for k in keys(lang, word) or () if not k.startswith("="))
    return frozenset(out)


def rule_texts(book: RuleBook, lang: str, rule: str, whole=None) -> list[tuple[str, str]]:
    """(language, text) of a topic's rule id: a covered rule's text and examples (or a
    section's title) in lang and in English; a rule of the whole CR's, in English."""
    if rule.startswith(WHOLE):
        found = whole.rule(rule[len(WHOLE):]) if whole is not None else None
        return [("en", "\n".join((found.text, *found.examples)))] if found else []
    try:
        number = RuleNumber.parse(rule)
    except BadNumber:
        return []
    out = []
    for language in dict.fromkeys((lang, "en")):
        found = book.find(language, number)
        if found is not None:
            out.append((language, found.title if hasattr(found, "title") else "\n".join(
                (found.text, *(p.text for p in found.examples)))))
    return out


def topic_stems(book: RuleBook, topic: Topic, whole=None) -> dict[str, set[str]]:
    """The stem keys of the text of a topic's rules, in its language and in English."""
    out: dict[str, set[str]] = {lang: set() for lang in (topic.lang, "en")}
    for rule in topic.rules:
        for lang, text in rule_texts(book, topic.lang, rule, whole):
            out[lang] |= text_stems(lang, text)
    return out


def written_from(book: RuleBook, source: str, stems: dict[str, set[str]]) -> bool:
    """Whether a `from` entry is a glossary term id, or words each of which occurs (on
    stems) in the text of the topic's rules (stems: topic_stems), in one language."""
    if book.term(source) is not None:
        return True
    for lang, found in stems.items():
        wanted = phrase_keys(lang, source.lower())
        if wanted and all(not word.isdisjoint(found) for word in wanted):
            return True
    return False


def _card_stems(lang: str, cards) -> dict[str, list[tuple[Stems, tuple[str, ...]]]]:
    """Every name of every card as lang's phrase_keys, with all the card's names, under
    each stem key of the name's first word."""
    out: dict[str, list] = {}
    for names in cards:
        for name in names:
            stems = phrase_keys(lang, name.lower())
            for key in stems[0] if stems else ():
                out.setdefault(key, []).append((stems, names))
    return out


def _named_card(stems: Stems, card: Stems) -> bool:
    """Whether a phrase holds a card's name, its words in a row."""
    return any(all(a & b for a, b in zip(stems[i:], card))
               for i in range(len(stems) - len(card) + 1))


def _card_in(stems: Stems, by_first: dict) -> tuple[str, ...] | None:
    """The names of a card (_card_stems) whose name the phrase holds, or None."""
    for word in stems:
        for key in word:
            for card, names in by_first.get(key, ()):
                if _named_card(stems, card):
                    return names
    return None


def cited_cards(book: RuleBook, cards, examples_text: str, whole=None) -> set[tuple]:
    """The cards (each as its names) that the whole CR, the rulebook's rules (any language)
    or the worked examples name."""
    corpus = [examples_text]
    if whole is not None:
        corpus.extend(t for r in whole.rules() for t in (r.text, *r.examples))
    for _section, rule in book.rules():
        corpus.extend((rule.text, *(p.text for p in rule.examples)))
    text = "\n".join(corpus).lower()
    return {names for names in cards
            if any(n.lower() in text and re.search(
                r"(?<!\w)" + re.escape(n.lower()) + r"(?!\w)", text) for n in names)}


def check_topics(book: RuleBook, rules_root, topics, cards=(), examples_text: str = "",
                 queries=None) -> list[DataError]:
    """Every break of the editorial rules by the topics (wordlists.Topic records) read from
    rules_root/search/topics.yaml, as file:line errors. cards: every known card's names
    (rules/audit/cards.yaml); examples_text: the worked examples' files, as text; queries:
    the bench's (bench_queries; read from beside rules_root when None)."""
    # lazy: saves 31 ms of `search`'s cold start (import CPU time, min of 5 runs)
    from ..yamlfiles.nodes import display_path

    name = display_path(os.path.join(os.fspath(rules_root), "search", "topics.yaml"))
    errors: list[DataError] = []
    index = _query_index(bench_queries(rules_root, errors) if queries is None else queries)
    whole = whole_cr(book)
    cards = [tuple(names) for names in cards]
    cited = cited_cards(book, cards, examples_text, whole) if cards else set()
    card_stems = {lang: _card_stems(lang, [c for c in cards if c not in cited])
                  for lang in {t.lang for t in topics}}
    for topic in topics:
        for phrase in topic.typed:
            stems = phrase_keys(topic.lang, phrase)
            if len(stems) > MAX_WORDS:
                errors.append(DataError(name, topic.line, _(
                    "typed: '{phrase}' has {count} meaningful words, more than {most}: keep "
                    "the words that name the concept").format(
                    phrase=phrase, count=len(stems), most=MAX_WORDS)))
            held = _held_query(topic.lang, stems, index) if stems else None
            if held is not None:
                errors.append(DataError(name, topic.line, _(
                    "typed: '{phrase}' holds the whole of a test query ({file}:{line}): a "
                    "best bet names a concept, never a test's question").format(
                    phrase=phrase, file=held[0], line=held[1])))
            card = _card_in(stems, card_stems[topic.lang])
            if card is not None:
                errors.append(DataError(name, topic.line, _(
                    "typed: '{phrase}' names the card {card}, which neither the CR nor a "
                    "worked example names").format(phrase=phrase, card=card[0])))
        if not topic.sources:
            errors.append(DataError(name, topic.line, _(
                "from: name the glossary term or the rule words the topic was written "
                "from")))
        stems_of_rules = topic_stems(book, topic, whole) if topic.sources else {}
        for source in topic.sources:
            if not written_from(book, source, stems_of_rules):
                errors.append(DataError(name, topic.line, (_(
                    "from: '{source}' is neither a glossary term nor words of the text of "
                    "{rules}") if topic.lang == "en" else _(
                    "from: '{source}' is neither a glossary term nor words of the text of "
                    "{rules} (in {language} or English)")).format(
                    source=source, rules=", ".join(topic.rules),
                    language=language_name(topic.lang))))
    return errors
