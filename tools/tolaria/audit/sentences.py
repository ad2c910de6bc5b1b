"""Which sentences of a translated rule render which sentences of its English.

Sentence counts alone cannot tell a lost sentence from two sentences joined in one. The
sentences are aligned by length (Gale and Church's idea: a translation's sentences run about
as long as the English they render), allowing one sentence to render two; an English
sentence left unpaired is one the translation lacks. A sentence that only cites rules ("See
rule 800.4.") is not counted: translations often fold it into the sentence before.
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple

from ..numbering import iter_reference_spans
from .features import sentences, words
from .pairing import LENGTH_FACTOR

_CITING = {"see", "rule", "rules", "and", "ver", "la", "las", "regla", "reglas", "y", "vedi",
           "regola", "regole", "e"}
GAP = 3.0  # the cost of a sentence rendered by nothing
JOIN = 0.7  # the cost of one sentence rendering two
MARGIN = 0.7  # how much better a lost sentence must fit than the next guess to be named
ANCHORS = 3  # at most this much credit for what two sentences share (see _anchors)
_TOKEN = re.compile(r"\d+(?:\.\d+[a-z]?)?|[^\W\d_]{4,}")


def _anchors(text: str) -> set[str]:
    """What survives translation: numbers, and the start of long words (effect / effetto /
    efecto, turn / turno)."""
    return {t if t[0].isdigit() else t[:4].lower() for t in _TOKEN.findall(text)}


def citing_only(sentence: str) -> bool:
    """True for a sentence that only cites rules ("(See rules 704.5n and 704.5p.)")."""
    spans = list(iter_reference_spans(sentence))
    if not spans:
        return False
    rest = sentence
    for start, end, _number in reversed(spans):
        rest = rest[:start] + " " + rest[end:]
    return all(w.lower() in _CITING for w in words(rest))


def counted(text: str) -> list[str]:
    """The sentences of a text that count (citation-only ones left out)."""
    return [s for s in sentences(text) if not citing_only(s)]


class Comparison(NamedTuple):
    english: list[str]
    ours: list[str]
    lacking: list[str]  # English sentences the translation renders nowhere


def compare(english_text: str, our_text: str, lang: str) -> Comparison:
    english, ours = counted(english_text), counted(our_text)
    factor = LENGTH_FACTOR.get(lang, 1.0)

    def cost(a: list[str], b: list[str]) -> float:
        la = sum(len(s) for s in a) * factor
        lb = sum(len(s) for s in b)
        shared = len(_anchors(" ".join(a)) & _anchors(" ".join(b)))
        return (8.0 * abs(math.log(max(lb, 1) / max(la, 1))) - min(ANCHORS, shared)
                + (JOIN if len(a) + len(b) > 2 else 0.0))

    n, m = len(english), len(ours)
    inf = float("inf")
    best = [[inf] * (m + 1) for _ in range(n + 1)]
    move: list[list[tuple[int, int]]] = [[(0, 0)] * (m + 1) for _ in range(n + 1)]
    best[0][0] = 0.0
    steps = ((1, 1), (1, 0), (0, 1), (2, 1), (1, 2))
    for i in range(n + 1):
        for j in range(m + 1):
            for di, dj in steps:
                if i < di or j < dj or best[i - di][j - dj] == inf:
                    continue
                if di and dj:
                    c = cost(english[i - di:i], ours[j - dj:j])
                else:
                    c = GAP
                if best[i - di][j - dj] + c < best[i][j]:
                    best[i][j], move[i][j] = best[i - di][j - dj] + c, (di, dj)
    lacking = []
    i, j = n, m
    while i or j:
        di, dj = move[i][j]
        if dj == 0:
            lacking.append(english[i - 1])
        i, j = i - di, j - dj
    lacking.reverse()
    if len(lacking) == 1 and len(english) == len(ours) + 1:
        # name it only when leaving out that sentence fits clearly better than any other
        left_out = sorted((sum(cost([e], [o]) for e, o in zip(english[:k] + english[k + 1:],
                                                              ours)), k)
                          for k in range(len(english)))
        if english[left_out[0][1]] != lacking[0] or left_out[1][0] - left_out[0][0] < MARGIN:
            lacking = []
    return Comparison(english, ours, lacking)
