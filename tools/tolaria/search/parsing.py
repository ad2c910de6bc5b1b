"""Reading what a user typed: bounded, cleaned, split into words and quoted phrases.

Any string gives a ParsedQuery or a clear QueryError; nothing here can be slow (the input is
cut to MAX_CHARS before any work, and words to MAX_WORD) and no search engine's own query
syntax is ever exposed, so operators and wildcards are just punctuation.
"""

from __future__ import annotations

import re
import unicodedata

from ..errors import UserError
from ..i18n import _
from ..tuples import named

MAX_CHARS = 200  # a query longer than this is cut (a judge types a few words)
MAX_WORDS = 32  # words kept, stop words included: a question's last words often say what it
#                asks ("..., do the end step abilities trigger?"); MAX_CHARS bounds it anyway
MAX_WORD = 40  # longer "words" are cut: no rule word is this long
ECHO = 40  # characters of the query a message repeats
_WORD = re.compile(r"\w+")
# Query-language operators people type out of habit: never searched for as words.
OPERATORS = {"AND", "OR", "NOT", "ANDNOT", "ANDMAYBE", "NEAR"}


class QueryError(UserError):
    """A query with nothing to search for."""


class ParsedQuery(named("ParsedQuery", "text words phrases")):
    __slots__ = ()
    # text: str  # the cleaned text (for messages)
    # words: tuple[str, ...]  # every word, phrases' words included, in order
    # phrases: tuple[tuple[str, ...], ...]  # quoted phrases of two or more words


def clean(text: str) -> str:
    """NFC, control and format characters to spaces, bounded length."""
    text = text[:MAX_CHARS * 4]
    text = unicodedata.normalize("NFC", text)
    text = "".join(" " if unicodedata.category(c)[0] in "CZ" and c != '"' else c
                   for c in text)
    text = " ".join(text.split())
    if len(text) > MAX_CHARS:
        cut = text.rfind(" ", 0, MAX_CHARS)
        text = text[:cut if cut > MAX_CHARS // 2 else MAX_CHARS]
    return text


def echo(query: str) -> str:
    """The query as a message repeats it: one line, about ECHO characters."""
    line = " ".join(query.split())
    return line if len(line) <= ECHO else line[:ECHO].rstrip() + "…"


def parse(text: str) -> ParsedQuery:
    """Words and quoted phrases (an unclosed quote runs to the end); QueryError when empty."""
    cleaned = clean(text.replace("“", '"').replace("”", '"').replace("«", '"')
                    .replace("»", '"'))
    words: list[str] = []
    phrases: list[tuple[str, ...]] = []
    for index, part in enumerate(cleaned.split('"')):
        found = [w[:MAX_WORD] for w in _WORD.findall(part)
                 if w.strip("_") and w not in OPERATORS]
        found = found[:MAX_WORDS - len(words)]
        words.extend(found)
        if index % 2 == 1 and len(found) > 1:
            phrases.append(tuple(found))
    if not words:
        raise QueryError(_("nothing to search for in '{query}': type a rule number (e.g. "
                           "104.3b) or some words (e.g. cleanup step)").format(
            query=echo(cleaned)))
    return ParsedQuery(cleaned, tuple(words), tuple(phrases))
