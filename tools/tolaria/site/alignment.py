"""Which rules of the three languages say the same thing: pairing by content, not by number.

A translation can follow an older English numbering: the Italian 702.25 has at 702.25e what
the English of this rulebook has at 702.25f. The translation audit pairs each translated rule
with the English rule it renders (its report's `pairs`, made with the English of the edition
the text fits best, its `basis`); the rule history carries those English numbers to the
numbering of this rulebook's English. The compare view, the section pages and the language
switcher all read the pairing from here. Without the audit, rules pair by number.
"""

from __future__ import annotations

from datetime import date
from typing import NamedTuple

from ..model import LANGUAGES, RuleBook, Section

# A finding's rule is the translation's number, except for these (by the audit's finding
# keys, which are stable: waivers name them): an English rule the translation lacks.
_ENGLISH_SIDE = ("missing",)
_ENGLISH_SIDE_PREFIX = ("lost ",)


class Alignment(NamedTuple):
    """One translated section against this rulebook's English.

    pairs: (the translation's number, the English number of the rule with the same content
    or None), one per translated rule, in the translation's order. follows: the English
    editions whose numbering the text follows when the audit found it stale (else ()).
    """

    lang: str
    section: str
    pairs: tuple[tuple[str, str | None], ...]
    follows: tuple[date, ...] = ()
    by_content: bool = False  # paired by the audit (False: by number, no audit)
    # the English numbers the audit's findings name (those of the edition the text claims)
    # that have another number in this rulebook's English
    claimed: tuple[tuple[str, str], ...] = ()

    def english(self, ours: str) -> str | None:
        """The English number of the rule with the content of our rule `ours`."""
        return dict(self.pairs).get(ours)

    def ours(self, english: str) -> str | None:
        """Our number of the rule with the content of the English rule `english`."""
        return next((o for o, e in self.pairs if e == english), None)

    @property
    def renumbered(self) -> bool:
        """Whether some rule is not under the number of the English rule it renders."""
        return any(o != e for o, e in self.pairs)


def identity(section: Section, english: Section | None) -> Alignment:
    """Rules paired by number (no audit, or the English text itself)."""
    have = {str(r.number) for r in english.rules} if english else set()
    pairs = tuple((str(r.number), str(r.number) if str(r.number) in have else None)
                  for r in section.rules)
    return Alignment(section.lang, str(section.number), pairs)


def align_sections(book: RuleBook, report=None, history=None) -> dict[tuple[str, str],
                                                                     Alignment]:
    """(lang, section number) -> Alignment, for every section of every language (English
    ones pair with themselves). report: the audit's AuditReport or None; history: the rule
    history or None."""
    infos = {(s["lang"], s["section"]): s for s in getattr(report, "sections", None) or ()}
    out = {}
    for number in book.section_numbers():
        english = book.section("en", number)
        for lang in LANGUAGES:
            section = book.section(lang, number)
            if section is None:
                continue
            info = infos.get((lang, str(number)))
            if lang == "en" or english is None or info is None:
                out[(lang, str(number))] = identity(section, english)
            else:
                claimed = _claimed(report, info, english, history)
                out[(lang, str(number))] = _by_content(section, english, info, history
                                                       )._replace(claimed=claimed)
    return out


def _claimed(report, info: dict, english: Section, history) -> tuple[tuple[str, str], ...]:
    """The English-side numbers of the section's findings, carried from the claimed
    edition's English to this rulebook's where they differ."""
    compared = (info.get("compared_with") or {}).get("edition")
    if not compared:
        return ()
    edition = date.fromisoformat(compared)
    out = []
    for finding in getattr(report, "findings", ()):
        if finding.lang != info["lang"] or finding.section != info["section"] \
                or not english_side(finding):
            continue
        current = current_number(str(finding.rule), edition, english, history)
        if current is not None and current != str(finding.rule):
            out.append((str(finding.rule), current))
    return tuple(out)


