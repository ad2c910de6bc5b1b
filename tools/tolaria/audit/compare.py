"""Checks that hold a translated rule against its English: alignment, structure,
cross-references, numbers, untranslated or empty text (checks 1-4 and 8)."""

from __future__ import annotations

from collections import Counter
from typing import Iterator

from ..i18n import _, ngettext
from ..model import Rule
from . import features, sentences
from .context import Context, short
from .edition import elsewhere, missing_from_claimed
from .findings import Finding, finding


def _numbers_key(numbers) -> str:
    """Numbers for a finding's key (an identifier: always English)."""
    return ", ".join(str(n) for n in sorted(numbers)) or "none"


def cites_key(ours, english) -> str:
    """The key of a translation citing other rules than its English: "cites 705 not 704"."""
    a, b = Counter(english), Counter(ours)
    return "cites " + _numbers_key((b - a).elements()) + " not " + _numbers_key(
        (a - b).elements())


def _numbers_text(numbers) -> str:
    """Numbers for people."""
    return ", ".join(str(n) for n in sorted(numbers)) or _("none")


def check_alignment(ctx: Context) -> Iterator[Finding]:
    """Rule numbers of the English missing in the translation, and the reverse."""
    if ctx.reference is None:
        return
    if ctx.stale:  # the numbering is the edition finding's; here, only content lacking
        for rule, why in missing_from_claimed(ctx):
            yield finding("alignment", "critical", ctx.lang, rule.number,
                          _("{number} ({label}): {text}").format(
                              number=rule.number, label=ctx.claimed_label(),
                              text=short(rule.text)), why, ctx.section, "missing",
                          ctx.section.number)
        return
    ours = {r.number: r for r in ctx.section.rules}
    english = {r.number: r for r in ctx.reference.rules}
    label = ctx.english_label()
    for number in sorted(set(english) - set(ours)):
        yield finding("alignment", "critical", ctx.lang, number,
                      _("{number} ({label}): {text}").format(
                          number=number, label=label, text=short(english[number].text)),
                      _("no such rule in the translation"), ctx.section, "missing",
                      ctx.section.number)
    for number in sorted(set(ours) - set(english)):
        yield finding("alignment", "critical", ctx.lang, number,
                      _("no rule {number} in the English ({label})").format(
                          number=number, label=label),
                      _("{number}: {text}").format(number=number,
                                                   text=short(ours[number].text)),
                      ours[number], "extra", ctx.section.number)


def check_structure(ctx: Context) -> Iterator[Finding]:
    """Content under another number (letters shifted), then examples and sentences."""
    if ctx.reference is None:
        return
    ours_numbers = {r.number for r in ctx.section.rules}
    english_numbers = {r.number for r in ctx.english_rules}
    label = ctx.english_label()
    sec = ctx.section.number
    english_by_number = {r.number: r for r in ctx.english_rules}
    for pair in ctx.pairs:
        ours, english = pair
        if ours is not None and english is None and (ctx.stale or ours.number
                                                      in english_numbers):
            other = elsewhere(ctx, ours)
            found = (_("{where}: {text}") if other else
                     _("content found in no English rule: {text}")).format(
                where=other, text=short(ours.text))
            yield finding("structure", "critical", ctx.lang, ours.number,
                          _("the content of the English {number} ({label})").format(
                              number=ours.number, label=label),
                          found, ours, "no counterpart", sec)
        elif ctx.stale:  # shifted letters, lost rules: reported by the edition check
            continue
        elif pair.shifted:
            own = english_by_number.get(ours.number)
            expected = (_("{number} renders the English {number} ({text})").format(
                number=ours.number, text=short(own.text, 50)) if own else
                _("{number} renders the English {number}").format(number=ours.number))
            yield finding(
                "structure", "critical", ctx.lang, ours.number, expected,
                _("its content is the English {number}’s ({label}): {text}").format(
                    number=english.number, label=label, text=short(english.text, 50)),
                ours, f"content of {english.number}", sec)
        elif ours is None and english is not None and english.number in ours_numbers:
            yield finding("structure", "critical", ctx.lang, english.number,
                          _("the content of the English {number} ({label}): {text}").format(
                              number=english.number, label=label, text=short(english.text)),
                          _("translated nowhere in this section"), ctx.section,
                          f"lost {english.number}", sec)
    for ours, english in ctx.matched:
        label_lang = features.EXAMPLE_LABELS[ctx.lang]
        a, b = len(english.examples), len(ours.examples)
        if a != b:
            yield finding("structure", "functional", ctx.lang, ours.number,
                          ngettext("{count} example, as {number} ({label})",
                                   "{count} examples, as {number} ({label})", a).format(
                              count=a, number=english.number, label=label),
                          ngettext("{count} example", "{count} examples", b).format(count=b),
                          ours, f"examples {a}/{b}", sec)
        for example in ours.examples:
            if not example.text.startswith(label_lang):
                yield finding("structure", "cosmetic", ctx.lang, ours.number,
                              _("an example starting “{label}”").format(label=label_lang),
                              short(example.text, 40), (ours.file, example.line),
                              "example label", sec)
        compared = sentences.compare(english.text, ours.text, ctx.lang)
        a, b = len(compared.english), len(compared.ours)
        if a != b or compared.lacking:
            found = ngettext("{count} sentence", "{count} sentences", b).format(count=b)
            if compared.lacking:
                found = _("{found}; it lacks {sentences}").format(
                    found=found, sentences=", ".join(_("“{text}”").format(text=short(s, 90))
                                                     for s in compared.lacking))
            yield finding("structure", "cosmetic", ctx.lang, ours.number,
                          ngettext("{count} sentence, as {number} ({label})",
                                   "{count} sentences, as {number} ({label})", a).format(
                              count=a, number=english.number, label=label),
                          found, ours, f"sentences {a}/{b}", sec)


