"""What the search index holds: one document per section, rule and subrule per language.

Documents are built from the model (never from YAML) and know nothing of any search engine,
so that another engine could index the same documents.
"""

from __future__ import annotations

import hashlib
from typing import Iterable, NamedTuple

from ..model import RuleBook


class Document(NamedTuple):
    key: str  # unique: "en:104.3b" (or "en:2023-04-14:104.3b" in a corpus of editions)
    number: str
    lang: str
    title: str  # the section's title (what a result shows)
    heading: str  # indexed as a title: the section title on the section's own document
    text: str  # the rule's text (and its earlier wordings)
    examples: str
    terms: str  # glossary names and variants of the terms this rule defines
    gloss: str  # glossary definitions of those terms
    depth: int  # 0 section, 1 rule, 2 subrule


def _term_index(book: RuleBook) -> dict[tuple[str, str], tuple[list[str], list[str]]]:
    """(lang, number) -> (names and variants, definitions) of the terms the rule defines."""
    out: dict[tuple[str, str], tuple[list[str], list[str]]] = {}
    for term in book.glossary:
        for number in term.rules:
            for lang, name in term.names.items():
                names, definitions = out.setdefault((lang, str(number)), ([], []))
                names.append(name.name)
                names.extend(name.variants)
                names.extend(name.obsolete_names)
                if name.definition:
                    definitions.append(name.definition)
    return out


def documents_from_book(book: RuleBook) -> list[Document]:
    """Every section, rule and subrule of every language, with its glossary terms."""
    terms = _term_index(book)
    docs = []
    for (lang, key), section in sorted(book.sections.items()):
        names, definitions = terms.get((lang, key), ([], []))
        docs.append(Document(f"{lang}:{key}", key, lang, section.title, section.title, "", "",
                             "\n".join(names), "\n".join(definitions), 0))
        for rule in section.rules:
            number = str(rule.number)
            if rule.number == section.number:
                continue
            names, definitions = terms.get((lang, number), ([], []))
            text = "\n".join([rule.text] + [w.text for w in rule.earlier])
            docs.append(Document(f"{lang}:{number}", number, lang, section.title, "", text,
                                 "\n".join(e.text for e in rule.examples), "\n".join(names),
                                 "\n".join(definitions), rule.number.depth))
    return docs


def fingerprint(docs: Iterable[Document], *salt: str) -> str:
    """A digest of the documents' contents: the index is rebuilt when it changes."""
    digest = hashlib.blake2b(digest_size=16)
    for part in salt:
        digest.update(part.encode())
        digest.update(b"\0")
    for doc in docs:
        for field in doc:
            digest.update(str(field).encode())
            digest.update(b"\x1f")
        digest.update(b"\x1e")
    return digest.hexdigest()
