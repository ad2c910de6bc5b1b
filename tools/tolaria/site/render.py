"""HTML of rules for the site: escaped text, anchors by rule number, links, glossary hovers.

Every piece of rulebook text goes through html.escape here: a `<script>` in the YAML shows
as text. Cross-references are found with numbering.iter_reference_spans (the project's one
pattern) and read in the numbering of the text they are in (its `scheme`): a rulebook text
(RULEBOOK) cites the numbers of its edition, a text of the current edition (CURRENT) today's
numbers, and a page of the whole CR (WHOLE) links within the whole CR; a number its edition
gave a rule that has another today is carried to today's (`moved`). A number no covered
section has leads to the whole current CR (/LANG/cr/704/#704.5a); only a number that the
current edition does not have, or that a text older than 2009 cites (OLD), stays a plain
number with a note. Glossary terms become <abbr title="definition">.
"""

from __future__ import annotations

import re
from html import escape

from ..i18n import _, format_date
from ..model import Rule, RuleBook, Section
from ..numbering import BadNumber, RuleNumber, iter_reference_spans
from .addresses import today_number

# How a text numbers the rules it cites: as its edition does (RULEBOOK), as the current
# edition does (CURRENT), within the whole CR (WHOLE), or as the rules before the 2009
# renumbering did (OLD: only the covered rules of its own time can be linked).
RULEBOOK, CURRENT, WHOLE, OLD = "rulebook", "current", "whole", "old"


# The theme's "link-variant" icon (Material Design Icons, Apache-2.0), inline: no font needed.
LINK_ICON = ('<svg aria-hidden="true" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M10.59 13.41c.41.39.41 1.03 0 1.42-.39.39-1.03.39-1.42 0a5.003 5.003 0 0 1 0-7.07l3.54-3.54a5.003 5.003 0 0 1 7.07 0 5.003 5.003 0 0 1 0 7.07l-1.49 1.49c.01-.82-.12-1.64-.4-2.42l.47-.48a2.98 2.98 0 0 0 0-4.24 2.98 2.98 0 0 0-4.24 0l-3.53 3.53a2.98 2.98 0 0 0 0 4.24m2.82-4.24c.39-.39 1.03-.39 1.42 0a5.003 5.003 0 0 1 0 7.07l-3.54 3.54a5.003 5.003 0 0 1-7.07 0 5.003 5.003 0 0 1 0-7.07l1.49-1.49c-.01.82.12 1.64.4 2.43l-.47.47a2.98 2.98 0 0 0 0 4.24 2.98 2.98 0 0 0 4.24 0l3.53-3.53a2.98 2.98 0 0 0 0-4.24.973.973 0 0 1 0-1.42"/></svg>')


def attr(text: str) -> str:
    """A value for an HTML attribute (quotes escaped too)."""
    return escape(text, quote=True)


