"""mkdocs hooks: every page of one language's site, rendered from the rulebook model.

The language is $TOLARIA_SITE_LANG (en, es or it; default en); the rulebook is
$TOLARIA_RULES or the project's rules/. A bad corpus raises and fails the build; nothing is
generated into the source tree.
"""

from __future__ import annotations

import os
import re

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from tolaria import i18n
from tolaria.errors import DataErrors
from tolaria.cr import load_whole_cr
from tolaria.model import LANGUAGES
from tolaria.site import search as site_search
from tolaria.today.loader import load_rulebook
from tolaria.site.pages import site_description, glossary_page, home_page, section_page
from html import escape
from tolaria.i18n import language_name
from tolaria.site.alignment import align_sections
from tolaria.site.compare import compare_index, compare_page, dashboard_page
from tolaria.site.extras import audit_report, history_of, rule_history, worked_examples
from tolaria.site.render import Renderer
from tolaria.site.turn import turn_page
from tolaria.site.whole import WholePages
from tolaria.site.english import MODES, STORAGE_KEY
from tolaria.site.changes import ChangesPages
from tolaria.site.editions import site_editions
import html
from markupsafe import Markup
from tolaria.site.addresses import section_path, former_numbers, write_redirects
from babel import Locale
from tolaria.site.build import rulebook_under_way, site_root, write_root_page
from tolaria.site.head import alternates, named_search
from tolaria.site.offline import colour_hex, installable_files, write_service_worker
from tolaria.site import verbatim
from tolaria.site.templates import keep_compiled, lean_environment

LANG_ENV = "TOLARIA_SITE_LANG"
MERMAID = "assets/vendor/mermaid.min.js"
_MATERIAL_WORKER = re.compile(r"assets/javascripts/workers/search\.[0-9a-f]+\.min\.js")
# Mermaid's script tag (mkdocs writes one on every page, as for every extra_javascript)
_MERMAID_SCRIPT = re.compile(r'\s*<script src="[^"]*' + re.escape(MERMAID) + r'"></script>')

_state: dict = {}


def site_language() -> str:
    lang = os.environ.get(LANG_ENV, "en")
    if lang not in LANGUAGES:
        raise PluginError(i18n._("{variable}={value}: expected one of {choices}").format(
            variable=LANG_ENV, value=repr(lang), choices=", ".join(LANGUAGES)))
    return lang


def mermaid_path(config) -> str | None:
    """mermaid.min.js vendored by `make vendor` (build/vendor/), or $TOLARIA_MERMAID."""
    path = os.environ.get("TOLARIA_MERMAID") or os.path.join(
        os.path.dirname(config.config_file_path), "build", "vendor", "mermaid.min.js")
    return path if os.path.isfile(path) else None


def on_startup(command, dirty):
    """A wrong $TOLARIA_SITE_LANG (mkdocs.yml's theme language) fails in one line, before the
    search plugin looks for the theme's words in that language."""
    site_language()


def on_config(config):
    lang = site_language()
    i18n.set_language(lang)
    try:
        book = rulebook_under_way() or load_rulebook(os.environ.get("TOLARIA_RULES") or None)
    except DataErrors as exc:
        raise PluginError(i18n._("the rulebook has errors:") + "\n" + str(exc)) from None
    _state.clear()
    _state.update(lang=lang, book=book, mermaid=mermaid_path(config),
                  stemmers=site_search.stemmers_path(config), verbatim={})
    config.site_dir = os.path.join(config.site_dir, lang)
    config.extra["alternate"] = [{"name": _native_name(l), "lang": l, "link": f"../{l}/"}
                                 for l in LANGUAGES]
    _theme_words(config)
    lean_environment(config.theme)
    config.extra_css.append("assets/tolaria.css")
    config.extra_javascript.append("assets/tolaria.js")
    if _state["mermaid"]:
        config.extra_javascript.append(MERMAID)
    _state["pages"] = {p.path: p for p in _pages(book, lang, bool(_state["mermaid"]))}
    config.nav = _nav(book, lang)
    return config


