"""The audit's own data: project word lists, the card-name table and the waivers.

Read strictly through yamlfiles.YamlFile (every error as file:line), never by walking
YAML dicts by hand:

- `rules/audit/words.yaml`: per language, words the spelling check accepts (Magic terms,
  names); per language, words the dictionaries hold but that are not words of that
  language; the glossary terms with several senses (skipped by the consistency check).
- `rules/audit/cards.yaml`: the cards these rules cite, by name in en, es and it.
- `rules/waivers.yaml`: findings a judge reviewed and accepts.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

from ..yamlfiles.nodes import DATE, STR, YamlFile, display_path, line_of
from ..errors import DataError, DataErrors
from ..i18n import _
from .findings import CHECKS

TRANSLATED = ("es", "it")


class WordLists(NamedTuple):
    words: dict[str, frozenset[str]]  # lang -> accepted words (lowercase)
    not_words: dict[str, frozenset[str]]  # lang -> words to flag although a dictionary has them
    several_senses: frozenset[str]  # glossary term ids
    senses: dict[str, tuple[str, ...]] = {}  # term id -> English phrases of the sense
    #                                         its es/it names render
    sense_places: dict[str, tuple[str, int]] = {}  # term id -> (file, line) of its entry


class Card(NamedTuple):
    names: dict[str, str]  # lang -> name
    line: int


class Waiver(NamedTuple):
    lang: str
    rule: str
    check: str
    key: str
    reason: str
    by: str
    date: date
    file: str
    line: int

    @property
    def identity(self) -> tuple[str, str, str, str]:
        return (self.lang, self.rule, self.check, self.key)

    def to_json(self) -> dict:
        return {"reason": self.reason, "by": self.by, "date": self.date.isoformat(),
                "file": self.file, "line": self.line}


class AuditData(NamedTuple):
    words: WordLists
    cards: tuple[Card, ...]
    waivers: tuple[Waiver, ...]


def _open(path: Path, errors: list[DataError]):
    f = YamlFile(path, display_path(path), errors)
    return f, (f.compose() if path.exists() else None)


def _strings(f, node, what: str) -> list[str]:
    return [v for v in (f.scalar(x, STR, what) for x in f.sequence(node)) if v]


def _read_words(path: Path, errors: list[DataError]) -> WordLists:
    f, root = _open(path, errors)
    empty = WordLists({}, {}, frozenset())
    if root is None:
        return empty
    top = f.mapping(root, {"words"}, {"not_words", "several_senses", "senses"})
    if not top:
        return empty
    lists = {}
    for key in ("words", "not_words"):
        lists[key] = {}
        if key in top:
            langs = f.mapping(top[key], set(), set(TRANSLATED) | {"en"}) or {}
            for lang, node in langs.items():
                lists[key][lang] = frozenset(w.lower() for w in _strings(f, node, key))
    senses = frozenset(_strings(f, top["several_senses"], "several_senses")
                       if "several_senses" in top else ())
    phrases, places = {}, {}
    if "senses" in top:  # keyed by glossary term ids (see check_terms)
        for term, node in (f.mapping(top["senses"], set(), None) or {}).items():
            phrases[term] = tuple(_strings(f, node, "senses"))
            places[term] = (f.display, line_of(node))
    return WordLists(lists["words"], lists["not_words"], senses, phrases, places)


def check_terms(data: AuditData, term_ids) -> None:
    """Raise DataErrors (file:line) for a `senses` entry naming no glossary term."""
    known = set(term_ids)
    errors = [DataError(file, line, _("no glossary term '{term}' (senses)").format(term=term))
              for term, (file, line) in sorted(data.words.sense_places.items())
              if term not in known]
    if errors:
        raise DataErrors(errors)


def _read_cards(path: Path, errors: list[DataError]) -> tuple[Card, ...]:
    f, root = _open(path, errors)
    if root is None:
        return ()
    top = f.mapping(root, {"cards"})
    if not top:
        return ()
    cards = []
    for item in f.sequence(top["cards"]):
        keys = f.mapping(item, {"en", "es", "it"}, {"note"})
        if not keys:
            continue
        names = {lang: f.scalar(keys[lang], STR, lang) for lang in ("en", "es", "it")
                 if lang in keys}
        if len(names) == 3 and all(names.values()):
            cards.append(Card(names, line_of(item)))
    return tuple(cards)


_WAIVER_KEYS = {"lang", "rule", "check", "key", "reason", "by", "date"}


def _read_waivers(path: Path, errors: list[DataError]) -> tuple[Waiver, ...]:
    waivable = [c for c in CHECKS if c != "waiver"]  # a stale waiver is fixed, not waived
    f, root = _open(path, errors)
    if root is None:
        return ()
    top = f.mapping(root, {"waivers"})
    if not top:
        return ()
    waivers = []
    for item in f.sequence(top["waivers"]):
        keys = f.mapping(item, _WAIVER_KEYS)
        if not keys or len(keys) < len(_WAIVER_KEYS):
            continue
        values = {k: f.scalar(keys[k], STR, k) for k in _WAIVER_KEYS - {"rule", "date"}}
        number = f.number(keys["rule"], "rule")
        when = f.scalar(keys["date"], DATE, "date")
        bad = False
        if values["lang"] is not None and values["lang"] not in TRANSLATED:
            f.error(keys["lang"], _("lang '{lang}' is not a translated language ({known})"
                                    ).format(lang=values["lang"], known=", ".join(TRANSLATED)))
            bad = True
        if values["check"] is not None and values["check"] not in waivable:
            f.error(keys["check"], _("unknown check '{check}' (known: {known})").format(
                check=values["check"], known=", ".join(waivable)))
            bad = True
        if bad or None in values.values() or number is None or when is None:
            continue
        waivers.append(Waiver(values["lang"], str(number), values["check"], values["key"],
                              values["reason"], values["by"], when, f.display,
                              line_of(item)))
    seen: dict[tuple, Waiver] = {}
    for waiver in waivers:
        if waiver.identity in seen:
            errors.append(DataError(waiver.file, waiver.line, _(
                "duplicate waiver (first at line {line})").format(
                    line=seen[waiver.identity].line)))
        seen.setdefault(waiver.identity, waiver)
    return tuple(waivers)


def load_audit_data(rules_root) -> AuditData:
    """The audit's data files under rules_root; each is optional. Raises DataErrors."""
    root = Path(os.fspath(rules_root))
    errors: list[DataError] = []
    words = _read_words(root / "audit" / "words.yaml", errors)
    cards = _read_cards(root / "audit" / "cards.yaml", errors)
    waivers = _read_waivers(root / "waivers.yaml", errors)
    if errors:
        raise DataErrors(errors)
    return AuditData(words, cards, waivers)