class Renderer:
    """Renders the rules of one language, with links relative to a page `root` ("../")."""

    def __init__(self, book: RuleBook, lang: str, whole=None):
        self.book, self.lang, self.whole = book, lang, whole  # whole: cr.WholeCR or None
        self.missing: set[str] = set()  # numbers cited that the current edition lacks
        self.english: set[str] = set()  # numbers cited that only the English text has
        self.old: set[str] = set()  # numbers cited by a text of the rules before 2009
        self._terms, self._definitions = _term_pattern(book, lang)
        self._today = {t.number: k for k, t in (book.today or {}).items()
                       if t.number and "@" not in k}  # today's number -> covered rule

    def reset(self) -> None:
        """Forget the notes of the page rendered before (for the next page's legends)."""
        self.missing, self.english, self.old = set(), set(), set()

    def cr_href(self, number: RuleNumber, root: str, page: str | None = None) -> str | None:
        """The link to a rule of the whole current CR (/LANG/cr/704/#704.5a), or None where
        the current edition has no such number. page: the CR section of the page linking."""
        section = str(number.section)
        if self.whole is None or self.whole.section(section) is None:
            return None
        if number.depth and self.whole.rule(str(number)) is None:
            return None
        here = "" if page == section else f"{root}cr/{section}/"
        return f"{here}#{number}" if number.depth else (here or f"#{section}")

    # --- links ---------------------------------------------------------------------
    def href(self, number: RuleNumber, root: str, here: Section | None = None,
             lang: str | None = None) -> str | None:
        """The link to a rule (its page and anchor) in lang (default: this renderer's), or
        None where that text lacks it. root leads to this renderer's language folder."""
        lang = lang or self.lang
        section = self.book.section_for(lang, number)
        if section is None:
            return None
        if lang != self.lang:
            root, here = f"{root}../{lang}/", None
        address = f"{root}{today_number(self.book, section.number)}/"
        if section.number == number:
            return address
        if section.rule(number) is None:
            return None
        page = "" if here is not None and here.number == section.number else address
        return f"{page}#{number}"

    def link(self, number: RuleNumber, root: str, here: Section | None = None,
             english_only: bool = False, scheme: str = RULEBOOK,
             page: str | None = None, moved: dict[str, str] | None = None) -> str:
        """A rule number as HTML, never a link to an anchor that does not exist: a link to
        the covered rule in this language; else to the English covered rule, with a note;
        else to the rule in the whole current CR (English, with a note on a Spanish or
        Italian page); else the plain number with a note (noted in `missing` or `english`).
        english_only: this language's text has no rule with that content (its own rule of
        that number, if any, says something else). scheme: how the text numbers the rules
        (RULEBOOK, CURRENT, WHOLE or OLD); page: the CR section of a page of the whole CR;
        moved: the numbers of the text's edition that are other numbers today."""
        text = str(number)
        if moved and text in moved:  # shown as the text has it, linked to today's number
            number, scheme = RuleNumber.parse(moved[text]), CURRENT
        covered = None if scheme == WHOLE else number
        if scheme == CURRENT:
            key = self._today.get(str(number))
            covered = RuleNumber.parse(key) if key else None
        target = None if english_only or covered is None else self.href(covered, root, here)
        if target is not None:
            return f'<a class="t-ref" href="{attr(target)}">{escape(text)}</a>'
        english = (self.href(covered, root, lang="en")
                   if self.lang != "en" and covered is not None else None)
        if scheme == OLD and english is None:
            self.old.add(text)
            note = _("Rule {number} of the rules before 2009: not today’s rule {number}."
                     ).format(number=text)
            return (f'<span class="t-ref-old" title="{attr(note)}">{escape(text)}'
                    f'<sup class="t-note" aria-label="{attr(note)}">°</sup></span>')
        whole = self.cr_href(number, root, page) if english is None else None
        if english is not None or (whole is not None and self.lang != "en"
                                   and scheme != WHOLE):
            self.english.add(text)
            note = _("Rule {number} is not in this language’s text: the link opens the "
                     "English rule.").format(number=text)
            lang = ' hreflang="en"' if english is not None else ""
            return (f'<a class="t-ref t-ref-en" href="{attr(english or whole)}"{lang} '
                    f'title="{attr(note)}">{escape(text)}<sup class="t-note" '
                    f'aria-label="{attr(note)}">‡</sup></a>')
        if whole is not None:
            return f'<a class="t-ref" href="{attr(whole)}">{escape(text)}</a>'
        self.missing.add(text)
        note = _("Rule {number} does not exist in the current edition of the Comprehensive "
                 "Rules.").format(number=text)
        return (f'<span class="t-ref-missing" title="{attr(note)}">{escape(text)}'
                f'<sup class="t-note" aria-label="{attr(note)}">†</sup></span>')

    # --- text ----------------------------------------------------------------------
    def text(self, text: str, root: str, here: Section | None = None,
             scheme: str = RULEBOOK, page: str | None = None,
             moved: dict[str, str] | None = None, terms: bool = True) -> str:
        """One paragraph of rule text as HTML: escaped, references linked, terms explained
        (terms: this language's glossary terms; not for a text in another language)."""
        spans: list[tuple[int, int, str]] = []
        for start, end, number in iter_reference_spans(text):
            spans.append((start, end, self._reference(number, root, here, scheme, page,
                                                      moved)))
        taken = [(s, e) for s, e, _h in spans]
        if terms and self._terms is not None:
            for match in self._terms.finditer(text):
                s, e = match.span()
                if any(s < b and a < e for a, b in taken):
                    continue
                definition = self._definitions.get(match.group(0).lower())
                if definition:
                    spans.append((s, e, f'<abbr title="{attr(definition)}">'
                                        f'{escape(match.group(0))}</abbr>'))
                    taken.append((s, e))
        spans.sort()
        out, position = [], 0
        for start, end, markup in spans:
            out.append(escape(text[position:start]))
            out.append(markup)
            position = end
        out.append(escape(text[position:]))
        return "".join(out)

    def _reference(self, number: str, root: str, here: Section | None, scheme: str,
                   page: str | None, moved: dict[str, str] | None) -> str:
        try:
            parsed = RuleNumber.parse(number)
        except BadNumber:
            return escape(number)
        return self.link(parsed, root, here, scheme=scheme, page=page, moved=moved)

    # --- rules ---------------------------------------------------------------------
    def rule(self, section: Section | None, rule: Rule, root: str, extra: str = "",
             lead: str = "", data: dict[str, str] | None = None, shown: str | None = None,
             scheme: str = RULEBOOK, page: str | None = None,
             moved: dict[str, str] | None = None, aside: str = "") -> str:
        """One rule or subrule: its number (anchor, copy-link), paragraphs and examples.
        lead: HTML before its text; data: data-* attributes of its element; shown: the
        number shown (today's), where it is not the element's id: it gets an anchor too;
        scheme, page and moved: how its text numbers the rules it cites (see link());
        aside: HTML shown beside or under the rule's own (a translation's current English),
        the body then a pair of its own text and the aside."""
        number = str(rule.number)
        shown = shown or number
        copy = _("Copy a link to rule {number}").format(number=shown)
        attributes = "".join(f' data-{attr(k)}="{attr(v)}"' for k, v in (data or {}).items())
        anchor = f'<span class="t-anchor" id="{attr(shown)}"></span>' if shown != number else ""
        parts = [f'<div class="t-rule t-depth-{rule.number.depth}" id="{attr(number)}"'
                 f'{attributes}>',
                 f'<div class="t-head">{anchor}<a class="t-num" href="#{attr(shown)}">'
                 f'{escape(shown)}</a>'
                 f'<button type="button" class="t-copy" data-anchor="{attr(shown)}" '
                 f'title="{attr(copy)}" aria-label="{attr(copy)}">{LINK_ICON}</button></div>',
                 '<div class="t-body t-pair"><div class="t-own">' if aside else
                 '<div class="t-body">', lead]
        for paragraph in rule.text.split("\n"):
            if paragraph.strip():
                parts.append(f"<p>{self.text(paragraph, root, section, scheme, page, moved)}"
                             "</p>")
        for example in rule.examples:
            parts.append(f'<div class="t-example"><p>'
                         f'{self.text(example.text, root, section, scheme, page, moved)}'
                         "</p></div>")
        for wording in rule.earlier:
            label = _("Earlier wording (since {date}):").format(date=_date(wording.since))
            parts.append(f'<details class="t-earlier"><summary>{escape(label)}</summary>'
                         f"<p>{self.text(wording.text, root, section, scheme, page)}</p>"
                         "</details>")
        parts.append(extra)
        if aside:
            parts.append(f"</div>{aside}")
        parts.append("</div></div>")
        return "".join(parts)

def _date(value) -> str:
    return format_date(value)


def _clean_name(name: str) -> str:
    """A term's name without a trailing remark in brackets ('At End of Turn (Obsolete)')."""
    return re.sub(r"\s*\([^)]*\)\s*$", "", name).strip()


def _term_pattern(book: RuleBook, lang: str) -> tuple[re.Pattern | None, dict[str, str]]:
    """One pattern for every glossary name and variant in lang; longest first."""
    definitions: dict[str, str] = {}
    for term in book.glossary:
        name = term.names.get(lang)
        if name is None or not name.definition:
            continue
        for form in (_clean_name(name.name), *name.variants):
            if len(form) > 2:
                definitions.setdefault(form.lower(), f"{_clean_name(name.name)}: "
                                                     f"{name.definition}")
    if not definitions:
        return None, definitions
    forms = sorted(definitions, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(f) for f in forms) + r")(?!\w)",
                      re.IGNORECASE), definitions
