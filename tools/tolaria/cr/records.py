"""Records of the whole CR in English: chapters, sections, rules and the glossary, with lookups.

Immutable, and apart from the trilingual model (`model.py`): the whole CR is one edition of
the official English text, verbatim, with nothing translated and nothing checked by the
engine. Numbers are given and kept as strings ("704.5a"); lookups accept a string or a
`RuleNumber`, and forgive case, blanks and a trailing dot ("704.5A.").
"""

from __future__ import annotations

from ..tuples import named
from ..numbering import BadNumber, RuleNumber

ATTRIBUTION = "Rule text © Wizards of the Coast"
# Named tuples rather than dataclasses: the records are made on every cold start of the CLI,
# and `dataclasses` alone costs more to import than the whole stored CR costs to read.


class CRRule(named("CRRule", "number text examples", defaults=((),))):
    """A numbered rule or subrule: its text (paragraphs joined by '\\n') and its examples."""

    __slots__ = ()
    # number: str ("704.5a"); text: str; examples: tuple[str, ...] ("Example: …")

    @property
    def section(self) -> str:
        return self.number.split(".", 1)[0]


class CRSection(named("CRSection", "number title chapter rules", defaults=((),))):
    """A section ("704", "State-Based Actions") of a chapter ("7"), its rules in CR order."""

    __slots__ = ()
    # number: str; title: str; chapter: str; rules: tuple[CRRule, ...]


class CRChapter(named("CRChapter", "number title sections", defaults=((),))):
    """A chapter ("7", "Additional Rules") and the numbers of its sections."""

    __slots__ = ()
    # number: str; title: str; sections: tuple[str, ...]


class CRTerm(named("CRTerm", "term definition")):
    """A glossary entry, as the official file prints it."""

    __slots__ = ()
    # term: str; definition: str


def fold(text: str) -> str:
    """Case-, accent- and blank-insensitive form of a term ("Phased  Out" -> "phased out")."""
    import unicodedata  # lazy: saves 0.4 ms of `show --json`'s cold start (python -X importtime)

    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().replace("’", "'").split())


def _key(number: str) -> str:
    """The stored form of a number as a user may type it ("704.5A." -> "704.5a")."""
    text = str(number).strip()
    if text.endswith("."):
        text = text[:-1]
    return text.lower()


class WholeCR:
    """One edition of the whole Comprehensive Rules in English (immutable).

    edition: date, the effective date the file states; source: str, the official file it
    was imported from (rules_20260417.txt); chapters, sections, glossary: tuples of
    CRChapter, CRSection, CRTerm in the order of the CR; attribution: str; file: str, where
    it was read from.
    """

    __slots__ = ("edition", "source", "chapters", "sections", "glossary", "attribution",
                 "file", "_rules", "_sections", "_terms")

    def __init__(self, edition, source: str, chapters: tuple, sections: tuple,
                 glossary: tuple, attribution: str = ATTRIBUTION, file: str = "") -> None:
        put = object.__setattr__
        for name, value in (("edition", edition), ("source", source),
                            ("chapters", tuple(chapters)), ("sections", tuple(sections)),
                            ("glossary", tuple(glossary)), ("attribution", attribution),
                            ("file", file)):
            put(self, name, value)
        rules: dict[str, CRRule] = {}
        for section in self.sections:
            for rule in section.rules:
                rules.setdefault(rule.number, rule)
        object.__setattr__(self, "_rules", rules)
        object.__setattr__(self, "_sections", {s.number: s for s in self.sections})
        object.__setattr__(self, "_terms", None)  # folded terms, made on the first term()

    def __setattr__(self, name, value):
        raise AttributeError(f"WholeCR is immutable: cannot set {name}")

    def __repr__(self) -> str:
        return (f"WholeCR({self.edition.isoformat()}, {self.source!r}, "
                f"{len(self._sections)} sections, {len(self._rules)} rules, "
                f"{len(self.glossary)} terms)")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, WholeCR) and all(
            getattr(self, n) == getattr(other, n) for n in self.__slots__[:6])

    __hash__ = None  # type: ignore[assignment]

    # --- lookups ---------------------------------------------------------------------------
    def rule(self, number: str | RuleNumber) -> CRRule | None:
        """The rule or subrule of that number ("704.5a"), or None."""
        return self._rules.get(_key(number))

    def section(self, number: str | int | RuleNumber) -> CRSection | None:
        """The section of that number ("704"), or None."""
        return self._sections.get(_key(number))

    def chapter(self, number: str | int) -> CRChapter | None:
        """The chapter of that number ("7"), or the chapter of a section or rule ("704.5a")."""
        key = _key(number)[:1]
        return next((c for c in self.chapters if c.number == key), None)

    def children(self, number: str | RuleNumber) -> tuple[CRRule, ...]:
        """The rules right under a section ("704" -> 704.1 …) or the subrules of a rule
        ("704.5" -> 704.5a …); () for a subrule or an unknown number."""
        key = _key(number)
        section = self._sections.get(key.split(".", 1)[0])
        if section is None:
            return ()
        if "." not in key:
            return tuple(r for r in section.rules if not r.number[-1].isalpha())
        if key not in self._rules or key[-1].isalpha():
            return ()
        return tuple(r for r in section.rules
                     if r.number[-1].isalpha() and r.number[:-1] == key)

    def term(self, name: str) -> CRTerm | None:
        """The glossary entry of that term, whatever its case and accents; a term the entry
        names among others ("phased out" -> "Phased In, Phased Out") or before a remark in
        brackets ("Planeswalker Deck (Obsolete)") finds it too."""
        if self._terms is None:
            terms: dict[str, CRTerm] = {}
            for entry in self.glossary:
                terms.setdefault(fold(entry.term), entry)
            for entry in self.glossary:  # "Phased In, Phased Out" answers "phased out" too
                bare = entry.term.split(" (")[0]
                for part in [bare] + bare.split(","):
                    terms.setdefault(fold(part), entry)
            object.__setattr__(self, "_terms", terms)
        return self._terms.get(fold(name))

    def rules(self):
        """Every rule and subrule, in the order of the CR."""
        for section in self.sections:
            yield from section.rules

    def __contains__(self, number: object) -> bool:
        key = _key(number)  # type: ignore[arg-type]
        return key in self._rules or key in self._sections

    def nearby(self, number: str | RuleNumber, limit: int = 3) -> tuple[str, ...]:
        """Numbers that exist next to one that does not, for "did you mean": the closest
        siblings in CR order (704.5z -> 704.5x, 704.5y), else those of its parent, else the
        nearest sections. () for a number that exists or is not a number."""
        try:
            wanted = RuleNumber.parse(_key(number))
        except BadNumber:
            return ()
        if str(wanted) in self:
            return ()
        probe: RuleNumber | None = wanted
        while probe is not None:
            parent = probe.parent
            siblings = self._siblings(parent)
            if siblings:
                # lazy: saves 0.6 ms of `show --json`'s cold start (python -X importtime)
                import bisect

                keys = [n.sort_key() for n in siblings]
                at = bisect.bisect_left(keys, probe.sort_key())
                around = sorted(range(len(siblings)), key=lambda i: (
                    min(abs(i - at), abs(i - (at - 1))), i))[:limit]
                return tuple(str(siblings[i]) for i in sorted(around))
            probe = parent
        return ()

    def _siblings(self, parent) -> list:
        if parent is None:
            return [RuleNumber.parse(s.number) for s in self.sections]
        return [RuleNumber.parse(r.number) for r in self.children(str(parent))]
