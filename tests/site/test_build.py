"""The site's build, without a browser: strict, complete, offline, escaped."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tolaria_testing import FIXTURES, shared_dir
from tolaria.cli import main
from tolaria.errors import DataErrors
from tolaria.history import load_history
from tolaria.model import LANGUAGES
from tolaria.today.loader import load_rulebook
from tolaria.site.addresses import today_number
from tolaria.site.pages import section_page
from tolaria.site.render import Renderer

REPO = Path(__file__).resolve().parents[2]


def test_mkdocs_build_strict_alone_is_clean(tiny, tmp_path):
    """mkdocs alone reads mkdocs.yml, runs the hooks and writes the root page, strict and
    without a warning (the session's site is built strict too, every language, from the
    project's rulebook: the tiny rulebook is enough here)."""
    env = dict(os.environ, TOLARIA_SITE_LANG="it", TOLARIA_RULES=str(tiny),
               NO_MKDOCS_2_WARNING="1")
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
                pages[section.number] = parse(site / lang / today_number(book, section.number)
                                              / "index.html")
            assert str(rule.number) in pages[section.number].ids, (lang, str(rule.number))


def test_compare_view_and_dashboards_exist_for_every_section(site, book, parse):
    for lang in LANGUAGES:
        for number in book.section_numbers():
            page = parse(site / lang / "compare" / today_number(book, number) / "index.html")
            english = book.section("en", number)
            assert {str(r.number) for r in english.rules} <= page.ids
        for of in LANGUAGES:
            assert (site / lang / "dashboard" / of / "index.html").is_file()
        assert (site / lang / "glossary" / "index.html").is_file()
        turn = (site / lang / "turn" / "index.html").read_text(encoding="utf-8")
        assert 'class="mermaid"' in turn and "724" in turn


def test_cross_references_link_to_anchors_in_the_rulebook_or_the_whole_cr(site):
    page = (site / "es" / "513" / "index.html").read_text(encoding="utf-8")
    assert 'href="../512/"' in (site / "en" / "513" / "index.html").read_text(encoding="utf-8") \
        or 'href="../514/' in page
    en104 = (site / "en" / "104" / "index.html").read_text(encoding="utf-8")
    # 704 is not covered: a link to the whole CR's page, never a dagger.
    assert re.search(r'<a class="t-ref" href="\.\./cr/704/">704</a>', en104)
    assert "t-ref-missing" not in en104 and "†" not in en104


def test_the_switcher_links_to_the_same_page(site):
    page = (site / "en" / "724" / "index.html").read_text(encoding="utf-8")
    for lang in LANGUAGES:
        assert f'href="../../{lang}/724/" hreflang="{lang}"' in page


def test_search_index_has_an_entry_per_rule(site, book):
    for lang in LANGUAGES:
        index = json.loads((site / lang / "search" / "search_index.json").read_text("utf-8"))
        for number in book.section_numbers(lang):  # under today's numbers
            section, page = book.section(lang, number), today_number(book, number)
            entries = [d for d in index["docs"] if d["location"].startswith(f"{page}/#")]
            assert len(entries) == len(section.rules), (lang, page)
            assert all(d["location"] == f"{page}/#{d['title']}" for d in entries)
            if lang == "en":
                assert {d["title"] for d in entries} == {
                    today_number(book, r.number) for r in section.rules}
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


def test_mermaid_is_only_on_the_pages_with_a_diagram(site):
    drawn = []
    for path in site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        if "mermaid.min.js" in text:
            assert 'class="mermaid"' in text, path
            drawn.append(path.relative_to(site).as_posix())
    assert sorted(drawn) == [f"{lang}/turn/index.html" for lang in LANGUAGES]


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


@pytest.fixture(scope="module")
def poisoned(tmp_path_factory) -> Path:
    """The Spanish site of the tiny rulebook with markup in its data (_poison), built once
    for the tests that read it."""
    from tolaria.site.build import build_site

    folder = tmp_path_factory.mktemp("poisoned")
    shutil.copytree(FIXTURES / "rulebook", folder / "rules")
    _poison(folder / "rules")
    return Path(build_site(folder / "out", rules=folder / "rules", languages=("es",)))


def test_markup_in_the_data_shows_as_text(poisoned):
    page = (poisoned / "es" / "104" / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script>alert(1)" not in page
    assert "&lt;b&gt;termina&lt;/b&gt;" in page and "<b>termina" not in page
    assert "<b>del</b>" not in page and "Fin &lt;b&gt;del&lt;/b&gt; juego" in page
    for other in ("compare/104", ""):
        text = (poisoned / "es" / other / "index.html").read_text(encoding="utf-8")
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


def test_a_cache_it_cannot_write_is_one_warning_in_the_users_language(tiny, tmp_path,
                                                                     monkeypatch, capsys,
                                                                     recwarn):
    """The index is then built in memory, once for the whole build (each language's build
    reads the build's rulebook): the build says so once, in the interface's language,
    although it speaks each site language in turn, and the site is built."""
    (tmp_path / "a-file").write_text("")
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path / "a-file" / "cache"))
    status = main(["site", "--out", str(tmp_path / "out"), "--rules", str(tiny),
                   "--ui-lang", "it"])
    err = capsys.readouterr().err
    assert status == 0 and len(err.splitlines()) == 1, err
    assert err.startswith("tolaria: attenzione: impossibile salvare l’indice di ricerca in ")
    assert (tmp_path / "out" / "es" / "104" / "index.html").is_file()
    assert [str(w.message) for w in recwarn] == []  # none left to Python's own lines


