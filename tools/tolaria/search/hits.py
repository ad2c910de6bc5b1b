"""A search result: a rule in one language, with a snippet whose matched words are marked."""

from __future__ import annotations

from typing import NamedTuple

MARK_OPEN, MARK_CLOSE = "**", "**"  # how JSON marks matched words in a snippet


class Hit(NamedTuple):
    number: str
    lang: str
    title: str
    snippet: str  # plain text
    score: float
    marks: tuple[tuple[int, int], ...] = ()  # (start, end) of matched words in snippet

    def marked(self, open_: str = MARK_OPEN, close: str = MARK_CLOSE) -> str:
        """The snippet with every matched word between open_ and close."""
        out, last = [], 0
        for start, end in self.marks:
            out.append(self.snippet[last:start])
            out.append(open_ + self.snippet[start:end] + close)
            last = end
        out.append(self.snippet[last:])
        return "".join(out)

    def to_json(self) -> dict:
        return {"number": self.number, "lang": self.lang, "title": self.title,
                "snippet": self.marked(), "score": round(self.score, 4)}


def shorten(text: str, width: int = 160) -> str:
    """The first line of text, cut at a word boundary to about width characters."""
    line = " ".join(text.split())
    if len(line) <= width:
        return line
    cut = line.rfind(" ", 0, width)
    return line[:cut if cut > width // 2 else width].rstrip(" ,;:") + " …"
