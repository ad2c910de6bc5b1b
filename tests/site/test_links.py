"""The built site's links: every internal link resolves to a page and an id on it, every rule
of the current edition has its anchor, and no reference to an existing rule is left unlinked.

The site is built once for the session (conftest.site); each page is read once here."""

from __future__ import annotations

import html
import os
import posixpath
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from tolaria.cr import load_whole_cr
from tolaria.model import LANGUAGES
from tolaria.numbering import RuleNumber, iter_reference_spans
from tolaria.site.addresses import today_number


# comments (left out), and scripts and styles (their start tags kept, their text left out)
_RAW = re.compile(r"<(?:!--.*?-->|((script|style)\b(?:[^>\"']+|\"[^\"]*\"|'[^']*')*>)"
                  r".*?</\2\s*>)", re.S | re.I)
# a start or end tag: its name, its attributes, and the text that follows it
_TAG = re.compile(r"<(/?)([a-zA-Z][^\s/>]*)((?:[^>\"']+|\"[^\"]*\"|'[^']*')*)>([^<]*)")
_ATTRIBUTE = re.compile(r"""([^\s"'>/=]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?""")
_LINKING = {"a", "link", "script", "img", "base", "span"}  # tags read for more than an id
_PLAIN = ("t-ref-missing", "t-ref-old")


class Links:
    """A page's ids, its links (href of <a>, <link>; src of <script>, <img>), and the text
    of its references left as plain numbers (class t-ref-missing, t-ref-old).

    Read as html.parser reads a page (the same ids, links and texts on every page of the
    site), with regular expressions: only the tags that hold what is looked for have their
    attributes read."""

    def __init__(self):
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.plain: list[tuple[str, str]] = []  # (class, number)
        self.base: str | None = None
        self.references = 0  # links of class t-ref: rule references in a text

    def feed(self, text: str) -> None:
        text = _RAW.sub(lambda m: f"<{m.group(1)}</{m.group(2)}>" if m.group(1) else "", text)
        plain = None  # the class of a plain reference whose text comes next
        for end, tag, raw, data in _TAG.findall(text):
            tag = tag.lower()
            if not end and "=" in raw and (tag in _LINKING or "id=" in raw.lower()):
                attrs = {}
                for name, given, double, single, bare in _ATTRIBUTE.findall(raw):
                    value = (double or single or bare) if given else None
                    attrs[name.lower()] = html.unescape(value) if value and "&" in value \
                        else value
                self._start(tag, attrs)
                if tag == "span" and attrs.get("class") in _PLAIN:
                    plain = attrs["class"]
            if plain is not None and data:
                self.plain.append((plain, html.unescape(data)))
                plain = None

    def _start(self, tag: str, attrs: dict) -> None:
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("name"):
            self.ids.add(attrs["name"])
        if tag == "base":
            self.base = attrs.get("href")
        for name in ("href", "src"):
            if attrs.get(name) and tag in ("a", "link", "script", "img"):
                self.links.append(attrs[name])
        kind = attrs.get("class") or ""
        if tag == "a" and kind.split()[:1] == ["t-ref"]:
            self.references += 1


@pytest.fixture(scope="module")
def pages(site) -> dict[Path, Links]:
    """Every HTML page of the built site, parsed once."""
    out = {}
    for path in site.rglob("*.html"):
        parser = Links()
        parser.feed(path.read_text(encoding="utf-8"))
        out[path] = parser
    return out


def test_a_page_is_read_as_html_parser_reads_it():
    page = Links()
    page.feed('<!doctype html><html><head><base href="/es/"><script src="a.js">'
              'var x = \'<a href="nothere">\'</script><style>p{x:"<img src=no>"}</style>'
              '<!-- <a href="comment"> --></head><body><p id="p1" title="a > b">'
              '<A HREF="../x/?a=1&amp;b=2#r">x</A><a name="old" class="t-ref t-ref-en">y</a>'
              '<span class="t-ref-missing"><b></b>718</span><img src=i.png hidden>'
              '<span class="t-ref-old">300.1&#97;</span><link rel="icon" href="f.svg"></body>')
    assert page.ids == {"p1", "old"} and page.base == "/es/" and page.references == 1
    assert page.links == ["a.js", "../x/?a=1&b=2#r", "i.png", "f.svg"]
    assert page.plain == [("t-ref-missing", "718"), ("t-ref-old", "300.1a")]


def _target(folders: set[str], page: str, link: str) -> tuple[str, str] | None:
    """The file (its path in the site) and fragment an internal link of page (its path in
    the site) leads to; None for another host, a data: or javascript: link. folders: every
    folder of the site."""
    parts = urlsplit(link)
    if parts.scheme or parts.netloc or link.startswith(("mailto:", "data:", "javascript:")):
        return None
    path = unquote(parts.path)
    if not path:
        target = page
    else:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
        if path.endswith("/") or target in folders:
            target = "index.html" if target == "." else f"{target}/index.html"
    return target, unquote(parts.fragment)


