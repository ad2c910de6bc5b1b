"""The whole current CR on the site, in English: an overview, one page per section
(/LANG/cr/704/#704.5a) under its chapter in the navigation, and the official glossary
(/LANG/cr/glossary/#phasing), with an anchor for every rule, subrule and glossary entry.

Every language's site has these pages: the text is English (marked lang="en"); a Spanish or
Italian page says so in a banner naming what the reference translates. A rule the reference
covers in three languages links to its pages. Every reference links within the whole CR.
"""

from __future__ import annotations

import re
from html import escape

from ..i18n import _, format_date, format_list, language_name, source_kind_label
from ..model import LANGUAGES, Paragraph, Rule, RuleBook
from ..numbering import RuleNumber
from .alignment import local_number
from .pages import Page, legends, root_of
from .render import WHOLE, Renderer, attr

FOLDER = "cr"


def page_path(section: str) -> str:
    return f"{FOLDER}/{section}.md"


def term_id(term: str, taken: set[str]) -> str:
    """A glossary entry's anchor: its words in lower case joined by '-' ("phased-in-phased-out"),
    made unique on the page."""
    base = re.sub(r"[^0-9a-z]+", "-", term.casefold()).strip("-") or "term"
    anchor, count = base, 1
    while anchor in taken:
        count += 1
        anchor = f"{base}-{count}"
    taken.add(anchor)
    return anchor


