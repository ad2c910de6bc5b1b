"""What a section page says where its rules are numbered otherwise than the English ones.

The Italian 702.25 follows an older English numbering: its 702.25e says what this
rulebook's English 702.25f says. Its page says so in a note at the top, each renumbered rule
names its English counterpart, and every rule element carries, for the language switcher
(tolaria.js), the number of the rule with the same content in each other language.
"""

from __future__ import annotations

import json
from html import escape

from ..i18n import _, format_date
from ..model import LANGUAGES, RuleBook, Section
from ..numbering import RuleNumber
from .addresses import today_number
from .render import Renderer, attr


class Counterparts:
    """The rules with the same content as a section's rules, in the other languages."""

    def __init__(self, book: RuleBook, section: Section, alignments: dict):
        self.book, self.section, self.lang = book, section, section.lang
        number = str(section.number)
        self.alignments = {l: alignments.get((l, number)) for l in LANGUAGES}
        self.mine = self.alignments.get(self.lang)

    # --- numbers ---------------------------------------------------------------------
    def english(self, number: str) -> str | None:
        """The English number of the rule with the content of our `number`."""
        if self.lang == "en":
            return number
        return self.mine.english(number) if self.mine else number

    def counterpart(self, number: str, lang: str) -> str | None:
        """The number in lang of the rule with the content of our `number` (None: none)."""
        if lang == self.lang:
            return number
        english = self.english(number)
        if lang == "en" or english is None:
            return english
        theirs = self.alignments.get(lang)
        return theirs.ours(english) if theirs else english

    def others(self, number: str) -> dict[str, str]:
        """data-{lang} attributes for the switcher, where the number there differs ("" where
        that language has no rule with this content)."""
        out = {}
        for lang in LANGUAGES:
            if lang == self.lang:
                continue
            theirs = self.counterpart(number, lang)
            if theirs != number:
                out[lang] = theirs or ""
        return out

    # --- what the page shows -------------------------------------------------------------
    @property
    def renumbered(self) -> bool:
        return self.lang != "en" and self.mine is not None and self.mine.renumbered

    def map_attribute(self) -> str:
        """data-english on the rules' container: English number -> ours ("" for none), for
        the English numbers that are not ours; so that a link to an English number this
        text lacks or has elsewhere shows a note saying where the content is."""
        if not self.renumbered:
            return ""
        english = self.book.section("en", self.section.number)
        numbers = {str(r.number): self.mine.ours(str(r.number)) or ""
                   for r in (english.rules if english else ())}
        numbers = {k: v for k, v in numbers.items() if k != v}
        return f' data-english="{attr(json.dumps(numbers, separators=(",", ":")))}"'

    def note(self, root: str) -> str:
        """The note at the top of a page whose numbers are not the English ones."""
        if not self.renumbered:
            return ""
        english = self.book.section("en", self.section.number)
        # the English on this site is the current edition's, where the history knows it
        shown = self.book.current or (english.edition.effective if english else None)
        current = self._edition(shown) if shown else ""
        follows = self.mine.follows
        if follows and follows[0] != follows[-1]:
            said = _("This text follows the numbering of the English Comprehensive Rules in "
                     "force from {first} to {last}, not that of the English text on this site, "
                     "of {edition}.").format(
                first=self._edition(follows[0]), last=self._edition(follows[-1]),
                edition=current)
        elif follows:
            said = _("This text follows the numbering of the English Comprehensive Rules of "
                     "{date}, not that of the English text on this site, of {edition}."
                     ).format(date=self._edition(follows[0]), edition=current)
        else:
            said = _("Some rules of this text have other numbers than the English rules they "
                     "render.")
        more = _("Where the numbers differ, each rule names the English rule with the same "
                 "content, and the compare view pairs the rules by content.")
        title = _("Numbered otherwise than the English")
        compare = _("Compare the languages")
        return (f'<div class="admonition warning t-renumbered" role="note">'
                f'<p class="admonition-title">{escape(title)}</p>'
                f'<p>{escape(said)} {escape(more)} '
                f'<a href="{root}compare/{today_number(self.book, self.section.number)}/">{escape(compare)}</a></p>'
                f'</div>')

    def lead(self, number: str, renderer: Renderer, root: str) -> str:
        """The line above a rule whose English counterpart has another number."""
        if self.lang == "en" or not self.renumbered:
            return ""
        english = self.english(number)
        if english == number:
            return ""
        if english is None:
            said = _("No rule of the English text on this site has this content.")
            return f'<p class="t-counterpart t-counterpart-none">{escape(said)}</p>'
        href = renderer.href(RuleNumber.parse(english), root, lang="en")
        label = _("English {number}").format(number=english)
        title = _("The English rule with the same content")
        shown = (f'<a href="{attr(href)}" hreflang="en" title="{attr(title)}">'
                 f'{escape(label)}</a>' if href else escape(label))
        return f'<p class="t-counterpart">{shown}</p>'

    def _edition(self, when) -> str:
        """An edition's date, with its set's name where the rulebook knows it."""
        edition = self.book.editions.get(when)
        if edition is None:
            return format_date(when)
        return f"{format_date(when)} ({edition.set_name(self.lang)})"
