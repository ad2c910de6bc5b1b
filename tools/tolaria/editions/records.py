"""One edition of the whole CR as the history of every edition keeps it: section titles and
rules (verbatim text and examples) by key, in CR order.

A key is the rule's number as printed ("704.5a"); an edition that prints a number twice
(2024-09-20 has two rules 702.175) keys the second printing "702.175#2", its subrules
"702.175a#2", which sort after the first printing's subrules.
"""

from __future__ import annotations

from functools import lru_cache

from ..tuples import named
from ..cr.records import CRChapter, CRRule, CRSection, WholeCR

DUPLICATE = "#"


class EditionRules(named("EditionRules", "effective source sections rules")):
    """effective: date; source: the official file's name; sections: {number: title};
    rules: {key: (text, examples)} (examples a tuple of strings)."""

    __slots__ = ()


def number_of(key: str) -> str:
    """The number a key prints ("702.175a#2" -> "702.175a")."""
    return key.partition(DUPLICATE)[0]


@lru_cache(maxsize=None)  # a few thousand keys, sorted again for every edition
def order_key(key: str) -> tuple:
    """Sort key of a key in CR order: 104.9 before 104.10, 702.175b before 702.175#2.

    >>> sorted(["702.175a#2", "702.175#2", "702.175b", "702.175", "104.10", "104.9"],
    ...        key=order_key)
    ['104.9', '104.10', '702.175', '702.175b', '702.175#2', '702.175a#2']
    """
    number, _, copy = key.partition(DUPLICATE)
    section, _, rest = number.partition(".")
    digits = "".join(c for c in rest if c.isdigit())
    letters = "".join(c for c in rest if c.isalpha())
    return (int(section), int(digits) if digits else -1, int(copy or 1), letters)


def section_of(key: str) -> str:
    return key.split(".", 1)[0]


def from_document(doc) -> EditionRules:
    """The EditionRules of a parsed official file (cr.official.CRDocument)."""
    rules: dict[str, tuple[str, tuple[str, ...]]] = {}
    seen: dict[str, int] = {}
    for section in doc.sections.values():
        for rule in section.rules:
            seen[rule.number] = seen.get(rule.number, 0) + 1
            key = rule.number if seen[rule.number] == 1 else \
                f"{rule.number}{DUPLICATE}{seen[rule.number]}"
            rules[key] = (rule.text, tuple(rule.examples))
    sections = {n: s.title for n, s in doc.sections.items()}
    return EditionRules(doc.effective, doc.file, sections, rules)


def from_whole_cr(cr) -> EditionRules:
    """The EditionRules of the stored whole CR (cr.WholeCR)."""
    return EditionRules(cr.edition, cr.source, {s.number: s.title for s in cr.sections},
                        {r.number: (r.text, tuple(r.examples)) for r in cr.rules()})


def whole_cr_of(edition: EditionRules, chapters: dict[str, str] | None = None):
    """One edition as a cr.WholeCR (no glossary), for what shows a rule of the whole CR;
    chapters: their titles, where known ({"1": "Game Concepts"})."""
    by_section: dict[str, list] = {}
    for key, (text, examples) in edition.rules.items():
        by_section.setdefault(section_of(key), []).append(CRRule(key, text, examples))
    sections = tuple(CRSection(n, title, n[0], tuple(by_section.get(n, ())))
                     for n, title in edition.sections.items())
    titles = chapters or {}
    return WholeCR(edition.effective, edition.source, tuple(
        CRChapter(c, titles.get(c, ""), tuple(s.number for s in sections if s.chapter == c))
        for c in sorted({s.chapter for s in sections})), sections, ())
