"""Checks of the loaded rulebook that span files: completeness, glossary and cross-references.

The loader runs them after every file has been read on its own; each finding is a
DataError at the place a person would fix it.
"""

from __future__ import annotations

from ..errors import DataError
from ..i18n import _, language_name
from ..model import LANGUAGES, RuleBook, Section


def check_rulebook(book: RuleBook) -> list[DataError]:
    return (list(missing_translations(book)) + list(glossary_references(book))
            + list(cross_references(book)))


def missing_translations(book: RuleBook):
    """Every English section has a text in every other language."""
    for (lang, number), section in sorted(book.sections.items()):
        if lang != "en":
            continue
        for other in LANGUAGES:
            if other != "en" and (other, number) not in book.sections:
                yield DataError(section.file, 1, _(
                    "section {number} has no {language} text: add rules/{lang}/{number}.yaml"
                ).format(number=number, language=language_name(other), lang=other))


def glossary_references(book: RuleBook):
    """The rules a glossary term names as defining it exist in the English text."""
    glossary_file = next((f for f in book.files if f.endswith("glossary.yaml")), "glossary.yaml")
    for term in book.glossary:
        for number in term.rules:
            if book.section_for("en", number) is not None and book.find("en", number) is None:
                yield DataError(glossary_file, term.line, _(
                    "term '{id}' names rule {number}, which the English text does not have"
                ).format(id=term.id, number=number))


def cross_references(book: RuleBook):
    """A text's references into the rulebook's own sections point at rules that exist.

    Quoted texts are exempt: a source's slip stays verbatim, and the translation audit
    reports it.
    """
    for (lang, _number), section in sorted(book.sections.items()):
        if section.source.kind == "quoted":
            continue
        for rule in section.rules:
            for cited in rule.cites:
                if _dangling(book, section, cited):
                    yield DataError(section.file, rule.line, _(
                        "{rule} cites rule {cited}, which this rulebook's section {section} "
                        "does not have").format(rule=rule.number, cited=cited,
                                                section=book.section_for(lang, cited).number))


def _dangling(book: RuleBook, section: Section, cited) -> bool:
    home = book.section_for(section.lang, cited)
    return home is not None and home.edition == section.edition \
        and book.find(section.lang, cited) is None
