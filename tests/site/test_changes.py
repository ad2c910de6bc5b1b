"""The "What changed" pages and the whole CR's rule histories, in the built site (the
session's build): each edition's changes against a diff of the stored editions' data, links
to today's rules, labels in the page's language, pages that stay light."""

from __future__ import annotations

import gzip
import re
from datetime import date
from pathlib import Path

import pytest

from tolaria.editions.archive import load_archive
from tolaria.editions.changes import changes
from tolaria.history.matching import same_wording
from tolaria.model import LANGUAGES


@pytest.fixture(scope="module")
def archive():
    return load_archive(None)


def _page(site: Path, lang: str, *parts: str) -> str:
    return (site / lang / Path(*parts) / "index.html").read_text(encoding="utf-8")


def _changes(html: str, kind: str) -> list[str]:
    """The HTML of each change of a kind (t-added, t-removed, t-moved, t-reworded, ...)."""
    return re.findall(rf'<div class="t-change t-{kind}">(.*?)</div>\n', html, re.S)


def _numbers(html: str) -> set[str]:
    """The numbers the changes name, each as the newer edition prints it."""
    html = re.sub(r'<span class="t-num">[^<]*</span> → ', "", html)  # a renumbered rule's old
    return set(re.findall(r'class="t-num"[^>]*>([0-9][0-9a-z.]*)<', html))


def test_the_index_lists_every_edition_newest_first_in_each_language(site, archive):
    words = {"en": "What changed", "es": "Qué cambió", "it": "Cosa è cambiato"}
    for lang in LANGUAGES:
        html = _page(site, lang, "changes")
        assert f"<h1>{words[lang]}</h1>" in html
        listed = re.findall(r'<li><a href="(\d{4}-\d\d-\d\d)/">', html)
        expected = [d.isoformat() for d in reversed(archive.dates[1:])]
        assert listed == expected
        for when in listed:
            assert (site / lang / "changes" / when / "index.html").is_file()
        home = _page(site, lang, "")
        assert f'<a href="changes/">{words[lang]}</a>' in home


def test_the_page_of_an_edition_lists_what_a_diff_of_its_editions_says(site, archive):
    """2026-04-17 against 2026-02-27, from the stored editions' rules and the links between
    them: every rule added, removed and changed in text is on the page, under its kind."""
    new = archive.index_of(archive.dates[-1])
    assert archive.dates[new].isoformat() == "2026-04-17"
    before, after, link = archive.editions[new - 1], archive.editions[new], archive.links[new - 1]
    added = {k for k in after.rules if k not in set(link.values())}
    removed = {k for k in before.rules if k not in link}
    reworded = {new_key for old, new_key in link.items()
                if not same_wording(before.rules[old][0], after.rules[new_key][0])}
    retouched = {new_key for old, new_key in link.items()
                 if before.rules[old] != after.rules[new_key]} - reworded
    assert added and reworded and retouched  # what this edition did
    html = _page(site, "en", "changes", "2026-04-17")
    assert _numbers("".join(_changes(html, "added"))) == added
    assert _numbers("".join(_changes(html, "removed"))) == removed
    assert _numbers("".join(_changes(html, "reworded"))) == reworded
    assert _numbers("".join(_changes(html, "references") + _changes(html, "typography")
                            + _changes(html, "examples"))) == retouched
    # a word diff: what 107.3e lost and gained
    rule = next(c for c in _changes(html, "reworded") if ">107.3e<" in c)
    assert "<del>chosen or defined for</del> <ins>used by</ins>" in rule
    shifted = changes(archive, new - 1, new)["counts"]["shifted"]
    counted = re.findall(r'<p class="t-shifted">(\d+) rules? renumbered by rules inserted', html)
    assert shifted and sum(map(int, counted)) == shifted


def test_a_moved_rule_shows_its_old_and_new_numbers_linked_to_today(site, archive):
    index = archive.index_of(date(2023, 4, 14))
    data = changes(archive, index - 1, index)
    moved = [m for part in data["sections"] for m in part["moved"]]
    assert moved
    html = _page(site, "it", "changes", "2023-04-14")
    for pair in moved:
        assert re.search(rf'<li><span class="t-num">{re.escape(pair["before"])}</span> → '
                         rf'<(a|span) class="t-num"[^>]*>{re.escape(pair["after"])}<', html), pair


def test_every_rule_link_opens_todays_rule_and_a_removed_rule_has_none(site, archive):
    html = _page(site, "es", "changes", "2023-04-14")
    links = re.findall(r'<a class="t-num" href="\.\./\.\./cr/(\d+)/#([^"]+)"', html)
    assert len(links) > 50
    pages: dict[str, str] = {}
    for section, anchor in links:
        page = pages.setdefault(section, _page(site, "es", "cr", section))
        assert f'id="{anchor}"' in page, anchor
        assert anchor in archive.current.rules
    for removed in _changes(html, "removed"):
        assert "<a " not in removed.split("</p>", 1)[0]  # its number is no link
    assert _changes(html, "removed")


def test_the_labels_are_in_the_pages_language_and_the_rules_in_english(site):
    html = _page(site, "es", "changes", "2026-04-17")
    assert "Qué cambió la edición del 17 de abril de 2026" in html
    assert '<span class="t-badge">Reformulada</span>' in html
    assert 'class="t-diff" lang="en"' in html
    assert re.search(r'deja desactualizados: <a href="[^"]+" hreflang="es">español 104\.6</a>',
                     html)
    it = _page(site, "it", "changes", "2026-04-17")
    assert '<span class="t-badge">Riformulata</span>' in it


def test_every_rule_page_of_the_whole_cr_shows_its_history_folded(site, archive):
    """A rule that had other numbers: each is in its folded history, with its wordings."""
    last = len(archive.editions) - 1
    moved = next(k for k in archive.current.rules
                 if len({key for _i, key in archive.follow(last, k)}) > 2)
    numbers = {key for _i, key in archive.follow(last, moved)}
    section = moved.split(".")[0]
    html = _page(site, "en", "cr", section)
    start = html.index(f'id="{moved}"')
    rule = html[start:html.index('<div class="t-rule', start + 1)]
    history = re.search(r'<details class="t-history">(.*?)</details>', rule, re.S)
    assert history, moved
    assert numbers <= set(re.findall(r"<strong>([^<]+)</strong>", history.group(1)))
    unchanged = next(k for k in archive.current.rules
                     if {archive.editions[i].rules[key] for i, key in archive.follow(last, k)}
                     == {archive.current.rules[k]}
                     and [key for _i, key in archive.follow(last, k)] == [k] * (last + 1))
    html = _page(site, "es", "cr", unchanged.split(".")[0])
    start = html.index(f'id="{unchanged}"')
    end = html.find('<div class="t-rule', start + 1)
    assert "t-history" not in html[start:end if end > 0 else None]
    assert "<details class=\"t-history\" open" not in html


def test_the_pages_stay_light(site):
    """Gzipped, the heaviest edition page and the longest page of the whole CR each leave
    most of the 400 kB first-load budget to the theme."""
    for lang in LANGUAGES:
        heaviest = max((site / lang / "changes").glob("*/index.html"),
                       key=lambda p: p.stat().st_size)
        for path in (heaviest, site / lang / "cr" / "702" / "index.html"):
            assert len(gzip.compress(path.read_bytes())) < 200_000, path
