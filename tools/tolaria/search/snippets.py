"""Snippets: the part of a rule's text with the most matched words, those words marked.

A rule's text is split into words once (kept, by text: the same rules come back query after
query); each query then only picks the words it matched. A word's keys (its stems: a
Snowball stemmer in Python, the cost of a snippet) are only made when the word could match:
a stem keeps its word's first letter (Snowball changes endings), so a word whose first
letter starts none of the wanted keys is not stemmed; a number word ("siete") is, when a
number is wanted.
"""

from __future__ import annotations

from .analysis import WORD, fold, keys, number_keys

WIDTH = 180
MAX_TEXTS = 20_000  # texts whose words are kept (the rulebook has a few hundred)
_WORDS: dict[tuple[str, str], tuple[str, tuple[tuple[int, int, str, str], ...]]] = {}


def _words(lang: str, text: str) -> tuple[str, tuple[tuple[int, int, str, str], ...]]:
    """text with its spaces normalised, and (start, end, word, its folded lowercase first
    letter) of each of its words."""
    held = _WORDS.get((lang, text))
    if held is None:
        flat = " ".join(text.split())
        found = tuple((m.start(), m.end(), m.group(), fold(m.group()[0].lower()))
                      for m in WORD.finditer(flat))
        if len(_WORDS) >= MAX_TEXTS:
            _WORDS.clear()
        held = _WORDS[(lang, text)] = (flat, found)
    return held


def _matches(lang: str, found, wanted: frozenset[str]) -> list[tuple[int, int]]:
    """(start, end) of the words with a wanted key."""
    initials = {key[1:2] if key.startswith("=") else key[:1] for key in wanted}
    numbers = number_keys(lang) if any(key.isdigit() for key in wanted) else {}
    out = []
    for start, end, word, initial in found:
        if initial in initials or (numbers and fold(word.lower()) in numbers):
            held = keys(lang, word)
            if held is not None and not held.isdisjoint(wanted):
                out.append((start, end))
    return out


def densest(spans: list[tuple[int, int]], width: int) -> int:
    """The start of the first window of width characters, starting at a matched word, that
    holds the most matched words whole. One pass: spans are in text order and never overlap,
    so a window's last word only moves forward as its first does (linear in the matches)."""
    best, best_count, last = spans[0][0], 0, 0
    for index, (first, _) in enumerate(spans):
        last = max(last, index)
        while last < len(spans) and spans[last][1] <= first + width:
            last += 1
        if last - index > best_count:
            best, best_count = first, last - index
    return best


def snippet(lang: str, text: str, wanted: frozenset[str],
            width: int = WIDTH) -> tuple[str, tuple[tuple[int, int], ...]]:
    """(snippet, marks): a window of text of about width characters, cut at words."""
    text, found = _words(lang, text)
    spans = _matches(lang, found, wanted)
    start = 0
    if len(text) > width and spans:
        best = densest(spans, width)
        start = max(0, best - width // 4)
        if start:
            space = text.find(" ", start)
            start = space + 1 if 0 <= space < best else best
    end = min(len(text), start + width)
    if end < len(text):
        space = text.rfind(" ", start, end)
        end = space if space > start + width // 2 else end
    prefix = "… " if start else ""
    suffix = " …" if end < len(text) else ""
    body = text[start:end]
    offset = len(prefix) - start
    marks = tuple((s + offset, e + offset) for s, e in spans if s >= start and e <= end)
    return prefix + body + suffix, marks
