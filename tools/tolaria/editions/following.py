"""A rule of the whole CR followed through every edition, as the covered rules' history
keeps one (history.records): its numbers and verbatim versions, in a History of its own, so
that `history` says it in the same words and JSON as for a covered rule."""

from __future__ import annotations

from ..history.lookup import History, RuleHistory, wordings
from ..history.records import EditionRef, HistoryData, Span, Unit
from ..history.tracking import RuleBuilder
from .archive import Archive
from .records import number_of, section_of


def _titles(archive: Archive, section: str) -> tuple[Span, ...]:
    spans: list[Span] = []
    for index, edition in enumerate(archive.editions):
        title = edition.sections.get(section)
        if title is None:
            continue
        before = archive.dates[index - 1] if index else None
        if spans and spans[-1].value == title and spans[-1].last == before:
            spans[-1] = spans[-1]._replace(last=edition.effective)
        else:
            spans.append(Span(title, edition.effective, edition.effective))
    return tuple(spans)


def rule_history(archive: Archive, index: int, key: str) -> tuple[History, str]:
    """(a History holding only the rule keyed key in archive.editions[index], followed
    through every edition; the rule's key in it: its number today, else its last number)."""
    rule = RuleBuilder()
    chain = archive.follow(index, key)
    for at, here in chain:
        previous = archive.dates[at - 1] if at else None
        rule.add(archive.dates[at], previous, number_of(here), *archive.editions[at].rules[here])
    rule.key = number_of(chain[-1][1])
    section = section_of(rule.key)
    head = RuleBuilder(section)
    for at, here in chain:
        previous = archive.dates[at - 1] if at else None
        head.add(archive.dates[at], previous, section_of(here), "", ())
    unit = Unit(section, archive.current.effective, head.tracked(), (rule.tracked(),))
    editions = tuple(EditionRef(e.effective, e.source) for e in archive.editions)
    titles = {section: _titles(archive, section)}
    return History(HistoryData(editions, (unit,), titles)), rule.key


def every_history(archive: Archive) -> dict[str, RuleHistory]:
    """Today's number -> the numbers and wordings (history.lookup.wordings: joined where only
    cross-reference numbers or typography changed) of every rule of the current edition that
    had another number or wording in an earlier edition."""
    out: dict[str, RuleHistory] = {}
    last = len(archive.editions) - 1
    for key in archive.current.rules:
        chain = archive.follow(last, key)
        if len(chain) < 2:
            continue
        rule = RuleBuilder(number_of(key))
        for at, here in chain:
            previous = archive.dates[at - 1] if at else None
            rule.add(archive.dates[at], previous, number_of(here),
                     *archive.editions[at].rules[here])
        found = RuleHistory(number_of(key), [tuple(s) for s in rule.numbers],
                            wordings(rule.versions))
        if len(found.numbers) > 1 or len(found.wordings) > 1:
            out.setdefault(number_of(key), found)
    return out
