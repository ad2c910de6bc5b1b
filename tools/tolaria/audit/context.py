"""What every check is given: one translated section, its English, and how their rules pair."""

from __future__ import annotations

from typing import NamedTuple

from ..model import RuleBook, Rule, Section
from .data import AuditData
from .pairing import Pair
from .reference import EnglishVersions, Reference


class Context(NamedTuple):
    book: RuleBook
    data: AuditData
    section: Section  # the translation
    reference: Reference | None  # None: no English known for this section
    pairs: tuple[Pair, ...]  # the translation's rules paired with the English by content
    versions: EnglishVersions | None  # English of other editions (the rule history)
    cache: dict  # shared by the checks of one run

    @property
    def lang(self) -> str:
        return self.section.lang

    @property
    def matched(self) -> list[tuple[Rule, Rule]]:
        return [(p.ours, p.english) for p in self.pairs if p.ours and p.english]

    def english_label(self) -> str:
        ref = self.reference
        return f"en {ref.edition.isoformat()}" if ref else "en"


def short(text: str, limit: int = 70) -> str:
    """The start of a text, for a finding's expected/found."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"