def _theme_words(config) -> None:
    """The theme's own words that mkdocs-material does not translate, in the build's language:
    the palette toggle (named in mkdocs.yml), the footer, the 404 page (our partials), the
    note for an address whose anchor is not on its page (main.html, tolaria.js), the
    site's description; and where the reader's choice of how to show the current English
    is kept (main.html applies it before paint)."""
    config.site_description = site_description()
    toggles = {"default": i18n._("Switch to the dark theme"),
               "slate": i18n._("Switch to the light theme")}
    for option in config.theme.get("palette") or ():
        if isinstance(option, dict) and option.get("toggle"):
            option["toggle"]["name"] = toggles.get(option.get("scheme"),
                                                   option["toggle"].get("name"))

    tool = ('<a href="https://squidfunk.github.io/mkdocs-material/" target="_blank" '
            'rel="noopener">Material for MkDocs</a>')
    config.extra["tolaria"] = {
        "made_with_html": escape(i18n._("Made with {tool}")).format(tool=tool),
        "not_found": i18n._("Page not found"),
        "not_found_hint": i18n._("This address has no page. The rules start at the home page."),
        "not_saved": i18n._("You are offline, and this page is not saved for offline "
                            "reading: it opens once you are online again."),
        "home": i18n._("Home"),
        "anchor_note": _anchor_note(),
        # how a translation's rule pages show the current English (site/english.py)
        "english": {"key": STORAGE_KEY, "modes": list(MODES)},
        "theme_colour": colour_hex(),
    }


def _anchor_note() -> dict:
    """The words of the note shown when an address's anchor (#702.25n) is not on its page;
    tolaria.js fills in {anchor}, {number} and {here}."""
    note = {
        "missing": i18n._("This page has no rule “{anchor}”: it opens at its top."),
        "english_here": i18n._("The English rule {number} has the number {here} in this text."),
        "compare": i18n._("Compare the languages"),
    }
    for lang in LANGUAGES:
        note[f"from_{lang}"] = i18n._(
            "No rule on this page has the content of the {language} rule {number}.").format(
            language=language_name(lang), number="{number}")
    return note


def _pages(book, lang: str, mermaid: bool) -> list:
    whole = load_whole_cr(book.root)  # a damaged file fails the build
    renderers = {l: Renderer(book, l, whole) for l in LANGUAGES}
    history = rules_history = history_of(book)
    examples, report = worked_examples(book), audit_report(book, history)
    findings = None if report is None else list(report.findings)
    alignments = align_sections(book, report, history)  # rules paired by content
    history = rule_history(history)
    editions = site_editions(book, whole, rules_history)  # every stored edition
    _state["changes"] = None if editions is None else ChangesPages(editions, renderers[lang])
    pages = [home_page(book, lang, whole is not None, editions is not None),
             glossary_page(book, lang, renderers[lang], alignments),
             turn_page(book, lang, renderers[lang], mermaid), compare_index(book, lang)]
    for number in book.section_numbers(lang):
        section = book.section(lang, number)
        pages.append(section_page(book, lang, section, renderers[lang],
                                  None if examples is None else examples.get(str(number), []),
                                  history, alignments, rules_history))
    for number in book.section_numbers():
        pages.append(compare_page(book, lang, number, renderers, findings, alignments,
                                  rules_history))
    for of in LANGUAGES:
        pages.append(dashboard_page(book, lang, of, findings, alignments))
    if whole is not None:  # the whole current CR in English (site/whole.py)
        _state["whole"] = WholePages(whole, book, lang, renderers, alignments,
                                     editions and rule_history(editions))
        pages.extend(_state["whole"].pages())
    if _state["changes"] is not None:  # what each edition changed (site/changes.py)
        pages.extend(_state["changes"].pages())
    return pages


