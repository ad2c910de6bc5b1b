"""The rulebook model: immutable records built by the loader, read by everything else.

The records are named tuples (tuples.named) rather than frozen dataclasses: they are as
immutable, and a fresh process builds their classes several times faster (start-up is the
CLI's hot path).
"""

from __future__ import annotations

from datetime import date  # dates are only read here, made by the loader and snapshot

from .numbering import RuleNumber, find_references
from .tuples import named

LANGUAGES = ("en", "es", "it")
SOURCE_KINDS = ("official", "quoted", "project")


class Edition(named("Edition", "effective set_names file", defaults=(None,))):
    """An edition of the Comprehensive Rules, known by its effective date."""

    __slots__ = ()
    # effective: date
    # set_names: dict[str, str]  # language -> set name
    # file: str | None = None  # the official file in reference/cr-en/, where there is one

    def set_name(self, lang: str) -> str:
        return self.set_names.get(lang) or self.set_names["en"]


class Source(named("Source", "kind name file claims claims_text translated_from",
                        defaults=(None, None, None, None))):
    """Where a section's text comes from."""

    __slots__ = ()
    # kind: str  # official | quoted | project
    # name: str
    # file: str | None = None  # relative to the shared sources (seeds/…, reference/cr-en/…)
    # claims: date | None = None  # the edition the source says it quotes
    # claims_text: str | None = None  # that claim in the source's own words
    # translated_from: str | None = None  # project translations: the language translated

    def to_json(self) -> dict:
        out = {"kind": self.kind, "name": self.name}
        if self.file:
            out["file"] = self.file
        if self.claims:
            out["claims"] = self.claims.isoformat()
        if self.claims_text:
            out["claims_text"] = self.claims_text
        if self.translated_from:
            out["translated_from"] = self.translated_from
        return out


class Paragraph(named("Paragraph", "text line cites", defaults=((),))):
    """A piece of text at a place in a file, with the rule numbers it cites."""

    __slots__ = ()
    # text: str
    # line: int
    # cites: tuple[RuleNumber, ...] = ()

    @classmethod
    def of(cls, text: str, line: int = 0) -> Paragraph:
        return cls(text, line, tuple(find_references(text)))


class Wording(named("Wording", "since text line")):
    """An earlier dated wording of a rule (the pre-2009 rule 300 keeps them)."""

    __slots__ = ()
    # since: date
    # text: str
    # line: int


class Rule(named("Rule", "number text examples since earlier file line cites base",
                      defaults=((), None, (), "", 0, (), None))):

    __slots__ = ()
    # number: RuleNumber
    # text: str
    # examples: tuple[Paragraph, ...] = ()
    # since: date | None = None  # the edition this wording dates from, where known
    # earlier: tuple[Wording, ...] = ()
    # file: str = ""
    # line: int = 0
    # cites: tuple[RuleNumber, ...] = ()
    # base: date | None = None  # a translation: the English edition this rule's text was
    #                           # brought up to, when later than its section's edition

    @classmethod
    def of(cls, number: RuleNumber, text: str, examples: tuple[Paragraph, ...] = (),
           since: date | None = None, earlier: tuple[Wording, ...] = (), file: str = "",
           line: int = 0, base: date | None = None) -> Rule:
        """A rule with its citations found in its text and examples."""
        cites = list(find_references(text))
        for example in examples:
            cites.extend(example.cites)
        return cls(number, text, examples, since, earlier, file, line, tuple(cites), base)

    @property
    def paragraphs(self) -> list[str]:
        return self.text.split("\n")


class Section(named("Section", "number title lang edition source rules file line",
                         defaults=("", 1))):
    """One CR section (or a keyword rule used as one, like 702.25) in one language."""

    __slots__ = ()
    # number: RuleNumber
    # title: str
    # lang: str
    # edition: Edition
    # source: Source
    # rules: tuple[Rule, ...]
    # file: str = ""
    # line: int = 1

    def rule(self, number: RuleNumber) -> Rule | None:
        for rule in self.rules:
            if rule.number == number:
                return rule
        return None

    def base_of(self, number: RuleNumber) -> date:
        """The English edition the text of number (a rule, or the section) was translated
        from: the rule's own base where it has one, else the section's edition."""
        rule = self.rule(number)
        return rule.base if rule is not None and rule.base else self.edition.effective

    def children(self, number: RuleNumber) -> list[Rule]:
        """The rules directly under number (subrules of a rule, rules of a section)."""
        return [r for r in self.rules if r.number.parent == number]

    def descendants(self, number: RuleNumber) -> list[Rule]:
        return [r for r in self.rules if r.number != number and r.number.is_within(number)]


class TermName(named("TermName", "name definition variants source obsolete_names",
                          defaults=(None, (), None, ()))):
    """A glossary term in one language."""

    __slots__ = ()
    # name: str
    # definition: str | None = None
    # variants: tuple[str, ...] = ()  # other accepted forms (plural, verb forms)
    # source: str | None = None  # where the definition is quoted from
    # obsolete_names: tuple[str, ...] = ()  # earlier wordings, no longer used


class Term(named("Term", "id names rules obsolete note line",
                      defaults=((), False, None, 0))):
    """A glossary term: its names in each language and the rules that define it."""

    __slots__ = ()
    # id: str
    # names: dict[str, TermName]  # language -> name
    # rules: tuple[RuleNumber, ...] = ()
    # obsolete: bool = False  # the term itself is an obsolete wording
    # note: str | None = None
    # line: int = 0


