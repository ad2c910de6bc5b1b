"""Check 7: does a translation fit the English edition it claims, or another one better?

Every known English version of the section (from the rule history) is scored against the
translation with the same content alignment the other checks use. A translation that fits
an older version better than the one it claims is named stale, with the English changes
since; one whose numbering only a later edition has is named as claiming the wrong edition.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Iterator, NamedTuple
import difflib

from ..i18n import N_, _, format_date
from ..model import Rule
from ..numbering import NUMBER_PATTERN
from .context import Context, short, span
from .findings import Finding, finding
from .pairing import Pair, align, align_english, similarity

MARGIN = 1.0  # a better fit must beat the claimed edition's by this much to be reported
_REFS = re.compile(r"\b" + NUMBER_PATTERN + r"\b")  # a citation's number is not a rewording
_TYPOGRAPHY = str.maketrans({"“": '"', "”": '"', "’": "'", "‘": "'"})


def _plain(text: str) -> str:
    """A text without its typography (editions switch between straight and curly quotes)."""
    return " ".join(text.translate(_TYPOGRAPHY).split())


class Fit(NamedTuple):
    editions: list[date]  # the editions that have this version of the section
    number: object  # the section's number in them
    rules: tuple[Rule, ...]
    score: float
    same: int  # translated rules paired with the English rule of the same number
    gaps: int  # rules of either side paired with nothing
    cites: int  # paired rules citing the same rules
    pairs: tuple[Pair, ...] = ()  # the translation's rules paired with these


class Assessment(NamedTuple):
    """How a translated section fits the English editions known."""

    known: list[Fit]  # each distinct English version, oldest first
    claimed: Fit | None  # the version of the claimed edition
    best: Fit | None  # a version fitting clearly better than the claimed one, else None
    newer: bool  # best is later than the claimed edition

    @property
    def stale(self) -> bool:
        return self.best is not None and not self.newer


def fits(ctx: Context) -> list[Fit]:
    """Each distinct English version of the section, scored, oldest first."""
    versions = ctx.versions
    if versions is None or versions.history is None or ctx.reference is None:
        return []
    project = ctx.book.section("en", ctx.section.number)
    title = project.title if project else ctx.reference.title
    out: dict[tuple, Fit] = {}
    for edition in sorted(versions.editions):
        found = versions.section(ctx.section.number, title, edition)
        if found is None:
            continue
        then, rules = found
        key = (then, tuple((r.number, _plain(r.text), tuple(_plain(e.text)
                                                              for e in r.examples))
                           for r in rules))
        if key in out:
            out[key].editions.append(edition)
            continue
        pairs, score = align(list(ctx.section.rules), list(rules), ctx.lang, ctx.cache)
        same = sum(1 for p in pairs if p.ours and p.english and not p.shifted)
        gaps = sum(1 for p in pairs if p.ours is None or p.english is None)
        cites = sum(1 for p in pairs if p.ours and p.english
                    and sorted(p.ours.cites) == sorted(p.english.cites))
        out[key] = Fit([edition], then, rules, score, same, gaps, cites, tuple(pairs))
    return sorted(out.values(), key=lambda f: f.editions[0])


def assess(ctx: Context) -> Assessment | None:
    """The claimed edition's fit against the best one; None without the rule history."""
    known = fits(ctx)
    if not known:
        return None
    claimed_date = ctx.reference.claimed
    claimed = next((f for f in known if claimed_date in f.editions), None)
    best = max(known, key=lambda f: (f.score, -abs((f.editions[-1] - claimed_date).days)))
    if claimed is None or best is claimed or best.score < claimed.score + MARGIN:
        best = None
    return Assessment(known, claimed, best,
                      best is not None and best.editions[0] > claimed_date)


def _masked(text: str) -> str:
    return _REFS.sub("#", _plain(text))


def rule_span(known: list[Fit], rule: Rule) -> list[date]:
    """The editions printing an English rule under its number (citations aside)."""
    text = _masked(rule.text)
    return sorted(d for f in known for r in f.rules
                  if r.number == rule.number and _masked(r.text) == text for d in f.editions)


