"""What every check is given: one translated section, its English, and how their rules pair."""

from __future__ import annotations

from datetime import date
from typing import NamedTuple

from ..i18n import _, format_date
from ..model import RuleBook, Rule, Section
from .data import AuditData
from .pairing import Pair
from .reference import EnglishVersions, Reference


class Basis(NamedTuple):
    """The English the per-rule checks use when a section is stale: the best-fitting
    edition's, not the claimed one's."""

    editions: tuple[date, ...]  # the editions printing this version of the section
    rules: tuple[Rule, ...]


class Context(NamedTuple):
    book: RuleBook
    data: AuditData
    section: Section  # the translation
    reference: Reference | None  # None: no English known for this section
    pairs: tuple[Pair, ...]  # the translation's rules paired by content with the English
    #                          the per-rule checks use (the best-fitting edition's if stale)
    versions: EnglishVersions | None  # English of other editions (the rule history)
    cache: dict  # shared by the checks of one run
    claimed_pairs: tuple[Pair, ...] = ()  # paired with the claimed edition's English
    basis: Basis | None = None  # set when the section is stale
    assessment: object = None  # edition.Assessment: how the section fits each edition

    @property
    def lang(self) -> str:
        return self.section.lang

    @property
    def stale(self) -> bool:
        return self.basis is not None

    @property
    def english_rules(self) -> tuple[Rule, ...]:
        """The English rules the per-rule checks compare with."""
        if self.basis is not None:
            return self.basis.rules
        return self.reference.rules if self.reference is not None else ()

    @property
    def matched(self) -> list[tuple[Rule, Rule]]:
        return [(p.ours, p.english) for p in self.pairs if p.ours and p.english]

    def english_label(self) -> str:
        """'the English of November 20, 2020' (or of a span of editions): the English
        compared with."""
        if self.basis is not None:
            return english_of(span(self.basis.editions))
        return self.claimed_label()

    def claimed_label(self) -> str:
        """'the English of November 20, 2020': the English of the reference edition."""
        ref = self.reference
        return english_of(format_date(ref.edition)) if ref else english_of(None)


def english_of(when: str | None) -> str:
    """The English text of a date (or span of dates), in the interface's language."""
    if when is None:
        return _("the English")
    return _("the English of {date}").format(date=when)


def span(editions) -> str:
    """The first and last of some editions, for people ('July 22, 2016 – July 8, 2017')."""
    editions = list(editions)
    first, last = format_date(editions[0]), format_date(editions[-1])
    return first if editions[0] == editions[-1] else _("{first} – {last}").format(
        first=first, last=last)


def short(text: str, limit: int = 70) -> str:
    """The start of a text, for a finding's expected/found."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"
