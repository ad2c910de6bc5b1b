"""The site's reading pages for one language: home, one page per section, glossary, turn."""

from __future__ import annotations

from html import escape
from typing import NamedTuple

from ..i18n import _, format_date, language_name, source_kind_label
from ..model import RuleBook, Section
from ..numbering import BadNumber, RuleNumber
from .addresses import section_path, today_number
from .alignment import local_number
from .counterparts import Counterparts
from .english import english_aside, english_control
from .render import CURRENT, Renderer, attr
from .today import TodayView
import re


class Page(NamedTuple):
    """A generated page: its source path, nav title, Markdown and search entries.

    search is None for a page the theme's search indexes itself; otherwise the entries
    (location relative to the site, title and text as HTML) that replace it.
    """

    path: str
    title: str
    markdown: str
    search: list[dict] | None = None
    hide: tuple[str, ...] = ()


def root_of(path: str) -> str:
    """The relative prefix from a page's URL back to the language's root ('../')."""
    depth = path.count("/") + (0 if path.rsplit("/", 1)[-1] == "index.md" else 1)
    return "../" * depth


def url_of(path: str) -> str:
    """The URL of a page's source path with directory URLs ('compare/104/')."""
    stem = path[:-3]
    if stem == "index":
        return ""
    return (stem[:-len("index")] if stem.endswith("/index") else stem + "/")


def edition_label(book: RuleBook, section: Section, lang: str, today: bool = False) -> str:
    """A section's edition; today: the current edition, for an English section that the
    site shows as it stands today."""
    edition = section.edition
    if today and section.lang == "en" and is_today(book, section):
        edition = book.editions.get(book.current)
        if edition is None:
            return _("Edition: {date}").format(date=format_date(book.current))
    return _("Edition: {date} ({set})").format(date=format_date(edition.effective),
                                               set=edition.set_name(lang))


def is_today(book: RuleBook, section: Section) -> bool:
    """Whether the current edition has the section (its English is then shown as today)."""
    today = book.today_of(str(section.number))
    return today is not None and today.number is not None


def meta_block(book: RuleBook, section: Section, lang: str, root: str) -> str:
    """Edition and source of a section, plainly shown (an English section as it stands in
    the current edition)."""
    source = section.source
    if section.lang == "en" and is_today(book, section):
        source = source._replace(name="Magic: The Gathering Comprehensive Rules, effective "
                                      f"{book.current.isoformat()}", file=None)
    claims = ""
    if source.claims:
        claims = " · " + escape(_("claims the edition of {date}").format(
            date=format_date(source.claims)))
    if source.claims_text:
        claims += f' (<q>{escape(source.claims_text)}</q>)'
    translated = ""
    if source.translated_from:
        translated = " · " + escape(_("translated from {language}").format(
            language=language_name(source.translated_from)))
    compare = _("Compare the languages")
    source_label = _("Source:")
    return (f'<div class="t-meta">'
            f'<span class="t-badge t-kind-{attr(source.kind)}">'
            f'{escape(source_kind_label(source.kind))}</span> '
            f'<span class="t-edition">{escape(edition_label(book, section, lang, True))}'
            '</span>'
            f'<span class="t-source">{escape(source_label)} {escape(source.name)}'
            f'{translated}{claims}</span>'
            f'<a class="t-compare-link" '
            f'href="{root}compare/{today_number(book, section.number)}/">'
            f'{escape(compare)}</a></div>')


def _examples_block(results: list[dict] | None, renderer: Renderer, section: Section,
                    root: str, alignments: dict | None = None) -> str:
    """The section's worked examples and whether each passed the checker at build time.

    The examples cite rules by their English numbers: each citation links to the rule with
    that content in this language, else to the English rule (with a note), else shows as a
    plain number."""
    if results is None:
        return ""
    heading, none_yet = _("Worked examples"), _("No worked example cites this section yet.")
    parts = [f'<h2 id="worked-examples">{escape(heading)}</h2>']
    if not results:
        parts.append(f"<p>{escape(none_yet)}</p>")
    labels = {"passed": _("passed"), "failed": _("failed"),
              "not_executable": _("not executable")}
    why = {"not_executable": _("Why it cannot run:"), "failed": _("What the checker found:")}
    checker_says = _("The checker says:")
    where_label = _("Written in:")
    for result in results:
        status = str(result.get("status", ""))
        rules = ", ".join(_cited(renderer, str(n), root, section, alignments)
                          for n in result.get("rules", ()))
        title = result.get("title") or result.get("id", "")
        message = ""
        # the checker's words, in the build's language (a not-executable reason too)
        said = str(result.get("message") or "")
        if said:
            label = why.get(status, checker_says)
            message = (f'<p class="t-message"><span class="t-label">{escape(label)}</span> '
                       f'<span class="t-data">{escape(said)}</span></p>')
        parts.append(
            f'<div class="t-worked t-status-{attr(status)}">'
            f'<span class="t-badge t-status">{escape(labels.get(status, status))}</span> '
            f'<strong>{escape(str(title))}</strong> <span class="t-cites">{rules}</span>'
            f'{message}<p class="t-where">{escape(where_label)} '
            f'<code>{escape(str(result.get("file", "")))}:'
            f'{escape(str(result.get("line", "")))}</code></p></div>')
    return "".join(parts)


