"""Checks on words with fixed translations: glossary terms and card names (checks 5 and 6)."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Iterator

from ..i18n import _
from ..model import Rule, Term
from .context import Context
from .features import lexeme, phrase_pattern, same_lexeme
from .findings import Finding, finding

_OBSOLETE_MARK = re.compile(r"\s*\((?:Obsolete|Obsoleto)\)\s*$", re.IGNORECASE)
# A duration ("until end of turn") is not the obsolete trigger ("at end of turn").
_DURATION = {"en": ("until",), "es": ("hasta",), "it": ("fino",)}


def _whole(rule: Rule) -> str:
    return " ".join([rule.text] + [e.text for e in rule.examples])


def _forms(term: Term, lang: str) -> list[str]:
    name = term.names[lang]
    forms = [_OBSOLETE_MARK.sub("", name.name)] + list(name.variants)
    return sorted(set(forms), key=len, reverse=True)


def _search(text: str, forms: list[str], inflected: bool, lang: str = "",
            durations: bool = True) -> re.Match | None:
    for form in forms:
        for match in phrase_pattern(form, inflected).finditer(text):
            before = text[:match.start()].split()
            if not durations and before and before[-1].strip("“\"«(").lower() in _DURATION.get(
                    lang, ()):
                continue
            if lang == "en" and re.match(r"\s+(?:out|in)\b", text[match.end():]) and \
                    not re.search(r"\b(?:out|in)$", match.group()):
                continue  # "phasing out" is the verb, not the keyword "phasing"
            return match
    return None


def term_forms(term: Term, lang: str) -> list[str]:
    """The approved name of a term in lang and its variants, longest first."""
    return _forms(term, lang)


def english_forms(term: Term, data) -> list[str]:
    """The English forms the glossary check looks for: the sense's phrases where the words
    list names them (`draw`: a game that is a draw), else the term's forms."""
    senses = data.words.senses.get(term.id)
    return sorted(senses, key=len, reverse=True) if senses else _forms(term, "en")


def obsolete_forms(term: Term, lang: str) -> tuple[list[str], list[str]]:
    """(obsolete wordings in lang, in English): of a term that is itself obsolete, all its
    forms."""
    if term.obsolete:
        return _forms(term, lang), _forms(term, "en")
    return list(term.names[lang].obsolete_names), list(term.names["en"].obsolete_names)


term_search = _search  # the glossary's phrase search, for the worked examples' check


def glossary_uses(ctx: Context) -> Iterator[tuple[Term, str, str, Rule]]:
    """(term, English form, translation lexeme, rule) for every term both texts use."""
    for ours, english in ctx.matched:
        en_text, our_text = _whole(english), _whole(ours)
        for term in ctx.book.glossary:
            if term.obsolete or ctx.lang not in term.names:
                continue
            en_match = _search(en_text, english_forms(term, ctx.data), inflected=False,
                               lang="en")
            if en_match is None:
                continue
            our_match = _search(our_text, _forms(term, ctx.lang), inflected=True)
            yield term, en_match.group().lower(), (lexeme(our_match.group()) if our_match
                                                    else ""), ours


def check_glossary(ctx: Context) -> Iterator[Finding]:
    """Approved translations of the terms the English uses; obsolete wordings."""
    sec = ctx.section.number
    for term, en_form, our_lexeme, ours in glossary_uses(ctx):
        if not our_lexeme:
            approved = term.names[ctx.lang].name
            yield finding("glossary", "functional", ctx.lang, ours.number,
                          _("“{approved}” (glossary, for the English “{english}”)").format(
                              approved=approved, english=en_form),
                          _("no form of the approved term"), ours, f"term {term.id}", sec)
    for ours, english in ctx.matched:
        en_text, our_text = _whole(english), _whole(ours)
        for term in ctx.book.glossary:
            if ctx.lang not in term.names:
                continue
            old, en_old = obsolete_forms(term, ctx.lang)
            if not old:
                continue
            match = _search(our_text, old, inflected=False, lang=ctx.lang, durations=False)
            if match is None or _search(en_text, en_old, False, "en", False) is not None:
                continue
            expected = (_("“{name}” (the English has no obsolete wording here)").format(
                name=term.names[ctx.lang].name) if not term.obsolete else
                _("no obsolete wording (the English has no obsolete wording here)"))
            yield finding("glossary", "functional", ctx.lang, ours.number, expected,
                          _("the obsolete “{words}”").format(words=match.group()), ours,
                          f"obsolete {match.group().lower()}", sec)


def check_glossary_consistency(contexts: list[Context]) -> Iterator[Finding]:
    """One English term translated two ways across the rulebook (in one language)."""
    if not contexts:
        return
    senses = contexts[0].data.words.several_senses
    uses: dict = defaultdict(lambda: defaultdict(list))
    for ctx in contexts:
        for term, en_form, our_lexeme, ours in glossary_uses(ctx):
            if our_lexeme and term.id not in senses:
                uses[(ctx.lang, term.id, en_form)][our_lexeme].append((ctx, ours))
    for (lang, term_id, en_form), by_word in sorted(uses.items()):
        by_lexeme: dict = {}
        for word, places in sorted(by_word.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            home = next((w for w in by_lexeme if same_lexeme(w, word)), word)
            by_lexeme.setdefault(home, []).extend(places)
        if len(by_lexeme) < 2:
            continue
        ranked = sorted(by_lexeme.items(), key=lambda kv: (-len(kv[1]), kv[0]))
        usual, usual_places = ranked[0]
        for other, places in ranked[1:]:
            for ctx, rule in places:
                rules = ", ".join(str(r.number) for _c, r in usual_places[:3])
                yield finding(
                    "glossary", "cosmetic", lang, rule.number,
                    _("the English “{english}” translated one way, as in {rules} (“{usual}”)"
                      ).format(english=en_form, rules=rules, usual=usual),
                    _("a second translation (“{other}”)").format(other=other), rule,
                    f"two ways {term_id}", ctx.section.number)


def check_card_names(ctx: Context) -> Iterator[Finding]:
    """Cards the English names are named as printed in the translation's language."""
    sec = ctx.section.number
    for ours, english in ctx.matched:
        en_text, our_text = _whole(english), _whole(ours)
        for card in ctx.data.cards:
            en_name, our_name = card.names["en"], card.names[ctx.lang]
            in_english = phrase_pattern(en_name, False).search(en_text) is not None
            exact = re.search(r"(?<!\w)" + re.escape(our_name) + r"(?!\w)", our_text)
            loose = phrase_pattern(our_name, False).search(our_text)
            left = (phrase_pattern(en_name, False).search(our_text)
                    if en_name != our_name else None)
            if in_english and not exact:
                found = (_("“{name}”").format(name=loose.group()) if loose else
                         _("the English name “{name}”").format(name=left.group()) if left
                         else _("no such name"))
                yield finding("card-names", "functional", ctx.lang, ours.number,
                              _("“{name}” (the card {card})").format(name=our_name,
                                                                    card=en_name),
                              found, ours, f"card {en_name}", sec)
            elif not in_english and (loose or left):
                yield finding("card-names", "functional", ctx.lang, ours.number,
                              _("no card named (as {number}, {label})").format(
                                  number=english.number, label=ctx.english_label()),
                              _("the card “{name}” ({card})").format(
                                  name=(loose or left).group(), card=en_name), ours,
                              f"extra card {en_name}", sec)
