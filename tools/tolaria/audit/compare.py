"""Checks that hold a translated rule against its English: alignment, structure,
cross-references, numbers, untranslated or empty text (checks 1-4 and 8)."""

from __future__ import annotations

from collections import Counter
from typing import Iterator

from ..model import Rule
from . import features
from .context import Context, short
from .findings import Finding, finding


def _numbers_text(numbers) -> str:
    return ", ".join(str(n) for n in sorted(numbers)) or "none"


def check_alignment(ctx: Context) -> Iterator[Finding]:
    """Rule numbers of the English missing in the translation, and the reverse."""
    if ctx.reference is None:
        return
    ours = {r.number: r for r in ctx.section.rules}
    english = {r.number: r for r in ctx.reference.rules}
    label = ctx.english_label()
    for number in sorted(set(english) - set(ours)):
        yield finding("alignment", "critical", ctx.lang, number,
                      f"{number} ({label}): {short(english[number].text)}",
                      "no such rule in the translation", ctx.section, "missing",
                      ctx.section.number)
    for number in sorted(set(ours) - set(english)):
        yield finding("alignment", "critical", ctx.lang, number,
                      f"no rule {number} in the English ({label})",
                      f"{number}: {short(ours[number].text)}", ours[number], "extra",
                      ctx.section.number)


def check_structure(ctx: Context) -> Iterator[Finding]:
    """Content under another number (letters shifted), then examples and sentences."""
    if ctx.reference is None:
        return
    ours_numbers = {r.number for r in ctx.section.rules}
    english_numbers = {r.number for r in ctx.reference.rules}
    label = ctx.english_label()
    sec = ctx.section.number
    english_by_number = {r.number: r for r in ctx.reference.rules}
    for pair in ctx.pairs:
        ours, english = pair
        if pair.shifted:
            own = english_by_number.get(ours.number)
            yield finding(
                "structure", "critical", ctx.lang, ours.number,
                f"{ours.number} renders the English {ours.number}"
                + (f" ({short(own.text, 50)})" if own else ""),
                f"its content is the English {english.number}’s ({label}): "
                f"{short(english.text, 50)}", ours, f"content of {english.number}", sec)
        elif ours is not None and english is None and ours.number in english_numbers:
            yield finding("structure", "critical", ctx.lang, ours.number,
                          f"the content of the English {ours.number} ({label})",
                          f"content found in no English rule: {short(ours.text)}", ours,
                          "no counterpart", sec)
        elif ours is None and english is not None and english.number in ours_numbers:
            yield finding("structure", "critical", ctx.lang, english.number,
                          f"the content of the English {english.number} ({label}): "
                          f"{short(english.text)}", "translated nowhere in this section",
                          ctx.section, f"lost {english.number}", sec)
    for ours, english in ctx.matched:
        label_lang = features.EXAMPLE_LABELS[ctx.lang]
        if len(ours.examples) != len(english.examples):
            yield finding("structure", "functional", ctx.lang, ours.number,
                          f"{len(english.examples)} example(s), as {english.number} ({label})",
                          f"{len(ours.examples)} example(s)", ours,
                          f"examples {len(english.examples)}/{len(ours.examples)}", sec)
        for example in ours.examples:
            if not example.text.startswith(label_lang):
                yield finding("structure", "cosmetic", ctx.lang, ours.number,
                              f"an example starting “{label_lang}”",
                              short(example.text, 40), (ours.file, example.line),
                              "example label", sec)
        a, b = len(features.sentences(english.text)), len(features.sentences(ours.text))
        if a != b:
            yield finding("structure", "cosmetic", ctx.lang, ours.number,
                          f"{a} sentence(s), as {english.number} ({label})",
                          f"{b} sentence(s)", ours, f"sentences {a}/{b}", sec)


def check_cross_references(ctx: Context) -> Iterator[Finding]:
    """The rule numbers cited, as a multiset, against the English rule's."""
    for ours, english in ctx.matched:
        a, b = Counter(english.cites), Counter(ours.cites)
        if a != b:
            missing, extra = a - b, b - a
            key = "cites " + _numbers_text(extra.elements()) + " not " + _numbers_text(
                missing.elements())
            yield finding("cross-references", "functional", ctx.lang, ours.number,
                          f"cites {_numbers_text(english.cites)} "
                          f"(as {english.number}, {ctx.english_label()})",
                          f"cites {_numbers_text(ours.cites)}", ours, key, ctx.section.number)


def _whole(rule: Rule) -> str:
    return " ".join([rule.text] + [e.text for e in rule.examples])


def check_numbers(ctx: Context) -> Iterator[Finding]:
    """Numbers stated in digits or words (seven / siete / sette) must agree."""
    for ours, english in ctx.matched:
        a = features.numbers(_whole(english), "en")
        b = features.numbers(_whole(ours), ctx.lang)
        if a != b:
            yield finding("numbers", "critical", ctx.lang, ours.number,
                          f"the numbers {_numbers_text(a.elements())} "
                          f"(as {english.number}, {ctx.english_label()})",
                          f"the numbers {_numbers_text(b.elements())}", ours,
                          f"numbers {_numbers_text(b.elements())}", ctx.section.number)


def check_untranslated(ctx: Context) -> Iterator[Finding]:
    """A text left in English, or empty."""
    english_of = {id(o): e for o, e in ctx.matched}
    for rule in ctx.section.rules:
        if not rule.text.strip():
            yield finding("untranslated", "critical", ctx.lang, rule.number,
                          "a translated text", "an empty text", rule, "empty",
                          ctx.section.number)
            continue
        english = english_of.get(id(rule))
        if english is None:
            continue
        if features.normalise(rule.text) == features.normalise(english.text):
            yield finding("untranslated", "functional", ctx.lang, rule.number,
                          "a translation", f"the English text: {short(rule.text)}", rule,
                          "text", ctx.section.number)
        english_examples = {features.normalise(e.text) for e in english.examples}
        for example in rule.examples:
            if features.normalise(example.text) in english_examples:
                yield finding("untranslated", "functional", ctx.lang, rule.number,
                              "a translation", f"the English example: {short(example.text)}",
                              (rule.file, example.line), "example", ctx.section.number)
