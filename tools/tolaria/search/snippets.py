"""Snippets: the part of a rule's text with the most matched words, those words marked.

A rule's text is split into words and their keys once (kept, by text: the same rules come
back query after query); each query then only picks the words it matched.
"""

from __future__ import annotations

from .analysis import WORD, keys

WIDTH = 180
MAX_TEXTS = 20_000  # texts whose words are kept (the rulebook has a few hundred)
_NONE: frozenset[str] = frozenset()
_WORDS: dict[tuple[str, str], tuple[str, tuple[tuple[int, int, frozenset[str]], ...]]] = {}


def _words(lang: str, text: str) -> tuple[str, tuple[tuple[int, int, frozenset[str]], ...]]:
    """text with its spaces normalised, and (start, end, keys) of each of its words."""
    held = _WORDS.get((lang, text))
    if held is None:
        flat = " ".join(text.split())
        found = tuple((m.start(), m.end(), keys(lang, m.group()) or _NONE)
                      for m in WORD.finditer(flat))
        if len(_WORDS) >= MAX_TEXTS:
            _WORDS.clear()
        held = _WORDS[(lang, text)] = (flat, found)
    return held


def snippet(lang: str, text: str, wanted: frozenset[str],
            width: int = WIDTH) -> tuple[str, tuple[tuple[int, int], ...]]:
    """(snippet, marks): a window of text of about width characters, cut at words."""
    text, found = _words(lang, text)
    spans = [(s, e) for s, e, k in found if not k.isdisjoint(wanted)]
    start = 0
    if len(text) > width and spans:
        best, best_count = spans[0][0], 0
        for first, _ in spans:  # the window, starting at a matched word, holding the most
            count = sum(1 for s, e in spans if first <= s and e <= first + width)
            if count > best_count:
                best, best_count = first, count
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
