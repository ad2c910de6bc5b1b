"""`tolaria validate`'s check that a translation is whole against its English: it ends with
the rule its English ends with (in the edition it claims, or in another edition of the
history: a quoted source older than it claims), and a text or Example paragraph whose
English ends a sentence ends one too. A section file cut short fails here."""

from __future__ import annotations

from ..errors import DataError
from ..i18n import _
from ..model import RuleBook
from .reference import EnglishVersions, reference_for

_SENTENCE_END = tuple(".:;!?)”\"»…")


def check_wholeness(book: RuleBook, history) -> list[DataError]:
    versions = EnglishVersions(history) if history is not None else None
    errors = []
    for (lang, _number), section in sorted(book.sections.items()):
        if lang == "en" or not section.rules:
            continue
        errors.extend(_cut_texts(book, section))
        reference = reference_for(book, section, versions)
        if reference is None or not reference.rules:
            continue
        last = section.rules[-1]
        ends = {reference.rules[-1].number}
        if last.number not in ends and versions is not None:
            for edition in versions.editions:
                found = versions.section(section.number, None, edition)
                if found and found[1]:
                    ends.add(found[1][-1].number)
        if last.number not in ends:
            errors.append(DataError(section.file, last.line, _(
                "the text ends with {number}, its English of {edition} with {last}: is the "
                "file cut short?").format(number=last.number, edition=reference.edition,
                                          last=reference.rules[-1].number)))
    return errors


def _cut_texts(book: RuleBook, section):
    for rule in section.rules:
        english = book.find("en", rule.number)
        if english is None:
            continue
        pairs = [(english.text, rule.text, rule.line)] + [
            (a.text, b.text, b.line) for a, b in zip(english.examples, rule.examples)]
        for theirs, ours, line in pairs:
            if _ends_sentence(theirs) and not _ends_sentence(ours):
                yield DataError(rule.file, line, _(
                    "{number} ends mid-sentence (“…{end}”), where its English ends one: is "
                    "the file cut short?").format(number=rule.number, end=ours.rstrip()[-30:].lstrip()))


def _ends_sentence(text: str) -> bool:
    return text.rstrip().endswith(_SENTENCE_END)
