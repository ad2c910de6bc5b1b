"""`tolaria validate`'s check of the rules each translation cites: those its base English
cites (the English of the edition the translation claims, through the history), unless a
reviewer waived the difference (rules/waivers.yaml, check `cross-references`, the audit's
key), or the English cited them in another edition (a quoted source older than it claims:
the audit's edition check reports that section as stale). A rule is compared with the English rule of the same number; a section numbered
otherwise than its English (a source with letters of its own) is left to the audit, which
aligns the rules by content."""

from __future__ import annotations

from collections import Counter

from ..errors import DataError
from ..i18n import _
from ..model import RuleBook
from .compare import cites_key
from .reference import EnglishVersions, reference_for

CHECK = "cross-references"


def check_citations(book: RuleBook, history, waivers=()) -> list[DataError]:
    """A DataError for every translated rule that cites other rules than its English."""
    waived = {(w.lang, w.rule, w.key) for w in waivers if w.check == CHECK}
    versions = EnglishVersions(history) if history is not None else None
    errors = []
    for (lang, _number), section in sorted(book.sections.items()):
        if lang == "en":
            continue
        reference = reference_for(book, section, versions)
        if reference is None:
            continue
        english = {rule.number: rule for rule in reference.rules}
        if set(english) != {rule.number for rule in section.rules}:
            continue
        for rule in section.rules:
            base = english[rule.number]
            if Counter(base.cites) == Counter(rule.cites):
                continue
            key = cites_key(rule.cites, base.cites)
            if (lang, str(rule.number), key) in waived \
                    or _cited_in_another_edition(versions, section, rule):
                continue
            errors.append(DataError(rule.file, rule.line, _(
                "{number} cites {ours} where its English of {edition} cites {english}"
            ).format(number=rule.number, ours=_numbers(rule.cites),
                     english=_numbers(base.cites), edition=reference.edition)))
    return errors


def _cited_in_another_edition(versions, section, rule) -> bool:
    if versions is None:
        return False
    for edition in versions.editions:
        found = versions.section(section.number, None, edition)
        english = next((r for r in found[1] if r.number == rule.number), None) if found else None
        if english is not None and Counter(english.cites) == Counter(rule.cites):
            return True
    return False


def _numbers(numbers) -> str:
    return ", ".join(str(n) for n in sorted(numbers)) or _("none")
