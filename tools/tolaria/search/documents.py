"""What the search index holds: one document per section, rule and subrule per language.

documents_from_book is the one list of what the index holds (the site's search exports the
same): the covered sections in English, Spanish and Italian, from the model (never from
YAML), and every other rule of the whole current CR in English (rules/cr/, English only).
A covered rule is presented under today's number (`shown`: the rulebook's 702.25d is
702.26d today); a rule of the whole CR carries
the names of the official glossary's entries that send to it ("Trample ... See rule
702.19"), and a rule that is only a title ("702.19 Trample") has it as its heading, so that
the rule defining a thing ranks before the rules that mention it; such a rule names its first
subrule (`first`), which a result shows in its place: "702.19a Trample is a static ability
...", not a row that says only "Trample". Documents know nothing of any search engine, so
that another engine could index the same documents.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable

from ..tuples import named

from .. import cache
from ..lookup import whole_cr
from ..model import RuleBook
from ..numbering import find_references
from ..rulebook.folders import rulebook_files
from ..today.loader import HISTORY_FILES
from .analysis import fold, words

TITLE_LENGTH = 60  # a rule's text this short, with no full stop, is a title ("Trample")


class Document(named("Document", "key number lang title heading text examples terms "
                                      "gloss depth shown english_only editions first",
                          defaults=("", False, (), ""))):
    __slots__ = ()
    # key: str  # unique: "en:104.3b" (or "en:2023-04-14:104.3b" in a corpus of editions)
    # number: str
    # lang: str
    # title: str  # the section's title (what a result shows)
    # heading: str  # indexed as a title: the section title on the section's own document
    # text: str  # the rule's text (and its earlier wordings)
    # examples: str
    # terms: str  # glossary names and variants of the terms this rule defines
    # gloss: str  # glossary definitions of those terms
    # depth: int  # 0 section, 1 rule, 2 subrule
    # shown: str = ""  # the number people see (today's); "" when it is number
    # english_only: bool = False  # a rule of the whole CR that the project has not translated
    # editions: tuple[str, ...] = ()  # in a corpus of editions: those (ISO dates) with this text
    # first: str = ""  # a rule that is only a title: its first subrule's key, shown in its place

    @property
    def display(self) -> str:
        """The number a result presents: today's."""
        return self.shown or self.number


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
    """Every section, rule and subrule of every language, with its glossary terms, under
    today's number; then every other rule of the whole current CR, in English only."""
    terms = _term_index(book)
    docs = []
    for (lang, key), section in sorted(book.sections.items()):
        names, definitions = terms.get((lang, key), ([], []))
        docs.append(Document(f"{lang}:{key}", key, lang, section.title, section.title, "", "",
                             "\n".join(names), "\n".join(definitions), 0, _today(book, key)))
        for rule in section.rules:
            number = str(rule.number)
            if rule.number == section.number:
                continue
            names, definitions = terms.get((lang, number), ([], []))
            wordings = [rule.text] + [w.text for w in rule.earlier]
            docs.append(Document(f"{lang}:{number}", number, lang, section.title, "",
                                 "\n".join(wordings),
                                 "\n".join(e.text for e in rule.examples), "\n".join(names),
                                 "\n".join(definitions), rule.number.depth,
                                 _today(book, number)))
    docs.extend(whole_documents(book))
    return docs


def _today(book: RuleBook, key: str) -> str:
    """Today's number of a covered rule when it differs from the rulebook's ("" if not)."""
    today = book.today_of(key)
    return today.number if today is not None and today.number not in (None, key) else ""


def glossary_targets(whole) -> dict[str, list[tuple[str, str]]]:
    """number -> (term, definition) of the official glossary's entries that send to it."""
    out: dict[str, list[tuple[str, str]]] = {}
    for entry in whole.glossary:  # "See rule 702.19", "See rules 506.4 and 508.1"
        for number in dict.fromkeys(str(n) for n in find_references(entry.definition)):
            out.setdefault(number, []).append((entry.term, entry.definition))
    return out


def official_terms(book: RuleBook) -> dict[str, tuple[str, ...]]:
    """The official glossary's names (as term_key words: "state based actions") -> the rules
    of the whole CR they send to, for a query that is exactly a term's name."""
    whole = whole_cr(book)
    if whole is None:
        return {}
    out: dict[str, list[str]] = {}
    for number, entries in glossary_targets(whole).items():
        for term, _definition in entries:
            bare = term.split(" (")[0]
            for name in [bare] + bare.split(","):
                if name.strip():
                    out.setdefault(term_key(name), []).append(number)
    return {name: tuple(dict.fromkeys(numbers)) for name, numbers in out.items()}


