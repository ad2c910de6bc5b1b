"""The glossary check on the worked examples (rules/examples/): their Spanish and Italian
titles and explanations use the approved term where their English uses it, and no obsolete
wording, as the rule texts must (terms.check_glossary)."""

from __future__ import annotations

from typing import Iterator

from ..errors import DataErrors
from ..i18n import _
from ..model import RuleBook
from .context import Context
from .findings import Finding, finding
from .terms import english_forms, obsolete_forms, term_forms, term_search
from ..examples.reader import load_examples


def check_example_terms(contexts: list[Context]) -> Iterator[Finding]:
    """Glossary findings in the worked examples of the audited languages and sections."""
    if not contexts:
        return
    book, data = contexts[0].book, contexts[0].data
    langs = sorted({ctx.lang for ctx in contexts})
    sections = {str(ctx.section.number) for ctx in contexts}
    for example in _examples(book):
        if not example.rules:
            continue
        section = book.section_for("en", example.rules[0])
        if section is None or str(section.number) not in sections:
            continue
        english = _text(example, "en")
        for lang in langs:
            ours = _text(example, lang)
            if ours:
                yield from _findings(book, data, example, lang, english, ours, section.number)


def _findings(book: RuleBook, data, example, lang: str, english: str, ours: str, section):
    where, rule = (example.file, example.line), example.rules[0]
    for term in book.glossary:
        if lang not in term.names:
            continue
        if not term.obsolete and english:
            used = term_search(english, english_forms(term, data), inflected=False, lang="en")
            if used is not None and term_search(ours, term_forms(term, lang), True) is None:
                yield finding("glossary", "functional", lang, rule, _(
                    "“{approved}” (glossary, for the English “{english}”)").format(
                    approved=term.names[lang].name, english=used.group().lower()),
                    _("no form of the approved term in the worked example {id}").format(
                        id=example.id), where, f"example {example.id} term {term.id}", section)
        old, en_old = obsolete_forms(term, lang)
        match = term_search(ours, old, False, lang, False) if old else None
        if match is not None and term_search(english, en_old, False, "en", False) is None:
            yield finding("glossary", "functional", lang, rule, _(
                "“{name}” (the English has no obsolete wording here)").format(
                name=term.names[lang].name), _("the obsolete “{words}” in the worked example "
                                               "{id}").format(words=match.group(), id=example.id),
                where, f"example {example.id} obsolete {match.group().lower()}", section)


def _text(example, lang: str) -> str:
    return " ".join(t for t in (example.title.get(lang), example.explain.get(lang)) if t)


def _examples(book: RuleBook):
    try:
        return load_examples(book)
    except DataErrors:  # `tolaria validate` reports them; the audit checks what it can read
        return ()