def _nav(book, lang: str) -> list:
    """The site's navigation. Its titles are HTML (mkdocs writes them as they are) made from
    text: escaped, and typed as HTML (Markup), so that the theme's `| e` (the footer's
    previous/next labels) does not escape them a second time."""
    def escape(text: str) -> Markup:
        return Markup(html.escape(text))

    pages = _state["pages"]
    sections = [{escape(pages[p].title): p}
                for p in (section_path(book, n) for n in book.section_numbers(lang))]
    compare = [{escape(pages[p].title): p}
               for p in (section_path(book, n, "compare/") for n in book.section_numbers())]
    dashboards = [{escape(pages[f"dashboard/{l}.md"].title): f"dashboard/{l}.md"}
                  for l in LANGUAGES]
    _ = i18n._
    return [{escape(_("Home")): "index.md"},
            {escape(_("Rules")): sections},
            *([_state["whole"].nav(escape)] if _state.get("whole") else []),
            *([_state["changes"].nav(escape)] if _state.get("changes") else []),
            {escape(_("Glossary")): "glossary.md"},
            {escape(_("Turn structure")): "turn.md"},
            {escape(_("For judges")): [{escape(_("Compare the languages")): "compare/index.md"},
                                       *compare,
                                       {escape(_("Translation dashboards")): dashboards}]}]


def _native_name(lang: str) -> str:
    name = Locale.parse(lang).get_display_name(lang)
    return name[:1].upper() + name[1:]


def on_files(files, config):
    for page in _state["pages"].values():
        files.append(File.generated(config, page.path, content=page.markdown))
    for file in site_search.search_files(config, _state["book"], _state["lang"],
                                          _state["stemmers"]):
        files.append(file)
    if _state["mermaid"]:
        files.append(File.generated(config, MERMAID, abs_src_path=_state["mermaid"]))
    for file in installable_files(config, _state["lang"], _native_name(_state["lang"])):
        files.append(file)
    return files


def on_page_markdown(markdown, page, config, files):
    record = _state["pages"].get(page.file.src_uri)
    if record is None:
        raise PluginError(i18n._("{file}: not a page of the rulebook site (every page is "
                                 "generated from the rulebook; remove the file)").format(
            file=page.file.src_uri))
    page.meta["hide"] = list(record.hide)
    if record.search is not None:
        page.meta["search"] = {"exclude": True}
    # the page's raw HTML is put back into Markdown's output by on_page_content
    markdown, _state["verbatim"][page.file.src_uri] = verbatim.hide(markdown)
    return markdown


def on_page_content(html, page, config, files):
    return verbatim.restore(html, _state["verbatim"].pop(page.file.src_uri, []))


def on_page_context(context, page, config, nav):
    record = _state["pages"].get(page.file.src_uri)
    if record is not None and record.search:
        search = config.plugins.get("material/search")
        if search is not None and getattr(search, "search_index", None) is not None:
            search.search_index.entries.extend(record.search)
    return context


def on_template_context(context, template_name, config):
    """The 404 page is served at any address, under any folder the site is served from: its
    links are relative ("./assets/...") to a <base>, this language's folder, which a script
    at the top of its head finds in the address (theme/404.html)."""
    if template_name == "404.html":
        context["base_url"] = "."
        context["tolaria_lang"] = _state["lang"]
        context["tolaria_base"] = f"{site_root(config.site_url)}{_state['lang']}/"
    return context


def only_where_drawn(output: str) -> str:
    """A page without a diagram without Mermaid's script (3.6 MB): the theme loads the
    library only for a page with a diagram, and finds it there."""
    if 'class="mermaid"' in output:
        return output
    # the pattern starts with spaces, which makes a search of the whole page slow: it is
    # applied from the spaces before the first such tag on
    tag = output.find(MERMAID + '"></script>')
    if tag < 0:
        return output
    start = len(output[:max(0, output.rfind("<script", 0, tag))].rstrip())
    return output[:start] + _MERMAID_SCRIPT.sub("", output[start:])


def on_post_page(output, page, config):
    output = alternates(output, page.url, config.site_url)
    return only_where_drawn(_MATERIAL_WORKER.sub(site_search.WORKER,
                                                 named_search(output, i18n._("Search"))))


def on_post_template(output_content, template_name, config):
    output = alternates(output_content, "", config.site_url)
    return only_where_drawn(_MATERIAL_WORKER.sub(site_search.WORKER,
                                                 named_search(output, i18n._("Search"))))


def on_post_build(config):
    write_root_page(os.path.dirname(config.site_dir), site_url=config.site_url)
    book = _state["book"]
    write_redirects(config.site_dir, _state["lang"],
                    former_numbers(book, book.section_numbers()))
    write_service_worker(config.site_dir, _state["lang"])  # lists the files just written
    keep_compiled()
