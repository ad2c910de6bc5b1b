"""Build the rule history from official documents: follow each covered unit and each of its
rules through every edition by content, and record numbers, versions and titles.

A build runs oldest edition first; each step matches the unit's rules in one edition with
those of the edition before (see matching.py). Adding one more edition later is the same
step again (`extend`), so a history extended edition by edition is the one a full rebuild
writes.
"""

from __future__ import annotations

from datetime import date
from typing import Iterable

from ..errors import UserError
from ..cr.official import CRDocument
from ..i18n import _
from .matching import Block, locate, match_rules, same_wording
from .pre2009 import extend_old_unit
from .records import EditionRef, HistoryData, Unit, number_key
from .tracking import RuleBuilder
from .titles import document_titles, merge_titles


def candidates(doc: CRDocument, unit_number: str) -> list[Block]:
    """Every block of doc that could be the unit: sections of the same chapter, or the
    titled rules (with their subrules) of the same section."""
    if "." not in unit_number:
        return [Block(s.number, s.title, tuple((r.number, r.text, tuple(r.examples))
                                               for r in s.rules))
                for s in doc.sections.values() if s.number[0] == unit_number[0]]
    section = doc.sections.get(unit_number.split(".")[0])
    if section is None:
        return []
    blocks, current, rules = [], None, []
    for rule in section.rules:
        if rule.number[-1].isdigit():
            if current is not None:
                blocks.append(Block(current.number, current.text, tuple(rules)))
            current, rules = rule, []
        elif current is not None and rule.number[:-1] == current.number:
            rules.append((rule.number, rule.text, tuple(rule.examples)))
    if current is not None:
        blocks.append(Block(current.number, current.text, tuple(rules)))
    return blocks


def _ordered(block: Block) -> Block:
    return block._replace(rules=tuple(sorted(block.rules, key=lambda r: number_key(r[0]))))


class UnitBuilder:
    """One unit followed edition by edition."""

    def __init__(self, key: str, anchor: date, head: RuleBuilder | None = None,
                 rules: Iterable[RuleBuilder] = ()):
        self.key, self.anchor = key, anchor
        self.head = head or RuleBuilder(key)
        self.rules = list(rules)
        self.last_block: Block | None = None
        self.last_rules: list[RuleBuilder] = []  # the rules of last_block, in its order
        self.last_date: date | None = self.head.versions[-1].last if self.head.versions else None
        if self.last_date is not None:
            self._restore()

    def _restore(self) -> None:
        """The unit's block in its last edition, rebuilt from the stored versions."""
        when = self.last_date
        living = [(r.at(when), r) for r in self.rules]
        living = sorted(((state, r) for state, r in living if state),
                        key=lambda sr: number_key(sr[0][0]))
        number = self.head.at(when)
        self.last_block = Block(number[0], number[1], tuple(s for s, _ in living))
        self.last_rules = [r for _, r in living]

    def step(self, when: date, previous: date | None, block: Block | None) -> None:
        """Record the unit as edition `when` prints it (block None: the edition lacks it)."""
        if block is None:
            return
        block = _ordered(block)
        self.head.add(when, previous, block.number, block.title, ())
        matches = (match_rules(self.last_block, block) if self.last_block is not None
                   else [None] * len(block.rules))
        followed = []
        for (number, text, examples), index in zip(block.rules, matches):
            rule = self.last_rules[index] if index is not None else None
            if rule is None:
                rule = RuleBuilder()
                self.rules.append(rule)
            rule.add(when, previous, number, text, examples)
            followed.append(rule)
        self.last_block, self.last_rules, self.last_date = block, followed, when

    def unit(self) -> Unit:
        rules = sorted((r.tracked() for r in self.rules), key=lambda t: number_key(t.key))
        return Unit(self.key, self.anchor, self.head.tracked(), tuple(rules))

    def assign_keys(self) -> None:
        """Key each rule by its number in the anchor edition; a rule the anchor lacks by its
        number when it first appeared after it, or last appeared before it."""
        taken = {r.key for r in self.rules if r.key}
        fresh = [r for r in self.rules if not r.key]
        for rule in fresh:
            number = next((s.value for s in rule.numbers
                           if s.first <= self.anchor <= s.last), None)
            if number is not None:
                rule.key = number
                taken.add(number)
        for rule in sorted((r for r in fresh if not r.key),
                           key=lambda r: (r.numbers[0].first, number_key(r.numbers[0].value))):
            spans = rule.numbers
            number = spans[0].value if spans[0].first > self.anchor else spans[-1].value
            key = number if number not in taken else f"{number}@{spans[0].first.isoformat()}"
            rule.key = key
            taken.add(key)


def build_units(docs: list[CRDocument], anchors: dict[str, date]) -> list[UnitBuilder]:
    """Follow every unit through docs (oldest first), from its anchor edition outwards."""
    dates = [d.effective for d in docs]
    builders = []
    for key, anchor in sorted(anchors.items(), key=lambda kv: number_key(kv[0])):
        at = dates.index(anchor)
        start = next((b for b in candidates(docs[at], key) if b.number == key), None)
        if start is None:
            raise UserError(_("{file} has no {number}: the anchor of a covered unit").format(
                file=docs[at].file, number=key))
        blocks: dict[int, Block] = {at: start}
        last = start
        for index in range(at - 1, -1, -1):  # backwards: found by content from the anchor
            found = locate(last, candidates(docs[index], last.number))
            if found is not None:
                blocks[index], last = found, found
        builder = UnitBuilder(key, anchor)
        for index, doc in enumerate(docs):
            block = blocks.get(index)
            if index > at and builder.last_block is not None:
                block = locate(builder.last_block, candidates(doc, builder.last_block.number))
            builder.step(doc.effective, dates[index - 1] if index else None, block)
        builder.assign_keys()
        builders.append(builder)
    return builders


def extend_units(data: HistoryData, doc: CRDocument) -> list[Unit]:
    """The units of data with one more (newer) edition."""
    previous = data.editions[-1].effective
    out = []
    for unit in data.units:
        if not any(e.effective == unit.anchor and e.file for e in data.editions):
            out.append(extend_old_unit(unit, doc, previous))  # the pre-2009 rule 300
            continue
        builder = UnitBuilder(unit.key, unit.anchor, RuleBuilder.of(unit.head),
                              [RuleBuilder.of(r) for r in unit.rules])
        block = None
        if builder.last_block is not None:
            block = locate(builder.last_block, candidates(doc, builder.last_block.number))
        builder.step(doc.effective, previous, block)
        builder.assign_keys()
        out.append(builder.unit())
    return out


def extend(data: HistoryData, doc: CRDocument) -> HistoryData:
    """data with one more official edition, newer than every edition it has."""
    editions = data.editions + (EditionRef(doc.effective, doc.file),)
    previous = data.editions[-1].effective
    titles = merge_titles(data.titles, document_titles(doc), doc.effective, previous)
    return HistoryData(editions, tuple(extend_units(data, doc)), titles)