def english_side(finding) -> bool:
    """Whether a finding's rule number is the English one (an English rule the translation
    lacks) rather than the translation's."""
    key = str(getattr(finding, "key", ""))
    return key in _ENGLISH_SIDE or key.startswith(_ENGLISH_SIDE_PREFIX)


def _edition(info: dict) -> date | None:
    """The edition of the English the audit paired the translation with."""
    if info.get("basis") and info["basis"].get("editions"):
        return date.fromisoformat(info["basis"]["editions"][-1])
    compared = info.get("compared_with") or {}
    return date.fromisoformat(compared["edition"]) if compared.get("edition") else None


def current_number(number: str, edition: date | None, english: Section, history) -> str | None:
    """The number in this rulebook's English of the English rule that had `number` in
    `edition` (None: no rule of this rulebook's English is that rule)."""
    have = {str(r.number) for r in english.rules}
    if edition is None or edition == english.edition.effective or history is None:
        return number if number in have else None
    key = history.key_at(number, edition)
    if key is None:  # a rule the history does not follow: its number has not moved
        return number if number in have else None
    return key if key in have else None


def _by_content(section: Section, english: Section, info: dict, history) -> Alignment:
    edition = _edition(info)
    mapped: dict[str, str | None] = {}
    taken: set[str] = set()
    for ours, theirs in info.get("pairs") or ():
        if ours is None or ours in mapped:
            continue
        current = current_number(theirs, edition, english, history) if theirs else None
        if current in taken:
            current = None
        mapped[ours] = current
        if current is not None:
            taken.add(current)
    have = {str(r.number) for r in english.rules}
    pairs = []
    for rule in section.rules:  # a rule the audit did not pair keeps its number
        ours = str(rule.number)
        if ours not in mapped:
            mapped[ours] = ours if ours in have and ours not in taken else None
        pairs.append((ours, mapped[ours]))
    follows = tuple(date.fromisoformat(d) for d in (info.get("basis") or {}).get("editions", ()))
    return Alignment(section.lang, str(section.number), tuple(pairs), follows, True)


def rows(english: Section | None, alignments: dict[str, Alignment]) -> list[dict[str, str]]:
    """The compare view's rows: one per English rule, in the English order, holding each
    language's rule with the same content; a translated rule with no English counterpart
    gets a row of its own after the row of the rule before it."""
    table: list[dict[str, str]] = [{"en": str(r.number)} for r in english.rules] \
        if english else []
    for lang, alignment in alignments.items():
        if lang == "en":
            continue
        cursor = -1
        for ours, theirs in alignment.pairs:
            at = next((i for i, row in enumerate(table) if theirs is not None
                       and row.get("en") == theirs), None)
            if at is None:
                at = cursor + 1
                table.insert(at, {})
            table[at][lang] = ours
            cursor = at
    return table


def row_of(finding, alignment: Alignment | None, table: list[dict[str, str]]) -> int | None:
    """The index of the row a finding of the audit concerns (None: the whole section)."""
    rule, lang = str(finding.rule), finding.lang
    english = dict(alignment.claimed).get(rule, rule) if alignment else rule
    ours = next((i for i, row in enumerate(table) if row.get(lang) == rule), None)
    theirs = next((i for i, row in enumerate(table) if row.get("en") == english), None)
    if english_side(finding):
        return theirs if theirs is not None else ours
    return ours if ours is not None else theirs


def local_number(book: RuleBook, alignments: dict | None, lang: str, number):
    """The number in lang's text of the rule with the content of the English rule `number`
    (a RuleNumber; worked examples and glossary terms cite English numbers): the number
    itself where the texts pair by number, None where no rule of lang's text renders it."""
    if lang == "en" or not alignments:
        return number
    section = book.section_for("en", number)
    if section is None or section.number == number:
        return number
    alignment = alignments.get((lang, str(section.number)))
    if alignment is None or not alignment.renumbered:
        return number
    ours = alignment.ours(str(number))
    return type(number).parse(ours) if ours else None