class WholePages:
    """The pages of the whole CR for one language's site."""

    def __init__(self, whole, book: RuleBook, lang: str, renderers: dict[str, Renderer],
                 alignments: dict | None = None, history=None):
        """renderers: language -> Renderer; the English one renders the texts (English
        glossary terms), the site language's one makes the links to the covered pages;
        history: a function rule -> HTML of its numbers and wordings over the editions."""
        self.whole, self.book, self.lang = whole, book, lang
        self.history = history
        self.renderer, self.local = renderers["en"], renderers[lang]
        self.alignments = alignments  # the rules of the languages paired by content
        self.covered = {t.number: k for k, t in (book.today or {}).items()
                        if t.number and "@" not in k}  # today's number -> covered rule

    def pages(self) -> list[Page]:
        return ([self.index_page()] + [self.section_page(s) for s in self.whole.sections]
                + [self.glossary_page()])

    # --- pieces ----------------------------------------------------------------------------
    def meta(self) -> str:
        edition = _("Edition: {date}").format(date=format_date(self.whole.edition))
        source, kind = _("Source:"), source_kind_label("official")
        return (f'<div class="t-meta"><span class="t-badge t-kind-official">'
                f'{escape(kind)}</span> <span class="t-edition">'
                f'{escape(edition)}</span><span class="t-source">{escape(source)} '
                f'{escape(self.whole.source)} · {escape(self.whole.attribution)}</span></div>')

    def banner(self) -> str:
        """On a Spanish or Italian page: the text is English; what the reference translates."""
        if self.lang == "en":
            return ""
        translated = format_list([self._today_number(n)
                                  for n in self.book.section_numbers(self.lang)])
        title = _("In English only")
        said = _("This reference translates sections {sections} into {language}; the rest of "
                 "the Comprehensive Rules is shown in English, as the current edition prints "
                 "it.").format(sections=translated, language=language_name(self.lang))
        return (f'<div class="admonition info t-english-only" role="note">'
                f'<p class="admonition-title">{escape(title)}</p><p>{escape(said)}</p></div>')

    def _today_number(self, number: RuleNumber) -> str:
        today = self.book.today_of(str(number))
        return today.number if today is not None and today.number else str(number)

    def covered_lead(self, number: str, root: str) -> str:
        """Under a rule the reference covers: links to the rule with its content in each
        language that has one."""
        key = self.covered.get(number)
        if key is None:
            return ""
        links = []
        for lang in LANGUAGES:
            local = local_number(self.book, self.alignments, lang, RuleNumber.parse(key))
            href = self.local.href(local, root, lang=lang) if local else None
            if href is None:
                continue
            links.append(f'<a href="{attr(href)}" hreflang="{lang}">'
                         f'{escape(language_name(lang))}</a>')
        said = _("In this reference’s own pages:")
        return f'<p class="t-covered">{escape(said)} {" · ".join(links)}</p>'

    # --- pages -----------------------------------------------------------------------------
    def section_page(self, section) -> Page:
        path = page_path(section.number)
        root = root_of(path)
        renderer = self.renderer
        renderer.reset()
        heading = f"{section.number}. {section.title}"
        body = [f'<h1 id="{attr(section.number)}" lang="en">{escape(heading)}</h1>', self.meta(),
                self.banner(), self.covered_lead(section.number, root),
                '<div class="t-rules" lang="en">']
        for rule in section.rules:
            model = Rule(RuleNumber.parse(rule.number), rule.text,
                         tuple(Paragraph(e, 0) for e in rule.examples))
            body.append(renderer.rule(None, model, root,
                                      self.history(model) if self.history else "",
                                      lead=self.covered_lead(rule.number, root),
                                      scheme=WHOLE, page=section.number))
        body.append("</div>")
        body.append(legends(self.book, self.lang, renderer))
        return Page(path, heading, "".join(body) + "\n", [], ("toc",))

    def index_page(self) -> Page:
        path = f"{FOLDER}/index.md"
        title = _("Comprehensive Rules")
        intro = _("The whole current edition of the Comprehensive Rules, in English, one page "
                  "per section, with an anchor for every rule.")
        parts = [f"<h1>{escape(title)}</h1>", self.meta(), self.banner(),
                 f"<p>{escape(intro)}</p>"]
        for chapter in self.whole.chapters:
            parts.append(f'<h2 id="chapter-{attr(chapter.number)}" lang="en">'
                         f'{escape(chapter.number)}. {escape(chapter.title)}</h2><ul lang="en">')
            for number in chapter.sections:
                section = self.whole.section(number)
                parts.append(f'<li><a href="{attr(number)}/"><span class="t-num">'
                             f'{escape(number)}</span> {escape(section.title)}</a></li>')
            parts.append("</ul>")
        glossary = _("Glossary of the Comprehensive Rules")
        parts.append(f'<p><a href="glossary/">{escape(glossary)}</a></p>')
        return Page(path, title, "".join(parts) + "\n", [], ("toc",))

    def glossary_page(self) -> Page:
        path = f"{FOLDER}/glossary.md"
        root = root_of(path)
        renderer = self.renderer
        renderer.reset()
        taken: set[str] = set()
        entries = []
        for term in self.whole.glossary:
            paragraphs = "".join(f"<p>{renderer.text(p, root, scheme=WHOLE)}</p>"
                                 for p in term.definition.split("\n") if p.strip())
            entries.append(f'<dt id="{attr(term_id(term.term, taken))}">{escape(term.term)}'
                           f"</dt><dd>{paragraphs}</dd>")
        title = _("Glossary of the Comprehensive Rules")
        body = (f"<h1>{escape(title)}</h1>{self.meta()}{self.banner()}"
                f'<dl class="t-glossary" lang="en">{"".join(entries)}</dl>'
                f"{legends(self.book, self.lang, renderer)}\n")
        return Page(path, title, body, [], ("toc",))

    # --- navigation ------------------------------------------------------------------------
    def nav(self, markup) -> dict:
        """The whole CR's entry of the navigation: the overview, a chapter per entry with its
        sections, the glossary. markup: text -> the nav's HTML title."""
        chapters = [{markup(f"{c.number}. {c.title}"): [
            {markup(f"{n}. {self.whole.section(n).title}"): page_path(n)}
            for n in c.sections]} for c in self.whole.chapters]
        return {markup(_("Comprehensive Rules")): [
            {markup(_("Overview")): f"{FOLDER}/index.md"}, *chapters,
            {markup(_("Glossary of the Comprehensive Rules")): f"{FOLDER}/glossary.md"}]}