def test_search_index_is_in_the_pages_language(site):
    for lang in LANGUAGES:
        index = json.loads((site / lang / "search" / "search_index.json").read_text("utf-8"))
        assert index["config"]["lang"] == [lang]
        # Lunr's files for that language are there for the worker (offline).
        if lang != "en":
            assert (site / lang / "assets" / "javascripts" / "lunr" / "min" /
                    f"lunr.{lang}.min.js").is_file()


def _description(page: Path) -> str:
    found = re.search(r'<meta name="description" content="([^"]*)"',
                      page.read_text(encoding="utf-8"))
    assert found, page
    return found.group(1)


def test_the_description_and_the_labels_are_in_the_pages_language(site):
    english = _description(site / "en" / "104" / "index.html")
    assert "Comprehensive Rules" in english
    for lang, words in (("es", "Reglas completas"), ("it", "Regolamento Completo")):
        assert words in _description(site / lang / "104" / "index.html")
        assert words in _description(site / lang / "compare" / "104" / "index.html")
    # The source's kind (its badge) is in the page's language on every page that shows it.
    kinds = {"en": ("official text", "quoted source", "project translation"),
             "es": ("texto oficial", "fuente citada", "traducción del proyecto"),
             "it": ("testo ufficiale", "fonte citata", "traduzione del progetto")}
    for lang in LANGUAGES:
        for page in ("", "104/", "702.26/", "compare/702.26/"):
            text = (site / lang / page / "index.html").read_text(encoding="utf-8")
            shown = set(re.findall(r'class="t-badge t-kind-[a-z]+">([^<]*)<', text))
            assert shown and shown <= set(kinds[lang]), (lang, page, shown)
        dashboard = (site / lang / "dashboard" / "it" / "index.html").read_text("utf-8")
        cells = re.findall(r"<tr>(?:<td[^>]*>.*?</td>){2}<td[^>]*>([^<]*)</td>", dashboard)
        assert cells and set(cells) <= set(kinds[lang]), (lang, cells)


def test_compare_view_names_the_audits_checks_in_the_pages_language(site):
    spanish = (site / "es" / "compare" / "702.26" / "index.html").read_text(encoding="utf-8")
    checks = set(re.findall(r'class="t-finding[^"]*">.*?<strong>([^<]*)</strong>', spanish))
    assert "alineación" in checks and "estructura" in checks
    assert not checks & {"alignment", "structure", "card-names", "spelling", "edition"}


