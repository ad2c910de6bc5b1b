"""A search result: a rule in one language, with a snippet whose matched words are marked."""

from __future__ import annotations

from ..i18n import _, language_name
from ..tuples import named
from .parsing import echo

MARK_OPEN, MARK_CLOSE = "**", "**"  # how JSON marks matched words in a snippet


class Hit(named("Hit", "number lang title snippet score marks asked editions in_rulebook "
                            "english_only rulebook_number",
                     defaults=((), None, (), True, False, None))):
    __slots__ = ()
    # number: str
    # lang: str
    # title: str
    # snippet: str  # plain text
    # score: float
    # marks: tuple[tuple[int, int], ...] = ()  # (start, end) of matched words in snippet
    # A rule found by a number of other editions (see tolaria.history): the number asked,
    # and the editions (ISO dates) in which the rule had it; in_rulebook False for a rule
    # this reference does not have (removed since, or newer than its text), shown in English.
    # asked: str | None = None
    # editions: tuple[str, ...] = ()
    # in_rulebook: bool = True
    # A rule of the whole current CR that the project has not translated: in English only.
    # english_only: bool = False
    # The rule's number in this rulebook when today's (number) differs: 702.25d for 702.26d.
    # rulebook_number: str | None = None

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
        out = {"number": self.number, "lang": self.lang, "title": self.title,
               "snippet": self.marked(), "score": round(self.score, 4)}
        if self.asked is not None:
            out.update(asked=self.asked, editions=list(self.editions))
        if not self.in_rulebook:
            out["in_rulebook"] = False
        if self.english_only:
            out["english_only"] = True
        if self.rulebook_number:
            out["rulebook_number"] = self.rulebook_number
        return out


class Hits(list):
    """Hits, best first. When the query as typed matched nothing, `fallback` says how these
    were found instead: "loose" (its quoted phrases no longer required) or "fuzzy"
    (typo-tolerant); `phrase_missed` is True when a quoted phrase had no exact match;
    `corrections` lists (typed, searched) for each word read as a typo, and `searched` is
    the query as searched (words only; empty for numbers). With no hits, `unknown` lists
    the words typed that no language of the index holds and no correction could help with
    (all of them: the query is about something the covered sections do not say)."""

    def __init__(self, hits=(), fallback: str | None = None, phrase_missed: bool = False,
                 corrections=(), searched: str = "", unknown=()):
        super().__init__(hits)
        self.unknown = tuple(unknown)
        self.fallback = fallback
        self.phrase_missed = phrase_missed
        self.corrections = tuple(corrections)
        self.searched = searched

    def __getitem__(self, index):
        found = super().__getitem__(index)
        if isinstance(index, slice):
            return Hits(found, self.fallback, self.phrase_missed, self.corrections,
                        self.searched, self.unknown)
        return found

    def notices(self) -> list[str]:
        """One line each on how the query was read: a typo corrected, a phrase loosened."""
        out = []
        if self and self.corrections:
            out.append(_("tolaria: no rule has '{typed}'; showing results for '{searched}'"
                         ).format(typed=echo(" ".join(typed for typed, _used in self.corrections)),
                                  searched=echo(self.searched)))
        if self and self.phrase_missed:
            out.append(_("tolaria: no exact match for the phrase; showing close matches"))
        return out

    def text(self, show_lang: bool = False, color: bool = False, lang: str = "en") -> str:
        """The hits for a terminal: number and title, then the snippet (matches highlighted
        when color); a rule in English only says so when the search was in another
        language (lang) or in all."""
        lines = []
        for hit in self:
            head = f"{hit.number} · {hit.title}" + (
                f" · {language_name(hit.lang)}" if show_lang else "")
            if hit.english_only and (show_lang or lang != "en"):
                head += " · " + _("English only")
            lines.append(f"\033[1m{head}\033[0m" if color else head)
            lines.append("  " + (hit.marked("\033[1;33m", "\033[0m") if color else hit.snippet))
        return "\n".join(lines)


def found_hit(result: dict, text: str, score: float, marks) -> Hit:
    """A Hit of an indexed document's stored fields: under today's number (the rulebook's
    in rulebook_number when it differs), English only for a rule of the whole CR."""
    shown = result.get("shown") or result["number"]
    return Hit(shown, result["lang"], result["title"], text, score, marks,
               english_only=result.get("origin") == "cr",
               rulebook_number=result["number"] if shown != result["number"] else None)