def test_every_internal_link_resolves_to_a_page_and_an_id(site, pages):
    files, folders = set(), {"."}
    for folder, subfolders, names in os.walk(site):
        here = Path(folder).relative_to(site).as_posix()
        folders.update(posixpath.normpath(f"{here}/{name}") for name in subfolders)
        files.update(posixpath.normpath(f"{here}/{name}") for name in names)
    ids = {path.relative_to(site).as_posix(): parsed.ids for path, parsed in pages.items()}
    broken, checked = [], 0
    for page, parsed in pages.items():
        if parsed.base is not None:  # the 404 pages: relative to a <base> set by a script
            continue
        name = page.relative_to(site).as_posix()
        for link in parsed.links:
            found = _target(folders, name, link)
            if found is None:
                continue
            target, fragment = found
            checked += 1
            if target not in files:
                broken.append((name, link, "no page"))
            elif fragment and target.endswith(".html") and fragment not in ids.get(target, ()):
                broken.append((name, link, "no id"))
    assert broken == [], f"{len(broken)} broken links, e.g. {broken[:10]}"
    # at least each rule's own link (its number) in the whole CR of each language
    assert checked > len(LANGUAGES) * sum(1 for _ in load_whole_cr().rules())


def test_every_rule_of_the_current_edition_has_its_anchor(site, pages):
    whole = load_whole_cr()
    assert whole is not None
    for lang in LANGUAGES:
        for section in whole.sections:
            page = pages[site / lang / "cr" / section.number / "index.html"]
            expected = {section.number} | {r.number for r in section.rules}
            assert expected <= page.ids, (lang, section.number, expected - page.ids)
        glossary = pages[site / lang / "cr" / "glossary" / "index.html"]
        assert len([i for i in glossary.ids if not i.startswith("__")]) >= len(whole.glossary)


def test_covered_rules_answer_to_todays_number_and_the_old_one(site, pages, book):
    for lang in LANGUAGES:
        phasing = pages[site / lang / "702.26" / "index.html"].ids
        assert {"702.25d", "702.26d", "702.25", "702.26"} <= phasing, lang
        ending = pages[site / lang / "724" / "index.html"].ids
        assert {"717.1", "724.1", "717", "724"} <= ending, lang
    for key, today in book.today.items():
        if today.number and "@" not in key:
            section = book.section_for("en", RuleNumber.parse(key))
            assert today.number in pages[site / "en" / today_number(book, section.number) /
                                         "index.html"].ids, key


def test_no_reference_to_an_existing_rule_is_left_unlinked(site, pages, book):
    whole = load_whole_cr()
    exists = {r.number for r in whole.rules()} | {s.number for s in whole.sections}
    plain = {(kind, number) for parsed in pages.values() for kind, number in parsed.plain}
    # A plain number only where the current edition has none, or in the pre-2009 rule 300
    # (whose numbers name other rules today: t-ref-old).
    assert not [n for kind, n in plain if kind == "t-ref-missing" and n in exists]
    old = {n for kind, n in plain if kind == "t-ref-old"}
    cited_by_300 = {n for lang in LANGUAGES for rule in book.section(lang, "300").rules
                    for _s, _e, n in iter_reference_spans(rule.text)}
    assert old and old <= cited_by_300
    # Every number a text of the whole CR cites is a link on its page, or (for a number
    # the current edition lacks) a plain marker: as many as the texts cite.
    for section in whole.sections:
        page = pages[site / "en" / "cr" / section.number / "index.html"]
        cited = sum(1 for rule in section.rules for text in (rule.text, *rule.examples)
                    for _ in iter_reference_spans(text))
        assert page.references + len(page.plain) == cited, section.number


def test_a_reference_outside_the_covered_sections_links_to_the_whole_cr(site):
    en104 = (site / "en" / "104" / "index.html").read_text(encoding="utf-8")
    assert 'href="../cr/704/"' in en104
    assert "t-ref-missing" not in en104
    spanish = (site / "es" / "702.26" / "index.html").read_text(encoding="utf-8")
    # English only: marked so on a Spanish page, and within the Spanish site.
    assert re.search(r'class="t-ref t-ref-en" href="\.\./cr/506/#506\.4"', spanish)
    # A number of the text's edition that is another today is linked to today's: the
    # Spanish 104.6 (2018) cites rule 718, which is 727 today.
    es104 = (site / "es" / "104" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'href="\.\./cr/727/"[^>]*>718<', es104)