def test_a_section_number_is_its_headings_anchor(site, parse):
    for lang in LANGUAGES:
        page = parse(site / lang / "724" / "index.html")
        assert ("h1", {"id": "717"}) in page.tags


def test_a_renumbered_translation_says_so_and_pairs_by_content(site, parse):
    italian = (site / "it" / "702.26" / "index.html").read_text(encoding="utf-8")
    note = re.search(r'<div class="admonition warning t-renumbered".*?</div>', italian, re.S)
    assert note, "the Italian 702.25 has no note on its numbering"
    # It names the English edition it follows (July 22, 2016 to July 8, 2017).
    assert "2016" in note.group(0) and "2017" in note.group(0)
    for lang in ("en", "es"):
        text = (site / lang / "702.26" / "index.html").read_text(encoding="utf-8")
        assert "t-renumbered" not in text, lang
    assert "t-renumbered" not in (site / "it" / "104" / "index.html").read_text("utf-8")
    # Each rule knows the rule with the same content in the other languages.
    rules = {attrs["id"]: attrs for tag, attrs in parse(site / "en" / "702.26" /
                                                       "index.html").tags
             if "t-rule" in attrs.get("class", "").split()}
    assert rules["702.25m"]["data-it"] == "702.25k"
    assert rules["702.25f"]["data-it"] == "702.25e"
    assert rules["702.25e"]["data-it"] == ""  # no Italian rule renders it
    assert "data-it" not in rules["702.25a"] and "data-es" not in rules["702.25m"]
    italian_rules = {attrs["id"]: attrs for tag, attrs in parse(site / "it" / "702.26" /
                                                               "index.html").tags
                     if "t-rule" in attrs.get("class", "").split()}
    assert italian_rules["702.25m"]["data-en"] == "702.25p"
    assert italian_rules["702.25e"]["data-es"] == "702.25f"
    # The worked examples cite English numbers: on the Italian page each citation opens
    # the Italian rule with that content, or the English rule where none has it.
    examples = italian[italian.index('id="worked-examples"'):]
    cited = set(re.findall(r'<a class="t-ref[^"]*" href="([^"]*)"', examples))
    assert "../../en/702.26/#702.25e" in cited and "../../en/702.26/#702.25n" in cited
    assert "#702.25n" not in cited and "#702.25p" not in cited


def test_the_404_pages_work_under_any_folder(site):
    for lang in LANGUAGES:
        page = (site / lang / "404.html").read_text(encoding="utf-8")
        # Its links are relative to its <base>, which a script points at the language
        # folder found in the address.
        base = f'<base href="/{lang}/">'
        assert base in page
        links = re.findall(r'(?:href|src)="([^"]*)"', page.replace(base, ""))
        assert links and not [l for l in links if l.startswith("/")], links
        assert '"base": "."' in page or '"base":"."' in page
    root = (site / "404.html").read_text(encoding="utf-8")
    for lang in LANGUAGES:
        assert f'<section lang="{lang}">' in root and f'action="{lang}/"' in root
    assert "Página no encontrada" in root and "Pagina non trovata" in root


def test_footer_labels_are_escaped_once(poisoned):
    # the title of es/104 is 'Fin <b>del</b> juego' (_poison)
    labels = [label for path in (poisoned / "es").rglob("index.html")
              for label in re.findall(r'class="md-footer__link[^"]*" aria-label="([^"]*)"',
                                      path.read_text(encoding="utf-8"))]
    assert any("Fin &lt;b&gt;del&lt;/b&gt; juego" in label for label in labels), labels
    assert not [label for label in labels if "&amp;" in label]


def test_worked_examples_give_their_reason_in_the_pages_language(site):
    reasons = {lang: re.findall(r'<span class="t-data">([^<]*)</span>',
                                (site / lang / "104" / "index.html").read_text("utf-8"))
               for lang in LANGUAGES}
    assert "the Emperor variant (809) is not modelled" in reasons["en"]
    assert "la variante Emperador (809) no está modelada" in reasons["es"]
    assert "la variante Imperatore (809) non è modellata" in reasons["it"]


