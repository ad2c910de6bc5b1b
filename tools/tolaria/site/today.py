"""Covered rules as they stand today, on the section pages and the compare view.

The newest official edition the project knows is the current one (model.Today). Every page
shows a covered rule under today's number, with an anchor for it beside the anchor of the
number the text has (/en/702.25/#702.25d and #702.26d are one rule): in English the current
text, with the numbers it had before ("702.25d until 2021"); in Spanish and Italian the
translation, its base (the English edition it was made from) and, where the English changed
since, a folded note with the word diff from the base English to the current English. A rule
with no counterpart today (the pre-2009 rule 300) says so and where its content went.
"""

from __future__ import annotations

from datetime import date
from html import escape

from ..history.changes import word_diff
from ..history.current import lag as lag_since
from ..i18n import _, format_date, ngettext
from ..model import Lag, Paragraph, Rule, RuleBook, Section, Today
from ..numbering import RuleNumber, find_references
from .render import CURRENT, OLD, RULEBOOK, Renderer, attr


def diff_html(old: str, new: str) -> str:
    """The word diff from old to new as HTML: <del> for words deleted, <ins> inserted."""
    tags = {"equal": "{}", "delete": "<del>{}</del>", "insert": "<ins>{}</ins>"}
    return " ".join(tags[op].format(escape(text)) for op, text in word_diff(old, new))


def carried(old: str | None, new: str | None) -> dict[str, str]:
    """The numbers a rule's text of an older edition cites that the same rule's text of
    the current edition cites under other numbers (rule 718 of 2018 is 727 today), where
    both texts cite as many numbers; {} otherwise."""
    before = [str(n) for n in find_references(old or "")]
    after = [str(n) for n in find_references(new or "")]
    if not before or len(before) != len(after):
        return {}
    pairs: dict[str, set[str]] = {}
    for a, b in zip(before, after):
        pairs.setdefault(a, set()).add(b)
    return {a: b.pop() for a, b in pairs.items() if len(b) == 1 and a not in b}


def current_rule(today: Today | None, rule: Rule) -> Rule:
    """rule with the current edition's English text and examples, where there is one."""
    if today is None or today.number is None or today.text is None:
        return rule
    return rule._replace(text=today.text, earlier=(),
                         examples=tuple(Paragraph(e, rule.line) for e in today.examples))