def _cited(renderer: Renderer, number: str, root: str, section: Section | None,
           alignments: dict | None = None) -> str:
    """An English rule number (as the examples and the glossary cite rules) as a link to
    the rule with that content in the renderer's language."""
    try:
        parsed = RuleNumber.parse(number)
    except BadNumber:
        return escape(number)
    local = local_number(renderer.book, alignments, renderer.lang, parsed)
    if local is None:
        return renderer.link(parsed, root, section, english_only=True)
    return renderer.link(local, root, section)


def legends(book: RuleBook, lang: str, renderer: Renderer) -> str:
    """The notes under a page for its † (no such rule today) and ‡ (English only)
    references."""
    parts = []
    if renderer.missing:
        legend = _("Not a rule of the current edition of the Comprehensive Rules.")
        parts.append(f'<p class="t-legend"><sup>†</sup> {escape(legend)}</p>')
    if renderer.english:
        legend = _("Not in this language’s text: the link opens the English rule.")
        parts.append(f'<p class="t-legend"><sup>‡</sup> {escape(legend)}</p>')
    if renderer.old:
        legend = _("A number of the rules before the 2009 renumbering, which today names "
                   "another rule or none.")
        parts.append(f'<p class="t-legend"><sup>°</sup> {escape(legend)}</p>')
    return "".join(parts)


def section_page(book: RuleBook, lang: str, section: Section, renderer: Renderer,
                 examples: list[dict] | None = None, history=None,
                 alignments: dict | None = None, rules_history=None) -> Page:
    """A section in one language, each rule under today's number (today.TodayView).
    alignments: (lang, section) -> Alignment, which pairs the rules of the languages by
    content where their numbers differ; history: a function rule -> HTML of its history;
    rules_history: the rule history itself (for a translation's lag)."""
    path = section_path(book, section.number)
    root = root_of(path)
    url = url_of(path)
    renderer.reset()
    counterparts = Counterparts(book, section, alignments or {})
    today = TodayView(book, section, counterparts.english, rules_history)
    body = [f'<h1 id="{attr(str(section.number))}">{today.anchor()}'
            f'{escape(today.heading())}</h1>',
            meta_block(book, section, lang, root), today.meta(renderer, root),
            counterparts.note(root), english_control() if lang != "en" else "",
            f'<div class="t-rules"{counterparts.map_attribute()}>']
    search = [{"location": url, "title": escape(today.heading()),
               "text": escape(f"{source_kind_label(section.source.kind)} · "
                              f"{edition_label(book, section, lang)}")}]
    rules: list[tuple[RuleNumber, str]] = []  # (today's number, HTML), in order
    for rule in section.rules:
        extra = history(rule) if history else ""
        number = str(rule.number)
        shown, scheme, moved = today.rule(rule)
        rules.append((RuleNumber.parse(today.shown(number)), renderer.rule(
            section, shown, root, extra, today.lead(number, renderer, root)
            + counterparts.lead(number, renderer, root), counterparts.others(number),
            today.shown(number), scheme, moved=moved,
            aside=english_aside(today, renderer, number, root) if lang != "en" else "")))
        text = " ".join([rule.text, *(e.text for e in rule.examples)])
        search.append({"location": f"{url}#{today.shown(number)}",
                       "title": escape(today.shown(number)),
                       "text": escape(text)})
    for rule, since in today.added():  # each after the rules numbered before it today
        at = next((i for i, (n, _html) in enumerate(rules) if n > rule.number), len(rules))
        rules.insert(at, (rule.number, renderer.rule(section, rule, root,
                                                     lead=today.added_lead(since),
                                                     scheme=CURRENT)))
    body.extend(html for _number, html in rules)
    body.append("</div>")
    body.append(_examples_block(examples, renderer, section, root, alignments))
    body.append(legends(book, lang, renderer))
    return Page(path, today.heading(), "\n".join(body) + "\n", search, ("toc",))