def term_key(text: str) -> str:
    """A name or a query as lowercase words without accents ("State-Based Actions" ->
    "state based actions"): how official_terms names are looked up."""
    return " ".join(fold(w.lower()) for w in words(text))


def is_title(text: str) -> bool:
    """Whether a rule's text is only a title ("Trample", "Casting Spells")."""
    return len(text) <= TITLE_LENGTH and not text.rstrip().endswith((".", ":", "”", '"'))


def first_subrules(whole) -> dict[str, str]:
    """The rules of a whole CR that are only a title ("702.19 Trample"), each with its first
    subrule (702.19a), which search shows in its place."""
    out = {}
    for section in whole.sections:
        for rule, following in zip(section.rules, section.rules[1:]):
            if following.number[-1].isalpha() and following.number[:-1] == rule.number \
                    and is_title(rule.text):
                out[rule.number] = following.number
    return out


def whole_documents(book: RuleBook) -> list[Document]:
    """The rules of the whole current CR in English that are not covered rules (a covered
    rule is indexed from the model, in every language, under its number today)."""
    whole = whole_cr(book)
    if whole is None:
        return []
    # today's numbers of the covered rules (not of the rules added since their English:
    # "702.26q@2023-06-09" has no text in the rulebook, so the whole CR's is indexed)
    covered = {t.number for key, t in (book.today or {}).items() if t.number and "@" not in key}
    sent = glossary_targets(whole)
    first = first_subrules(whole)
    docs = []

    def named(number: str, heading: str) -> tuple[str, str]:
        entries = sent.get(number, [])
        names = [heading] if heading else []
        names += [part.strip() for term, _d in entries
                  for part in [term.split(" (")[0]] + term.split(" (")[0].split(",")]
        return "\n".join(dict.fromkeys(n for n in names if n)), \
            "\n".join(d for _t, d in entries)

    for section in whole.sections:
        if section.number in covered:
            continue
        names, gloss = named(section.number, section.title)
        docs.append(Document(f"en:cr:{section.number}", section.number, "en", section.title,
                             section.title, "", "", names, gloss, 0, english_only=True))
        titles: dict[str, str] = {}  # a rule that is a title: what its subrules are about
        for rule in section.rules:
            title = rule.text if is_title(rule.text) else ""
            depth = 2 if rule.number[-1].isalpha() else 1
            if title and depth == 1:
                titles[rule.number] = title
            if rule.number in covered:
                continue
            names, gloss = named(rule.number, title)
            about = titles.get(rule.number.rstrip("abcdefghijklmnopqrstuvwxyz"), section.title)
            shown = first.get(rule.number)
            docs.append(Document(f"en:cr:{rule.number}", rule.number, "en", about, title,
                                 rule.text, "\n".join(rule.examples), names, gloss, depth,
                                 english_only=True, first=f"en:cr:{shown}"
                                 if shown and shown not in covered else ""))
    return docs


def distinct_wordings(editions) -> list[Document]:
    """A corpus of several editions, each distinct wording indexed once: editions is
    (edition, its Documents) pairs (an ISO date each); a Document that several editions
    print alike (same number, language, titles, text, examples and terms) is kept once,
    with every such edition in `editions` (sorted), keyed "lang:number:n"."""
    found: dict[tuple, list[str]] = {}
    for edition, docs in editions:
        for doc in docs:
            found.setdefault(tuple(doc[1:10]) + (doc.shown, doc.english_only), []).append(
                edition)
    return [Document(f"{fields[1]}:{fields[0]}:{n}", *fields,
                     editions=tuple(sorted(set(dates))))
            for n, (fields, dates) in enumerate(found.items())]


def source_files(book: RuleBook) -> str:
    """The files a rulebook's documents come from, as cache.fingerprint gives them (the
    rulebook's files, its history and the whole CR); "" for a rulebook of no folder."""
    root = str(book.root)
    if not os.path.isdir(root):
        return ""
    files = rulebook_files(root) + [os.path.join(root, "history", name)
                                    for name in HISTORY_FILES]
    return cache.fingerprint(files + [os.path.join(root, "cr", "en.json")],
                             os.path.realpath(root))


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
