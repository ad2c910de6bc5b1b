"""The site's build, without a browser: strict, complete, offline, escaped."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tolaria.errors import DataErrors
from tolaria.model import LANGUAGES

REPO = Path(__file__).resolve().parents[2]


def test_mkdocs_build_strict_alone_is_clean(tmp_path):
    env = dict(os.environ, TOLARIA_SITE_LANG="it", NO_MKDOCS_2_WARNING="1")
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir",
                             str(tmp_path / "out")], cwd=REPO, env=env,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "WARNING" not in result.stderr
    assert (tmp_path / "out" / "it" / "104" / "index.html").is_file()
    assert (tmp_path / "out" / "index.html").is_file()  # the root page


def test_every_rule_has_its_anchor_in_every_language(site, book, parse):
    for lang in LANGUAGES:
        pages = {}
        for section, rule in book.rules(lang):
            if section.number not in pages:
                pages[section.number] = parse(site / lang / str(section.number) / "index.html")
            assert str(rule.number) in pages[section.number].ids, (lang, str(rule.number))


def test_compare_view_and_dashboards_exist_for_every_section(site, book, parse):
    for lang in LANGUAGES:
        for number in book.section_numbers():
            page = parse(site / lang / "compare" / str(number) / "index.html")
            english = book.section("en", number)
            assert {str(r.number) for r in english.rules} <= page.ids
        for of in LANGUAGES:
            assert (site / lang / "dashboard" / of / "index.html").is_file()
        assert (site / lang / "glossary" / "index.html").is_file()
        turn = (site / lang / "turn" / "index.html").read_text(encoding="utf-8")
        assert 'class="mermaid"' in turn and "717" in turn


def test_cross_references_link_to_anchors_or_say_they_are_not_covered(site):
    page = (site / "es" / "513" / "index.html").read_text(encoding="utf-8")
    assert 'href="../512/"' in (site / "en" / "513" / "index.html").read_text(encoding="utf-8") \
        or 'href="../514/' in page
    en104 = (site / "en" / "104" / "index.html").read_text(encoding="utf-8")
    # 704 is not covered: a plain number with a note, never a link.
    assert re.search(r'class="t-ref-missing" title="[^"]*704', en104)
    assert 'href="../704/' not in en104


def test_the_switcher_links_to_the_same_page(site):
    page = (site / "en" / "717" / "index.html").read_text(encoding="utf-8")
    for lang in LANGUAGES:
        assert f'href="../../{lang}/717/" hreflang="{lang}"' in page


def test_search_index_has_an_entry_per_rule(site, book):
    for lang in LANGUAGES:
        index = json.loads((site / lang / "search" / "search_index.json").read_text("utf-8"))
        locations = {d["location"]: d for d in index["docs"]}
        for section, rule in book.rules(lang):
            entry = locations[f"{section.number}/#{rule.number}"]
            assert entry["title"] == str(rule.number)
        assert index["config"]["pipeline"] == []


def test_no_resource_from_another_host(site):
    remote = re.compile(r"""(?:src|href)\s*=\s*["'](?:https?:)?//(?!127\.0\.0\.1|localhost)"""
                        r"""|url\(\s*["']?(?:https?:)?//|@import\s+["']?(?:https?:)?//""",
                        re.IGNORECASE)
    fonts = re.compile(r"fonts\.(?:googleapis|gstatic)\.com")
    checked = 0
    for path in site.rglob("*"):
        if path.suffix not in (".html", ".css", ".js"):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        checked += 1
        for tag in re.findall(r"<(?:script|link|img|iframe)\b[^>]*>", text):
            assert not remote.search(tag), (path, tag)
        if path.suffix == ".css":
            assert not remote.search(text), path
        assert not fonts.search(text), path
    assert checked > 50
    # The theme loads Mermaid from a CDN unless the page has it: every page has it locally.
    turn = (site / "es" / "turn" / "index.html").read_text(encoding="utf-8")
    assert 'src="../assets/vendor/mermaid.min.js"' in turn


def _poison(rules: Path) -> None:
    path = rules / "es" / "104.yaml"
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("title:"):
            lines[index] = 'title: "Fin <b>del</b> juego"'
        if "text:" in line and "104.1" in lines[index - 1]:
            lines[index] = '    text: "<script>alert(1)</script> Un juego <b>termina</b>."'
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_markup_in_the_data_shows_as_text(tiny, tmp_path):
    from tolaria.site.build import build_site

    _poison(tiny)
    out = build_site(tmp_path / "out", rules=tiny, languages=("es",))
    page = (Path(out) / "es" / "104" / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script>alert(1)" not in page
    assert "&lt;b&gt;termina&lt;/b&gt;" in page and "<b>termina" not in page
    assert "<b>del</b>" not in page and "Fin &lt;b&gt;del&lt;/b&gt; juego" in page
    for other in ("compare/104", ""):
        text = (Path(out) / "es" / other / "index.html").read_text(encoding="utf-8")
        assert "<script>alert" not in text and "<b>del</b>" not in text


def test_a_bad_corpus_fails_the_build(tiny, tmp_path):
    from tolaria.site.build import build_site

    (tiny / "es" / "104.yaml").write_text("section: [\n", encoding="utf-8")
    with pytest.raises(DataErrors, match=r"es/104\.yaml:\d+"):
        build_site(tmp_path / "out", rules=tiny, languages=("es",))
    # mkdocs alone fails too (the hooks raise), with the file and line in its log.
    env = dict(os.environ, TOLARIA_SITE_LANG="es", TOLARIA_RULES=str(tiny),
               NO_MKDOCS_2_WARNING="1")
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--site-dir",
                             str(tmp_path / "out2")], cwd=REPO, env=env,
                            capture_output=True, text=True)
    assert result.returncode != 0
    assert re.search(r"es/104\.yaml:\d+", result.stderr)