def _spanish_702(book, rules_history) -> tuple[str, str]:
    """The Spanish rule page of 702.26 (today's number of 702.25) and its compare view, as the
    build renders them (site/pages.py, site/compare.py), in the Spanish interface."""
    from tolaria import i18n
    from tolaria.site.compare import compare_page

    interface = i18n.current_language()
    i18n.set_language("es")
    try:
        section = book.section("es", "702.25")
        page = section_page(book, "es", section, Renderer(book, "es"),
                            rules_history=rules_history)
        compare = compare_page(book, "es", section.number,
                               {lang: Renderer(book, lang) for lang in LANGUAGES}, None,
                               history=rules_history)
    finally:
        i18n.set_language(interface)
    return page.markdown, compare.markdown


def test_a_newer_edition_makes_the_translations_stale_on_the_site(tmp_path):
    """Given a newer official file whose 702.26b differs, `import --history` makes it
    current: the Spanish 702.25b (today 702.26b) then says that the English changed since
    its base, with the diff, and the compare view shows the new English."""
    rules = tmp_path / "rules"
    shutil.copytree(REPO / "rules", rules)
    shared = shared_dir()  # it reads the newest official file
    newest = sorted((shared / "reference" / "cr-en").glob("*.txt"))[-1]
    text = newest.read_text(encoding="utf-8-sig")
    dated = next(x for x in text.splitlines() if "effective as of" in x)
    rule = next(x for x in text.splitlines() if x.startswith("702.26b "))
    newer = tmp_path / "rules_20990101.txt"
    last = next(x for x in text.splitlines() if x.startswith("702.26p "))
    newer.write_text(text.replace(dated, "These rules are effective as of January 1, 2099.", 1)
                     .replace(rule, rule.replace("removed from combat", "removed from "
                                                 "combat at once"), 1)
                     .replace(last, last + "\n\n702.26q A rule added for this test.", 1),
                     encoding="utf-8")
    assert main(["import", str(newer), "--history", "--rules", str(rules)]) == 0
    book, rules_history = load_rulebook(rules), load_history(rules)
    spanish, compare = _spanish_702(book, rules_history)
    rule_html = spanish[spanish.index('id="702.25b"'):spanish.index('id="702.25c"')]
    assert '<details class="t-lag">' in rule_html
    assert re.search(r"<ins>[^<]*combat at once[^<]*</ins>", rule_html)
    assert "1 de enero de 2099" in rule_html
    # The judges' view: the current English (the new text), the diff from the base.
    row = compare[compare.index('id="702.25b"'):compare.index('id="702.25c"')]
    now = row[row.index('class="t-cell t-now"'):]
    assert "removed from combat at once" in now and "1 de enero de 2099" in compare
    # The English page shows the rule the new edition added, after the last one.
    page = section_page(book, "en", book.section("en", "702.25"), Renderer(book, "en"),
                        rules_history=rules_history)
    ids = re.findall(r'class="t-rule[^"]*" id="([^"]+)"', page.markdown)
    assert ids[-2:] == ["702.25p", "702.26q"]
    assert "A rule added for this test." in page.markdown and "2099" in page.markdown


def test_the_site_shows_the_rule_pages_and_compare_views_as_rendered(site, book):
    """What the newer edition's test reads off the renderers is what the built site shows:
    the Spanish 702.26 page and its compare view carry every rule, lag and diff they
    render."""
    spanish, compare = _spanish_702(book, load_history(REPO / "rules"))
    for markdown, built in ((spanish, site / "es" / "702.26" / "index.html"),
                            (compare, site / "es" / "compare" / "702.26" / "index.html")):
        html = built.read_text(encoding="utf-8")
        for pattern in (r'id="702\.2[56][a-z]"', r'<details class="t-lag">', r"<ins>[^<]*</ins>",
                        r'class="t-cell t-now"'):
            assert re.findall(pattern, html) == re.findall(pattern, markdown), (built, pattern)
