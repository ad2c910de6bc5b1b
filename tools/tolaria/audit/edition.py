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

from ..i18n import N_, _
from ..model import Rule
from .context import Context, short
from .findings import Finding, finding
from .pairing import align, align_english

MARGIN = 1.0  # a better fit must beat the claimed edition's by this much to be reported
_REFS = re.compile(r"\b[1-9]\d{2}(?:\.\d+[a-z]?)?\b")  # a citation's number is not a rewording
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
        out[key] = Fit([edition], then, rules, score, same, gaps, cites)
    return sorted(out.values(), key=lambda f: f.editions[0])


def _span(editions: list[date]) -> str:
    first, last = editions[0].isoformat(), editions[-1].isoformat()
    return first if first == last else _("{first} – {last}").format(first=first, last=last)


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
            elif _REFS.sub("#", _plain(a.text)) != _REFS.sub("#", _plain(b.text)):
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


def check_edition(ctx: Context) -> Iterator[Finding]:
    """The claimed edition against the best-fitting one."""
    known = fits(ctx)
    if not known:
        return
    ref, sec, lang = ctx.reference, ctx.section, ctx.lang
    claimed = next((f for f in known if ref.claimed in f.editions), None)
    if claimed is not None and claimed.number != sec.number:
        later = [f for f in known if f.number == sec.number and f.editions[0] > ref.claimed]
        found = (_("the translation numbers it {number}; English numbers it {number} from "
                   "{date}").format(number=sec.number, date=later[0].editions[0]) if later
                 else _("the translation numbers it {number}").format(number=sec.number))
        yield finding("edition", "critical", lang, sec.number,
                      _("the numbering of the claimed edition {claimed}: section {number} "
                        "(“{title}”)").format(claimed=ref.claimed, number=claimed.number,
                                              title=ref.title),
                      found, sec, f"numbered {claimed.number}", sec.number)
    best = max(known, key=lambda f: (f.score, -abs((f.editions[-1] - ref.claimed).days)))
    if claimed is None or best is claimed or best.score < claimed.score + MARGIN:
        return
    newer = best.editions[0] > ref.claimed
    shape = _("rules matching in number and content: {same} of {total}, against "
              "{claimed_same} for the claimed edition; citing the same rules: {cites}, "
              "against {claimed_cites}").format(
        same=best.same, total=len(sec.rules), claimed_same=claimed.same, cites=best.cites,
        claimed_cites=claimed.cites)
    if newer:
        found = _("the text fits the later English of {span} better ({shape})").format(
            span=_span(best.editions), shape=shape)
        diff = changes(claimed.rules, best.rules)
        if diff:
            found = _("{found}; English changes after the claimed edition: {changes}").format(
                found=found, changes="; ".join(diff))
    else:
        found = _("stale: the text fits the English of {span} better ({shape})").format(
            span=_span(best.editions), shape=shape)
        if best is known[0] and best.gaps:
            found = _("{found}; it matches none exactly and predates the oldest English "
                      "known ({date})").format(found=found, date=known[0].editions[0])
        diff = changes(best.rules, claimed.rules)
        if diff:
            found = _("{found}; English changes since {date}: {changes}").format(
                found=found, date=best.editions[-1], changes="; ".join(diff))
    numbering_changed = {r.number for r in best.rules} != {r.number for r in claimed.rules}
    yield finding("edition", "critical" if numbering_changed else "functional", lang,
                  sec.number, _("a text that fits the English of {claimed}, as it claims"
                                ).format(claimed=ref.claimed),
                  found, sec, "later" if newer else "stale", sec.number)