class TodayView:
    """Today's numbers, text and lag of one section's rules in its language.

    english: the English (rulebook) number of the rule with the content of one of the
    section's numbers (counterparts.Counterparts.english); history: the rule history, or
    None (the lag then comes from the model)."""

    def __init__(self, book: RuleBook, section: Section, english, history=None):
        self.book, self.section, self.lang = book, section, section.lang
        self.english, self.history = english, history
        self.ids = {str(section.number)} | {str(r.number) for r in section.rules}
        self._taken: set[str] | None = None  # the page's ids, with alias anchors given

    def today(self, number: str) -> Today | None:
        key = number if number == str(self.section.number) else self.english(number)
        return self.book.today_of(key) if key else None

    def shown(self, number: str) -> str:
        """The number a rule is shown under: today's, else its own (and its own where
        today's is another rule's number on this page)."""
        today = self.today(number)
        if today is None or today.number is None:
            return number
        return number if today.number != number and today.number in self.ids else today.number

    def gone(self) -> bool:
        """Whether the section has no counterpart today (the pre-2009 rule 300)."""
        head = self.today(str(self.section.number))
        return head is not None and head.number is None

    def citing(self, rule: Rule) -> tuple[str, dict[str, str]]:
        """How the rule's text as the rulebook has it numbers the rules it cites (render's
        scheme), and the numbers of its edition that are others today: carried through the
        English of its edition (a translation's base) to today's English of the same rule.
        A section with no counterpart today cites the numbers of its time (OLD)."""
        if self.gone():
            return OLD, {}
        number = str(rule.number)
        if self.lang == "en":
            today = self.today(number)
            return RULEBOOK, carried(rule.text, today.text if today else None)
        lag = self.lag(number)
        return RULEBOOK, carried(lag.base_text, lag.current_text) if lag else {}

    def rule(self, rule: Rule) -> tuple[Rule, str, dict[str, str]]:
        """(the rule as this page shows it, its scheme and moved numbers, as citing()): an
        English rule as the current edition has it, a translation as it is."""
        today = self.today(str(rule.number))
        if self.lang == "en" and today is not None and today.text is not None:
            return current_rule(today, rule), CURRENT, {}
        return (rule, *self.citing(rule))

    def lag(self, number: str) -> Lag | None:
        """How far the base English of the rule the translation's `number` renders lags the
        current English (None in English)."""
        key = self.english(number)
        if self.lang == "en" or key is None:
            return None
        if self.history is not None:
            return lag_since(self.history, key, self.section.edition.effective)
        return self.book.lag_of(self.lang, key)

    def added(self) -> list[tuple[Rule, date]]:
        """The rules of the section that the current edition has and this rulebook's
        English does not (added since its edition), as rules numbered today, each with the
        edition that added it; only on an English page, and only with the history."""
        if self.lang != "en" or self.history is None:
            return []
        unit, out = str(self.section.number), []
        for key, today in (self.book.today or {}).items():
            found = self.history.unit_of(key)
            if (found is None or found.key != unit or key in self.ids or today.number is None
                    or today.text is None or today.number in self.ids):
                continue
            rule = Rule(RuleNumber.parse(today.number), today.text,
                        tuple(Paragraph(e, 0) for e in today.examples))
            out.append((rule, self.history.tracked(key).versions[0].first))
        return sorted(out, key=lambda pair: pair[0].number)

    def added_lead(self, since: date) -> str:
        said = _("New in the edition of {date}.").format(date=format_date(since))
        return f'<p class="t-aliases">{escape(said)}</p>'

    # --- what the page shows -------------------------------------------------------------
    def heading(self) -> str:
        number = str(self.section.number)
        return f"{self.shown(number)}. {self.section.title}"

    def lead(self, number: str, renderer: Renderer, root: str) -> str:
        """The line over a rule: the numbers it had, or that its text numbers it otherwise,
        or that it has no counterpart today and where its content is; then its lag."""
        today, shown = self.today(number), self.shown(number)
        items = []
        if today is not None and today.number is None:
            items.append(self._gone(today, renderer, root))
        elif today is not None:
            said = {shown}  # numbers the line already gives
            if self.lang != "en" and shown != number:
                items.append(escape(_("{number} in this text").format(number=number)))
                said.add(number)
            items.extend(escape(_("{number} until {year}").format(
                number=a.number, year=a.last.year)) for a in today.aliases[:3]
                if a.number not in said)
        line = (f'<p class="t-aliases">{" · ".join(items)}</p>' if items else "")
        return self.alias_anchors(today) + line + self.lag_note(number)

    def alias_anchors(self, today: Today | None) -> str:
        """Empty elements with the ids of the numbers a rule had in other editions (#723.1d
        lands on 724.1d), each once, where no rule of the page has that id; not the numbers
        within the page's own section, which its rules have as this text numbers them (and
        which name other content in a translation numbered otherwise than the English)."""
        if today is None:
            return ""
        own = self.section.number
        if self._taken is None:
            self._taken = (self.ids | {self.shown(n) for n in self.ids}
                           | {str(r.number) for r, _since in self.added()})
        out = []
        for alias in today.aliases:
            if (alias.number not in self._taken
                    and not RuleNumber.parse(alias.number).is_within(own)):
                self._taken.add(alias.number)
                out.append(f'<span class="t-anchor" id="{attr(alias.number)}"></span>')
        return "".join(out)

    def lag_note(self, number: str) -> str:
        """A translation's "the English changed since" note, folded: its diff."""
        lag = self.lag(number)
        if lag is None or not lag.stale:
            return ""
        label = _("Base English → current English ({date}):").format(
            date=format_date(lag.current))
        return (f'<details class="t-lag"><summary>{escape(self.lag_said(lag))}</summary>'
                f'<p><span class="t-label">{escape(label)}</span></p>'
                f'<p class="t-diff" lang="en">'
                f'{diff_html(lag.base_text or "", lag.current_text or "")}</p></details>')

    def lag_line(self, number: str) -> str:
        """A translation's "the English changed since" note as one line, without its diff
        (the compare view shows the diff once, in the current English's column)."""
        lag = self.lag(number)
        if lag is None or not lag.stale:
            return ""
        return f'<p class="t-lag">{escape(self.lag_said(lag))}</p>'

    @staticmethod
    def lag_said(lag: Lag) -> str:
        """"The English changed since …": how far a stale translation's base lags."""
        return ngettext("The English changed since {base}: {count} change, in the edition "
                        "of {since}.",
                        "The English changed since {base}: {count} changes, the first in "
                        "the edition of {since}.", lag.changes).format(
            base=format_date(lag.base), count=lag.changes,
            since=format_date(lag.since or lag.current))

    def _gone(self, today: Today, renderer: Renderer, root: str) -> str:
        moved = list(today.moved_to)
        if not moved:  # the section head: where its rules went
            head = RuleNumber.parse(today.key.partition("@")[0])
            moved = sorted({n.split(".")[0] for k, t in (self.book.today or {}).items()
                            for n in t.moved_to
                            if RuleNumber.parse(k.partition("@")[0]).is_within(head)})
        links = ", ".join(renderer.link(RuleNumber.parse(n), root, scheme=CURRENT)
                          for n in moved)
        if not links:
            return escape(_("No counterpart in the current edition ({date}).").format(
                date=format_date(today.edition)))
        said = escape(_("No counterpart in the current edition ({date}); its content is in "
                        "{rules} today.").format(date=format_date(today.edition),
                                                 rules="@@"))
        return said.replace("@@", links)

    def meta(self, renderer: Renderer, root: str) -> str:
        """Under the section's heading: its number today and the numbers it had; for a
        translation its base edition and how many of its rules lag the current English."""
        parts = [self.lead(str(self.section.number), renderer, root)]
        current = self.book.current
        if self.lang != "en" and current is not None:
            lags = [lag for r in self.section.rules if (lag := self.lag(str(r.number)))]
            base = lags[0].base if lags else self.section.edition.effective
            said = _("Translated from the English of {base}; the current English is of "
                     "{current}.").format(base=format_date(base), current=format_date(current))
            stale = sum(1 for lag in lags if lag.stale)
            if stale:
                said += " " + ngettext("The English of {count} rule changed since.",
                                       "The English of {count} rules changed since.",
                                       stale).format(count=stale)
            parts.append(f'<p class="t-base">{escape(said)}</p>')
        return "".join(parts)

    def anchor(self) -> str:
        """The heading's anchor for today's number, where it is not the section's own."""
        number = str(self.section.number)
        shown = self.shown(number)
        return f'<span class="t-anchor" id="{attr(shown)}"></span>' if shown != number else ""

