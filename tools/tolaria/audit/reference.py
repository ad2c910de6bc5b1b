"""The English a translation is compared with: that of the edition it claims.

With the rule history (`tolaria.history`), that is the English of the claimed edition, found
under whatever number that edition gives the section (the Spanish 717 claims 2019-08-23,
when English numbered that section 716). Without it, the project's English of the same
section, when it is of the claimed edition (else of its own edition, said in `note`).
"""

from __future__ import annotations

from datetime import date
from typing import NamedTuple

from ..model import Paragraph, RuleBook, Rule, Section
from ..numbering import RuleNumber


class Reference(NamedTuple):
    edition: date  # the English edition compared with
    number: RuleNumber  # the section's number in that edition (717 may have been 716)
    title: str
    rules: tuple[Rule, ...]  # numbered as the translation's section (716.1 -> 717.1)
    origin: str  # "history" or "project"
    claimed: date  # the edition the translation claims
    exact: bool  # True when edition == claimed


def claimed_edition(section: Section) -> date:
    return section.source.claims or section.edition.effective


def renumber(number: RuleNumber, old: RuleNumber, new: RuleNumber) -> RuleNumber:
    """number with the prefix old replaced by new (716.1a -> 717.1a), else unchanged."""
    if old == new or not number.is_within(old):
        return number
    text = str(new) + str(number)[len(str(old)):]
    try:
        return RuleNumber.parse(text)
    except ValueError:
        return number


def _renumbered(rule: Rule, old: RuleNumber, new: RuleNumber) -> Rule:
    if old == new:
        return rule
    return rule._replace(number=renumber(rule.number, old, new),
                         cites=tuple(renumber(c, old, new) for c in rule.cites))


class EnglishVersions:
    """English sections by (number, edition), from the history, built once per run."""

    def __init__(self, history):
        self.history = history
        self._cache: dict = {}

    @property
    def editions(self) -> list[date]:
        return list(self.history.editions) if self.history is not None else []

    def rules(self, number: RuleNumber, edition: date
              ) -> tuple[RuleNumber, tuple[Rule, ...]] | None:
        """The section's English rules at edition (the history follows renumbering) and the
        number the section had then."""
        key = (str(number), edition)
        if key not in self._cache:
            self._cache[key] = self._build(number, edition)
        return self._cache[key]

    def _build(self, number: RuleNumber, edition: date
               ) -> tuple[RuleNumber, tuple[Rule, ...]] | None:
        try:
            raw = self.history.section_at(str(number), edition)
        except (KeyError, ValueError, LookupError):
            return None
        if not raw:
            return None
        out, then = [], None
        for item in raw:
            n, text, examples = item[0], item[1], item[2] if len(item) > 2 else ()
            try:
                parsed = n if isinstance(n, RuleNumber) else RuleNumber.parse(str(n))
            except ValueError:
                continue
            head = (RuleNumber(parsed.section) if number.depth == 0
                    else RuleNumber(parsed.section, parsed.rule))
            then = then or head
            if parsed == head or not parsed.is_within(then):
                continue
            out.append(Rule.of(parsed, text, tuple(Paragraph.of(e) for e in examples or ())))
        if not out:
            return None
        return then, tuple(out)

    def title(self, number: RuleNumber, edition: date) -> str | None:
        try:
            return self.history.title(str(number), edition)
        except (KeyError, ValueError, LookupError, AttributeError):
            return None

    def section(self, number: RuleNumber, title: str | None, edition: date
                ) -> tuple[RuleNumber, tuple[Rule, ...]] | None:
        """The English of the section at edition, renumbered as `number` (716.1 -> 717.1),
        with the number it had then."""
        found = self.rules(number, edition)
        if found is None:
            return None
        then, rules = found
        return then, tuple(_renumbered(r, then, number) for r in rules)


def _same_title(a: str | None, b: str) -> bool:
    return a is not None and a.strip(" .").lower() == b.strip(" .").lower()


def reference_for(book: RuleBook, section: Section, versions: EnglishVersions | None
                  ) -> Reference | None:
    claimed = claimed_edition(section)
    project = book.section("en", section.number)
    title = project.title if project is not None else None
    if versions is not None and versions.history is not None:
        found = versions.section(section.number, title, claimed)
        if found is not None:
            then, rules = found
            return Reference(claimed, then, versions.title(then, claimed) or title or "",
                             rules, "history", claimed, True)
    if project is None:
        return None
    return Reference(project.edition.effective, project.number, project.title, project.rules,
                     "project", claimed, project.edition.effective == claimed)
