"""The built site's links: every internal link resolves to a page and an id on it, every rule
of the current edition has its anchor, and no reference to an existing rule is left unlinked.

The site is built once for the session (conftest.site); each page is read once here."""

from __future__ import annotations

import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from tolaria.cr import load_whole_cr
from tolaria.model import LANGUAGES
from tolaria.numbering import RuleNumber, iter_reference_spans
from tolaria.site.addresses import today_number


class Links(HTMLParser):
    """A page's ids, its links (href of <a>, <link>; src of <script>, <img>), and the text
    of its references left as plain numbers (class t-ref-missing, t-ref-old)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.plain: list[tuple[str, str]] = []  # (class, number)
        self._plain: str | None = None
        self.base: str | None = None
        self.references = 0  # links of class t-ref: rule references in a text

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
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
        if tag == "span" and kind in ("t-ref-missing", "t-ref-old"):
            self._plain = kind

    def handle_data(self, data):
        if self._plain is not None:
            self.plain.append((self._plain, data))
            self._plain = None


@pytest.fixture(scope="module")
def pages(site) -> dict[Path, Links]:
    """Every HTML page of the built site, parsed once."""
    out = {}
    for path in site.rglob("*.html"):
        parser = Links()
        parser.feed(path.read_text(encoding="utf-8"))
        out[path] = parser
    return out


def _target(site: Path, page: Path, link: str) -> tuple[Path, str] | None:
    """The file and fragment an internal link leads to; None for another host, a data: or
    javascript: link, or a link in a page whose links are made relative by a script."""
    parts = urlsplit(link)
    if parts.scheme or parts.netloc or link.startswith(("mailto:", "data:", "javascript:")):
        return None
    path = unquote(parts.path)
    if not path:
        target = page
    else:
        folder = posixpath.dirname(page.relative_to(site).as_posix())
        resolved = posixpath.normpath(posixpath.join(folder, path))
        target = site / resolved
        if path.endswith("/") or target.is_dir():
            target = target / "index.html"
    return target, unquote(parts.fragment)


def test_every_internal_link_resolves_to_a_page_and_an_id(site, pages):
    broken, checked = [], 0
    for page, parsed in pages.items():
        if parsed.base is not None:  # the 404 pages: relative to a <base> set by a script
            continue
        for link in parsed.links:
            found = _target(site, page, link)
            if found is None:
                continue
            target, fragment = found
            checked += 1
            if not target.is_file():
                broken.append((str(page.relative_to(site)), link, "no page"))
            elif fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else set()
                if fragment not in ids:
                    broken.append((str(page.relative_to(site)), link, "no id"))
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
