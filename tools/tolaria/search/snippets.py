"""Snippets: the part of a rule's text with the most matched words, those words marked."""

from __future__ import annotations

from .analysis import WORD, keys

WIDTH = 180
_NONE: frozenset[str] = frozenset()
_CACHES: dict[str, dict[str, frozenset[str]]] = {}  # lang -> word -> keys


def snippet(lang: str, text: str, wanted: frozenset[str],
            width: int = WIDTH) -> tuple[str, tuple[tuple[int, int], ...]]:
    """(snippet, marks): a window of text of about width characters, cut at words."""
    text = " ".join(text.split())
    spans = []
    cache = _CACHES.setdefault(lang, {})
    for match in WORD.finditer(text):
        word = match.group()
        found = cache.get(word)
        if found is None:
            found = cache[word] = keys(lang, word) or _NONE
            if len(cache) > 100_000:
                cache.clear()
        if not found.isdisjoint(wanted):
            spans.append(match.span())
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
