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
out, and so are words such as "stesso" (same) or "get" (gets priority). This module is not
part of the index's fingerprint: changing it needs no rebuild.
"""

from __future__ import annotations

import functools

from .analysis import fold

_WORDS = {
    # Question framing, conversation, words about the rules themselves, and the pieces
    # of contractions ("I'm" -> "m", "we'll" -> "ll"; "s" and "t" are Snowball's already).
    # Italian "quando" is here as English "when" and Spanish "cuando" are Snowball's.
    "en": """
        what whats happen happens happened happening would could might still right away
        really actually ok okay yes hey please thanks anyway exactly mean means meant say
        says said tell know wonder wondering question rule rules ruling someone somebody
        something thing things else many much work works m ll ve re d
    """,
    "es": """
        pasa pasaría pasara pasaria sucede sucedería ocurre ocurriría puedo puedes podemos
        podría podríamos todavía aún ahora entonces significa dice regla reglas cuanto
        cuanta cuantos cuantas cuánto cuánta cuántos cuántas cuál cuáles cómo alguien
        funciona vale bueno pues oye exactamente verdad cierto correcto
    """,
    "it": """
        quando cosa succede succederebbe accade capita posso puoi possiamo potrei ancora adesso
        ora allora quindi comunque significa dice regola regole qualcuno qualcosa funziona
        vero giusto esattamente ok
    """,
}


@functools.cache
def filler_words(lang: str) -> frozenset[str]:
    """lang's filler words, folded (accents do not matter: "todavia" is "todavía")."""
    return frozenset(fold(w) for w in _WORDS.get(lang, "").split())


def is_filler(lang: str, word: str) -> bool:
    return fold(word.lower()) in filler_words(lang)
