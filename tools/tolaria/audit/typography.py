"""Checks on a translation's own writing: punctuation and spelling (checks 9 and 10).

Spelling uses pyspellchecker's dictionaries for Spanish and Italian, plus the project's
word list (rules/audit/words.yaml) for Magic terms and names the dictionaries lack.
"""

from __future__ import annotations

import functools
import re
from typing import Iterator

from spellchecker import SpellChecker

from ..i18n import _, language_name
from ..model import Rule
from .compare import left_in_english
from .context import Context
from .features import words
from .findings import Finding, finding

_PAIRS = (("“", "”"), ("«", "»"), ("(", ")"), ("[", "]"))
_FINAL = re.compile(r"[.:!?;…][”’\"')\]»]*\s*$")
_NO_STOP = re.compile(r"([^\W\d_]+)(\s+)(\([A-ZÁÉÍÓÚ])(?=[^()]*[.!?][”\"]?\))")


def _paragraphs(rule: Rule) -> list[tuple[str, int]]:
    return [(rule.text, rule.line)] + [(e.text, e.line) for e in rule.examples]


def check_punctuation(ctx: Context) -> Iterator[Finding]:
    """Unbalanced quotes and brackets, a missing final stop, a sentence in brackets with no
    stop before it."""
    sec = ctx.section.number
    for rule in ctx.section.rules:
        for text, line in _paragraphs(rule):
            where = (rule.file, line)
            for opening, closing in _PAIRS:
                a, b = text.count(opening), text.count(closing)
                if a != b:
                    yield finding("punctuation", "cosmetic", ctx.lang, rule.number,
                                  _("as many {opening} as {closing}").format(
                                      opening=opening, closing=closing),
                                  _("{a} {opening} and {b} {closing}").format(
                                      a=a, opening=opening, b=b, closing=closing), where,
                                  f"unbalanced {opening}{closing}", sec)
            if text.count('"') % 2:
                yield finding("punctuation", "cosmetic", ctx.lang, rule.number,
                              _("straight quotes in pairs"),
                              _("{count} \"").format(count=text.count(chr(34))),
                              where, "unbalanced \"", sec)
            if not _FINAL.search(text):
                yield finding("punctuation", "cosmetic", ctx.lang, rule.number,
                              _("a final full stop"), f"…{text.rstrip()[-20:]}", where,
                              "final stop", sec)
            for match in _NO_STOP.finditer(text):
                yield finding("punctuation", "cosmetic", ctx.lang, rule.number,
                              _("“{text}…” (a full stop before the sentence in brackets)"
                                ).format(text=f"{match[1]}. {match[3]}"),
                              _("“{text}…”").format(text=f"{match[1]}{match[2]}{match[3]}"),
                              where, f"no stop before ({match[3][1:]}", sec)


# pyspellchecker's Spanish list (0.9.1) lacks many inflected forms ("efectos", "quedan",
# "dejaron"); a word is known too when it is a plural or a regular verb form of a known word.
_ES_VERB_ENDINGS = ("aron", "ieron", "aban", "ían", "ando", "iendo", "ados", "adas", "idos",
                    "idas", "ado", "ada", "ido", "ida", "ará", "erá", "irá", "arán", "erán",
                    "irán", "aría", "ería", "iría", "arían", "erían", "irían", "an", "en", "ó", "ió", "a", "e", "o", "as",
                    "es", "amos", "emos", "imos", "ase", "iera", "ieran", "ara", "aran")


def _known(word: str, lang: str, spell) -> bool:
    if word in spell:
        return True
    if lang != "es":
        return False
    if (word.endswith("s") and word[:-1] in spell) or (word.endswith("es")
                                                        and word[:-2] in spell):
        return True
    for ending in _ES_VERB_ENDINGS:
        if word.endswith(ending) and len(word) >= len(ending) + 2:
            stem = word[:-len(ending)]
            if any(stem + infinitive in spell for infinitive in ("ar", "er", "ir")):
                return True
    return False


@functools.cache
def _dictionary(lang: str):
    return SpellChecker(language=lang, distance=1)


def unknown_words(text: str, lang: str, accepted: frozenset, rejected: frozenset
                  ) -> list[str]:
    """Words of text in no dictionary of lang nor in accepted, or in rejected (in order,
    once each)."""
    spell = _dictionary(lang)
    out: list[str] = []
    for word in words(text):
        lower = word.lower()
        if lower in out or len(lower) < 2:
            continue
        if lower in rejected or (lower not in accepted and not _known(lower, lang, spell)):
            out.append(lower)
    return out


def check_spelling(ctx: Context) -> Iterator[Finding]:
    """Words in no dictionary of the language (pyspellchecker + the project's word list)."""
    accepted = ctx.data.words.words.get(ctx.lang, frozenset())
    rejected = ctx.data.words.not_words.get(ctx.lang, frozenset())
    spell = _dictionary(ctx.lang)
    sec = ctx.section.number
    english = left_in_english(ctx)  # reported once, as untranslated
    for rule in ctx.section.rules:
        seen = set()
        for text, line in _paragraphs(rule):
            if (rule.file, line) in english:
                continue
            for word in unknown_words(text, ctx.lang, accepted, rejected):
                if word in seen:
                    continue
                seen.add(word)
                guess = spell.correction(word) if word not in rejected else None
                language = language_name(ctx.lang)
                expected = (_("a word of the {language} dictionary (perhaps “{guess}”)").format(
                    language=language, guess=guess) if guess and guess != word
                    else _("a word of the {language} dictionary").format(language=language))
                yield finding("spelling", "cosmetic", ctx.lang, rule.number, expected,
                              _("“{word}”").format(word=word), (rule.file, line),
                              f"word {word}", sec)
