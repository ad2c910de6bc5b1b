"""The pre-2009 rule 300 in the history: its dated wordings, and the rules of section 500
it became in the 2009 renumbering, matched by content and then followed edition by edition."""

from __future__ import annotations

from collections import Counter
from datetime import date

from ..cr.official import CRDocument
from ..model import Section
from .matching import SIMILAR, Block, match_rules, similarity, words
from .records import Span, Tracked, Unit, Version, number_key
from .tracking import RuleBuilder

CONTAINED = 0.85  # share of a 500 rule's words found in a 300 rule for it to come from there
SUCCESSOR = "500"


def old_unit(section: Section, known: list[date], docs: list[CRDocument]) -> Unit:
    """Section 300 as the rulebook quotes it, each rule linked to what it became.

    known: the dates of the editions before the official files (rules/editions.yaml); a
    wording lasts until the edition before the one that replaced it.
    """
    end = section.edition.effective
    first_block = _block(docs[0])
    links = _links([(str(r.number), r.text) for r in section.rules],
                   [(n, t) for n, t, _ in first_block.rules])
    successors = {}
    for number, text, examples in first_block.rules:
        if any(number in keys for keys in links.values()):
            successors[number] = RuleBuilder(number)
            successors[number].add(docs[0].effective, None, number, text, examples)
    previous = docs[0].effective
    for doc in docs[1:]:
        _follow(list(successors.values()), doc, previous)
        previous = doc.effective
    rules = []
    for rule in section.rules:
        wordings = sorted([(w.since, w.text) for w in rule.earlier]
                          + [(rule.since or end, rule.text)])
        versions = []
        for index, (since, text) in enumerate(wordings):
            if index + 1 < len(wordings):
                nxt = wordings[index + 1][0]
                last = max((d for d in known if d < nxt), default=since)
            else:
                last = end
            versions.append(Version(since, last, text))
        becomes = tuple(successors[key].tracked() for key in links[str(rule.number)])
        rules.append(Tracked(str(rule.number),
                             (Span(str(rule.number), versions[0].first, end),),
                             tuple(versions), becomes))
    first = min(r.versions[0].first for r in rules)
    head = Tracked(str(section.number), (Span(str(section.number), first, end),),
                   (Version(first, end, section.title),))
    return Unit(str(section.number), end, head, tuple(rules))


def extend_old_unit(unit: Unit, doc: CRDocument, previous: date) -> Unit:
    """unit with the rules it became followed into one more edition."""
    successors = {t.key: RuleBuilder.of(t) for rule in unit.rules for t in rule.becomes}
    _follow(list(successors.values()), doc, previous)
    rules = tuple(r._replace(becomes=tuple(successors[t.key].tracked() for t in r.becomes))
                  for r in unit.rules)
    return unit._replace(rules=rules)


def _block(doc: CRDocument) -> Block:
    section = doc.sections.get(SUCCESSOR)
    if section is None:
        return Block(SUCCESSOR, "", ())
    return Block(section.number, section.title,
                 tuple((r.number, r.text, tuple(r.examples)) for r in section.rules))


def _follow(rules: list[RuleBuilder], doc: CRDocument, previous: date) -> None:
    """The followed rules of section 500 into doc, matched by content with section 500 of
    doc (only the followed ones take part, so that adding an edition later is the same)."""
    living = sorted((r for r in rules if r.at(previous)), key=lambda r: number_key(
        r.at(previous)[0]))
    old = Block(SUCCESSOR, "", tuple(r.at(previous) for r in living))
    new = _block(doc)
    for (number, text, examples), index in zip(new.rules, match_rules(old, new)):
        if index is not None:
            living[index].add(doc.effective, previous, number, text, examples)


def _contained(part: str, whole: str) -> float:
    a, b = Counter(words(part)), Counter(words(whole))
    return sum((a & b).values()) / max(1, sum(a.values()))


def _links(old: list[tuple[str, str]], new: list[tuple[str, str]]) -> dict[str, list[str]]:
    """For each old rule, the new rules it became: its most similar one, and every new rule
    whose words it (more than any other old rule) contains almost all of."""
    out: dict[str, set[str]] = {number: set() for number, _ in old}
    for number, text in old:
        score, best = max(((similarity(text, t), -i) for i, (_, t) in enumerate(new)),
                          default=(0, 0))
        if score >= SIMILAR:
            out[number].add(new[-best][0])
    for key, text in new:
        score, holder = max(((_contained(text, t), n) for n, t in old), default=(0, None))
        if score >= CONTAINED:
            out[holder].add(key)
    return {number: sorted(keys, key=number_key) for number, keys in out.items()}