def _gone(ctx: Context, old: tuple[Rule, ...], new: tuple[Rule, ...]) -> set[int]:
    """ids of the rules of old that new no longer has: paired with none, or with a rule
    worded quite differently."""
    key = ("gone", id(old), id(new))
    if key not in ctx.cache:
        gone = set()
        for a, b in align_english(list(old), list(new)):
            if a is None:
                continue
            if b is None or difflib.SequenceMatcher(None, _masked(a.text), _masked(b.text),
                                                    autojunk=False).ratio() < 0.5:
                gone.add(id(a))
        ctx.cache[key] = (gone, old, new)  # keep them alive: ids stay unique
    return ctx.cache[key][0]


def elsewhere(ctx: Context, ours: Rule) -> str | None:
    """For a translated rule that renders no rule of the English compared with: the English
    rule of another edition it renders ("the English 702.25k of 2016 – 2017, removed
    since"), or None."""
    a = ctx.assessment
    if a is None or ctx.reference is None:
        return None
    claimed_date = ctx.reference.claimed
    found = []
    for fit in a.known:
        for pair in fit.pairs:
            if pair.ours is ours and pair.english is not None \
                    and id(pair.english) in _gone(ctx, fit.rules, ctx.english_rules) \
                    and similarity(ours, pair.english, ctx.lang, ctx.cache) >= 1.0:
                found.append((abs((fit.editions[-1] - claimed_date).days), pair.english))
    if not found:
        return None
    english = min(found, key=lambda f: f[0])[1]
    editions = rule_span(a.known, english)
    if editions[-1] < claimed_date:
        return _("the English {number} of {span}, removed since").format(
            number=english.number, span=span(editions))
    if editions[0] > claimed_date:
        return _("the English {number} of {span}, added after the claimed edition").format(
            number=english.number, span=span(editions))
    return _("the English {number} of {span}").format(number=english.number,
                                                      span=span(editions))


def changes(old: tuple[Rule, ...], new: tuple[Rule, ...]) -> list[str]:
    """What the English changed from old to new: rules added, removed, renumbered,
    reworded, citations changed."""
    added, removed, renumbered, reworded, cites = [], [], [], [], []
    for a, b in align_english(list(old), list(new)):
        if a is None:
            added.append(_("{number} (“{text}”)").format(number=b.number,
                                                        text=short(b.text, 45)))
        elif b is None:
            removed.append(_("{number} (“{text}”)").format(number=a.number,
                                                          text=short(a.text, 45)))
        else:
            if a.number != b.number:
                renumbered.append(f"{a.number}→{b.number}")
            elif _masked(a.text) != _masked(b.text):
                reworded.append(str(b.number))
            if sorted(a.cites) != sorted(b.cites):
                cites.append(_("{number} cites {new} instead of {old}").format(
                    number=b.number, new=", ".join(map(str, b.cites)) or _("nothing"),
                    old=", ".join(map(str, a.cites)) or _("nothing")))
    out = []
    for label, items in ((N_("added {items}"), added), (N_("removed {items}"), removed),
                         (N_("renumbered {items}"), renumbered),
                         (N_("reworded {items}"), reworded), (N_("citations {items}"), cites)):
        if items:
            out.append(_(label).format(items=", ".join(items)))
    return out


def _against_best(ctx: Context, best: Fit) -> list[str]:
    """How the translation's numbering departs from the best-fitting English, and which of
    its rules render English rules removed since."""
    out = []
    shifted = [p for p in best.pairs if p.shifted]
    if shifted:
        out.append(_("against that English, its {ours} render the English {english}").format(
            ours=", ".join(str(p.ours.number) for p in shifted),
            english=", ".join(str(p.english.number) for p in shifted)))
    lost = [p.english for p in best.pairs if p.ours is None]
    if lost:
        out.append(_("nothing in it renders the English {rules} of that edition").format(
            rules=", ".join(_("{number} (“{text}”)").format(number=r.number,
                                                           text=short(r.text, 45))
                            for r in lost)))
    gone = _gone(ctx, best.rules, ctx.reference.rules)
    for pair in best.pairs:
        if pair.ours is not None and pair.english is not None and id(pair.english) in gone:
            editions = rule_span(ctx.assessment.known, pair.english)
            if editions and editions[-1] < ctx.reference.claimed:
                out.append(_("its {number} renders the English {english} of {span}, removed "
                             "since").format(number=pair.ours.number,
                                             english=pair.english.number,
                                             span=span(editions)))
    return out


