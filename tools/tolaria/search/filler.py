"""Filler: the words of a question around what it asks ("what happens if", "can I", "cosa
succede se"), left out of a word search.

Players type questions and scenarios, not keywords: "what happens if my life goes to 0",
"que pasa si...", "cosa succede se...". Words such as "happens", "still", "pasa", "succede"
are rare in rules text, so BM25 takes them for the most telling words of the query and
ranks the few rules that happen to hold them ("nothing happens", "todavía en el juego")
above the rule asked about. They are left out of a query's words (never out of the index,
so quoted phrases still find them), unless the query has nothing else. Snowball's stop lists
already drop pronouns and auxiliaries ("my", "does", "mi", "ho"); these lists add the
question and conversation words those lists lack. A word here must not carry meaning for
what a rule says: third-person modals that rules use ("puede", "può", "may") are left
out, and so are words such as "stesso" (same) or "get" (gets priority). The lists are data:
rules/search/filler.yaml (wordlists.py reads it).
"""

from __future__ import annotations

import functools

from . import wordlists
from .analysis import fold
from .kept import kept


@functools.cache
def filler_words(lang: str) -> frozenset[str]:
    """lang's filler words, folded (accents do not matter: "todavia" is "todavía"); kept in
    the user's cache (kept.py), so that a search's start need not read every word list."""
    return kept(f"filler-{lang}",
                lambda: frozenset(fold(w) for w in wordlists.lists().filler.get(lang, ())),
                sorted, frozenset)


def is_filler(lang: str, word: str) -> bool:
    return fold(word.lower()) in filler_words(lang)