class Alias(named("Alias", "number first last")):
    """Another number a rule had, from one edition to another ("702.25 until 2021")."""

    __slots__ = ()
    # number: str
    # first: date
    # last: date

    def to_json(self) -> dict:
        return {"number": self.number, "first": self.first.isoformat(),
                "last": self.last.isoformat()}


class Today(named("Today", "key number text examples edition aliases moved_to cites",
                       defaults=((), ()))):
    """A covered rule as the current edition (the newest official one known) has it.

    number is None for a rule with no counterpart today (the pre-2009 rule 300); moved_to
    then names today's rules its content went to."""

    __slots__ = ()
    # key: str  # the rule's number in this rulebook (its English edition)
    # number: str | None  # today's number
    # text: str | None
    # examples: tuple[str, ...]
    # edition: date  # the current edition
    # aliases: tuple[Alias, ...]  # the other numbers it had, most recent first
    # moved_to: tuple[str, ...] = ()
    # cites: tuple[RuleNumber, ...] = ()  # the numbers text cites, in order (as Rule.cites)


class Lag(named("Lag", "base current changes since base_number base_text current_text")):
    """How the English of a translation's base edition differs from the current edition's,
    for one rule: changes of wording between them (0: up to date), the first edition after
    base that words it otherwise, and both texts."""

    __slots__ = ()
    # base: date  # the edition in force on the translation's edition
    # current: date
    # changes: int
    # since: date | None
    # base_number: str | None
    # base_text: str | None
    # current_text: str | None

    @property
    def stale(self) -> bool:
        return self.changes > 0


class RuleBook(named("RuleBook",
                     "sections editions glossary root files today current lags reused",
                     defaults=((), "rules", (), None, None, None, frozenset()))):
    """Every section in every language, the editions and the glossary; and, where the rule
    history is there, today's view of every covered rule (today: key -> Today), the current
    edition, how far each translation's base lags it (lags: (lang, key) -> Lag), and the
    numbers more than one covered rule had in some edition (reused: 702.25k, 513.2)."""

    __slots__ = ()
    # sections: dict[tuple[str, str], Section]  # (lang, section number) -> Section
    # editions: dict[date, Edition]
    # glossary: tuple[Term, ...] = ()
    # root: str = "rules"
    # files: tuple[str, ...] = ()
    # today: dict[str, Today] | None = None
    # current: date | None = None
    # lags: dict[tuple[str, str], Lag] | None = None
    # reused: frozenset[str] = frozenset()  # numbers two covered rules had: History.reused()

    @property
    def languages(self) -> list[str]:
        return [lang for lang in LANGUAGES if any(k[0] == lang for k in self.sections)]

    def section_numbers(self, lang: str | None = None) -> list[RuleNumber]:
        numbers = {s.number for (l, _), s in self.sections.items() if lang in (None, l)}
        return sorted(numbers)

    def section(self, lang: str, number: RuleNumber | str) -> Section | None:
        return self.sections.get((lang, str(number)))

    def home_of(self, lang: str, number: RuleNumber) -> RuleNumber | None:
        """The number of the section file that holds number in lang (702.25b: 702.25), from
        the keys only: a snapshot's sections are decoded when read."""
        node: RuleNumber | None = number  # the deepest of number and its parents
        while node is not None and (lang, str(node)) not in self.sections:
            node = node.parent
        return node

    def section_for(self, lang: str, number: RuleNumber) -> Section | None:
        """The section file that holds number (702.25b lives in 702.25)."""
        home = self.home_of(lang, number)
        return self.sections[(lang, str(home))] if home is not None else None

    def find(self, lang: str, number: RuleNumber) -> Section | Rule | None:
        """A section or a rule by its number, in one language."""
        section = self.section_for(lang, number)
        if section is None:
            return None
        if section.number == number:
            return section
        return section.rule(number)

    def rules(self, lang: str | None = None):  # -> Iterator[tuple[Section, Rule]]
        for key in sorted(self.sections, key=lambda k: (k[0], RuleNumber.parse(k[1]))):
            section = self.sections[key]
            if lang in (None, section.lang):
                for rule in section.rules:
                    yield section, rule

    def all_numbers(self, lang: str) -> list[RuleNumber]:
        out = [s.number for (l, _), s in self.sections.items() if l == lang]
        out += [r.number for _, r in self.rules(lang)]
        return sorted(set(out))

    def nearby(self, lang: str, number: RuleNumber, count: int = 3) -> list[RuleNumber]:
        """The existing numbers closest to number, for 'did you mean' answers."""
        home = self.section_for(lang, number)
        known = self.all_numbers(lang)
        if home is not None:  # stay inside the section the number would belong to
            known = [n for n in known if n.is_within(home.number)]
        before = [n for n in known if n < number][-count:]
        after = [n for n in known if n > number][:count]
        return before + after

    def today_of(self, key: str) -> Today | None:
        """Today's view of a covered rule by its number in this rulebook (its key)."""
        return (self.today or {}).get(key)

    def key_today(self, number: str) -> str | None:
        """The key of the covered rule whose number today is number."""
        for key, found in (self.today or {}).items():
            if found.number == number:
                return key
        return None

    def lag_of(self, lang: str, key: str) -> Lag | None:
        return (self.lags or {}).get((lang, key))

    def term(self, term_id: str) -> Term | None:
        for term in self.glossary:
            if term.id == term_id:
                return term
        return None