def check_edition(ctx: Context) -> Iterator[Finding]:
    """The claimed edition against the best-fitting one."""
    a = ctx.assessment
    if a is None:
        return
    ref, sec, lang = ctx.reference, ctx.section, ctx.lang
    claimed, known = a.claimed, a.known
    if claimed is not None and claimed.number != sec.number:
        later = [f for f in known if f.number == sec.number and f.editions[0] > ref.claimed]
        found = (_("the translation numbers it {number}; English numbers it {number} from "
                   "{date}").format(number=sec.number, date=format_date(later[0].editions[0]))
                 if later else _("the translation numbers it {number}").format(
                     number=sec.number))
        yield finding("edition", "critical", lang, sec.number,
                      _("the numbering of the claimed edition {claimed}: section {number} "
                        "(“{title}”)").format(claimed=format_date(ref.claimed),
                                              number=claimed.number, title=ref.title),
                      found, sec, f"numbered {claimed.number}", sec.number)
    best = a.best
    if best is None:
        return
    shape = _("rules matching in number and content: {same} of {total}, against "
              "{claimed_same} for the claimed edition; citing the same rules: {cites}, "
              "against {claimed_cites}").format(
        same=best.same, total=len(sec.rules), claimed_same=claimed.same, cites=best.cites,
        claimed_cites=claimed.cites)
    if a.newer:
        found = _("the text fits the later English of {span} better ({shape})").format(
            span=span(best.editions), shape=shape)
        diff = changes(claimed.rules, best.rules)
        if diff:
            found = _("{found}; English changes after the claimed edition: {changes}").format(
                found=found, changes="; ".join(diff))
    else:
        found = _("stale: the text fits the English of {span} better ({shape})").format(
            span=span(best.editions), shape=shape)
        if best is known[0] and best.gaps:
            found = _("{found}; it matches none exactly and predates the oldest English "
                      "known ({date})").format(found=found,
                                               date=format_date(known[0].editions[0]))
        diff = changes(best.rules, claimed.rules)
        if diff:
            found = _("{found}; English changes since {date}: {changes}").format(
                found=found, date=format_date(best.editions[-1]), changes="; ".join(diff))
        for part in _against_best(ctx, best):
            found = _("{found}; {more}").format(found=found, more=part)
    numbering_changed = {r.number for r in best.rules} != {r.number for r in claimed.rules}
    yield finding("edition", "critical" if numbering_changed else "functional", lang,
                  sec.number, _("a text that fits the English of {claimed}, as it claims"
                                ).format(claimed=format_date(ref.claimed)),
                  found, sec, "later" if a.newer else "stale", sec.number)


def missing_from_claimed(ctx: Context) -> Iterator[tuple[Rule, str]]:
    """For a stale section: each English rule of the claimed edition that no translated
    rule renders, with what the best-fitting English had of it."""
    a = ctx.assessment
    best = a.best
    had = {id(b): old for old, b in align_english(list(best.rules), list(ctx.reference.rules))
           if old is not None and b is not None}
    for pair in ctx.claimed_pairs:
        if pair.ours is not None or pair.english is None:
            continue
        old = had.get(id(pair.english))
        if old is not None:
            why = _("nothing in the translation renders it, although the English of {span} "
                    "it follows has it too (as {number})").format(
                span=span(best.editions), number=old.number)
        else:
            why = _("nothing in the translation renders it: the English added it after "
                    "{date}").format(date=format_date(best.editions[-1]))
        yield pair.english, why