def site_description() -> str:
    """What the site is, in the build's language (the home page's intro, the pages'
    <meta name="description">)."""
    return _("The Magic: The Gathering Comprehensive Rules in English, Spanish and Italian: "
             "each rule with its number, its edition and where its text comes from.")


def home_page(book: RuleBook, lang: str, whole: bool = False, changes: bool = False) -> Page:
    """The home page; whole: the site has the whole CR's pages (cr/); changes: its "What
    changed" pages (changes/)."""
    path = "index.md"
    items = []
    for number in book.section_numbers(lang):
        section = book.section(lang, number)
        shown = today_number(book, number)
        items.append(f'<li><a href="{shown}/"><span class="t-num">{escape(shown)}'
                     f'</span> {escape(section.title)}</a> <span class="t-badge '
                     f't-kind-{attr(section.source.kind)}">'
                     f'{escape(source_kind_label(section.source.kind))}</span></li>')
    intro = site_description()
    hint = _("Type a rule number (104.3b) or words in the search box.")
    title = _("Tolaria")
    more = [("cr/", _("Comprehensive Rules"))] if whole else []
    more += [("changes/", _("What changed"))] if whole and changes else []
    more += [("glossary/", _("Glossary")), ("turn/", _("Turn structure")),
            ("compare/", _("Compare the languages")),
            (f"dashboard/{lang}/", _("Translation dashboard"))]
    links = "".join(f'<li><a href="{href}">{escape(label)}</a></li>' for href, label in more)
    sections_title, more_title = _("Sections"), _("More")
    body = (f'<h1>{escape(title)}</h1><p class="t-intro">{escape(intro)}</p>'
            f'<p>{escape(hint)}</p><h2 id="sections">{escape(sections_title)}</h2>'
            f'<ul class="t-sections">{"".join(items)}</ul>'
            f'<h2 id="more">{escape(more_title)}</h2><ul>{links}</ul>')
    return Page(path, title, body + "\n", [], ("toc",))


def says_obsolete(name: str) -> bool:
    """Whether a term's name already says it is obsolete ('Mana Burn (Obsolete)',
    'Quemadura de maná (Obsoleto)')."""
    remark = re.search(r"\(([^)]*)\)\s*$", name)
    return remark is not None and "obsolet" in remark.group(1).lower()


def glossary_page(book: RuleBook, lang: str, renderer: Renderer,
                  alignments: dict | None = None) -> Page:
    path = "glossary.md"
    root = root_of(path)
    renderer.reset()
    entries = []
    obsolete_label, earlier_label = _("obsolete"), _("Earlier wordings:")
    rules_label = _("Rules:")
    for term in sorted(book.glossary, key=lambda t: (t.names.get(lang) or t.names["en"]).name
                       .lower()):
        name = term.names.get(lang) or term.names["en"]
        shown = lang if lang in term.names else "en"
        rules = ", ".join(_cited(renderer, str(n), root, None, alignments)
                          for n in term.rules)
        others = " · ".join(f'{escape(language_name(l))}: <span lang="{attr(l)}">'
                            f'{escape(t.name)}</span>'
                            for l, t in term.names.items() if l != lang)
        flag = (f' <span class="t-badge t-obsolete">{escape(obsolete_label)}</span>'
                if term.obsolete and not says_obsolete(name.name) else "")
        old = ""
        if name.obsolete_names:
            old = (f'<p class="t-old">{escape(earlier_label)} '
                   f'{escape(", ".join(name.obsolete_names))}</p>')
        definition = renderer.text(name.definition, root) if name.definition else ""
        entries.append(f'<dt id="{attr(term.id)}" lang="{attr(shown)}">{escape(name.name)}'
                       f'{flag}</dt><dd lang="{attr(shown)}">'
                       f'<p>{definition}</p>{old}<p class="t-term-rules" lang="{attr(lang)}">'
                       f'{escape(rules_label)} {rules}</p><p class="t-others" '
                       f'lang="{attr(lang)}">{others}</p></dd>')
    title = _("Glossary")
    body = (f'<h1>{escape(title)}</h1><dl class="t-glossary">{"".join(entries)}</dl>'
            f'{legends(book, lang, renderer)}\n')
    return Page(path, title, body, None)