def check_cross_references(ctx: Context) -> Iterator[Finding]:
    """The rule numbers cited, as a multiset, against the English rule's."""
    for ours, english in ctx.matched:
        a, b = Counter(english.cites), Counter(ours.cites)
        if a != b:
            key = cites_key(ours.cites, english.cites)
            yield finding("cross-references", "functional", ctx.lang, ours.number,
                          _("cites {numbers} (as {number}, {label})").format(
                              numbers=_numbers_text(english.cites), number=english.number,
                              label=ctx.english_label()),
                          _("cites {numbers}").format(numbers=_numbers_text(ours.cites)), ours,
                          key, ctx.section.number)


def _whole(rule: Rule) -> str:
    return " ".join([rule.text] + [e.text for e in rule.examples])


def check_numbers(ctx: Context) -> Iterator[Finding]:
    """Numbers stated in digits or words (seven / siete / sette) must agree."""
    for ours, english in ctx.matched:
        a = features.numbers(_whole(english), "en")
        b = features.numbers(_whole(ours), ctx.lang)
        if a != b:
            yield finding("numbers", "critical", ctx.lang, ours.number,
                          _("the numbers {numbers} (as {number}, {label})").format(
                              numbers=_numbers_text(a.elements()), number=english.number,
                              label=ctx.english_label()),
                          _("the numbers {numbers}").format(
                              numbers=_numbers_text(b.elements())), ours,
                          f"numbers {_numbers_key(b.elements())}", ctx.section.number)


def _in_english(ours: Rule, english: Rule) -> Iterator[tuple[str, int, str]]:
    """(what, line, text) of each paragraph of a translated rule identical to its English:
    what is "text" or "example"."""
    if features.normalise(ours.text) == features.normalise(english.text):
        yield "text", ours.line, ours.text
    english_examples = {features.normalise(e.text) for e in english.examples}
    for example in ours.examples:
        if features.normalise(example.text) in english_examples:
            yield "example", example.line, example.text


def left_in_english(ctx: Context) -> set[tuple[str, int]]:
    """(file, line) of each translated paragraph identical to its English (the untranslated
    check reports them; the spelling check leaves them alone)."""
    return {(ours.file, line) for ours, english in ctx.matched if ours.text.strip()
            for _what, line, _text in _in_english(ours, english)}


def check_untranslated(ctx: Context) -> Iterator[Finding]:
    """A text left in English, or empty."""
    english_of = {id(o): e for o, e in ctx.matched}
    for rule in ctx.section.rules:
        if not rule.text.strip():
            yield finding("untranslated", "critical", ctx.lang, rule.number,
                          _("a translated text"), _("an empty text"), rule, "empty",
                          ctx.section.number)
            continue
        english = english_of.get(id(rule))
        if english is None:
            continue
        for what, line, text in _in_english(rule, english):
            found = (_("the English text: {text}") if what == "text"
                     else _("the English example: {text}")).format(text=short(text))
            yield finding("untranslated", "functional", ctx.lang, rule.number,
                          _("a translation"), found, (rule.file, line), what,
                          ctx.section.number)
