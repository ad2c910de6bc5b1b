"""The stored whole CR read back: lookups by number, section, children and glossary term,
the cache, and a loader that reads nothing but rules/ (no shared sources needed)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from tolaria_testing import REPO
from tolaria.cr import CRRule, WholeCR, load_whole_cr


@pytest.fixture(scope="module")
def cr() -> WholeCR:
    whole = load_whole_cr(REPO / "rules", use_cache=False)
    assert whole is not None
    return whole


def test_the_current_edition_with_its_source_and_attribution(cr):
    assert cr.edition == date(2026, 4, 17)
    assert cr.source == "rules_20260417.txt"
    assert cr.attribution == "Rule text © Wizards of the Coast"
    assert [c.title for c in cr.chapters][:2] == ["Game Concepts", "Parts of a Card"]
    assert [c.number for c in cr.chapters] == [str(n) for n in range(1, 10)]
    assert len(cr.sections) == 147 and sum(1 for _ in cr.rules()) == 3138


def test_a_rule_by_number_forgives_case_blanks_and_a_trailing_dot(cr):
    rule = cr.rule("704.5a")
    assert rule == CRRule("704.5a", "If a player has 0 or less life, that player loses the "
                                    "game.", ())
    assert cr.rule(" 704.5A. ") == rule and rule.section == "704"
    assert cr.rule("704.5zz") is None and cr.rule("999.1") is None and cr.rule("hello") is None


def test_a_rule_keeps_its_examples_verbatim(cr):
    assert cr.rule("101.2").examples == (
        "Example: If one effect reads “You may play an additional land this turn” and another "
        "reads “You can’t play lands this turn,” the effect that precludes you from playing "
        "lands wins.",)


def test_sections_and_chapters(cr):
    section = cr.section("704")
    assert (section.number, section.title, section.chapter) == ("704", "State-Based Actions",
                                                                "7")
    assert section.rules[0].number == "704.1"
    assert cr.chapter("7").title == "Additional Rules" and "704" in cr.chapter("7").sections
    assert cr.chapter("704.5a") == cr.chapter("7")
    assert cr.section("105").title == "Colors" and cr.section("999") is None


def test_children_of_a_section_a_rule_and_a_subrule(cr):
    assert [r.number for r in cr.children("704")] == [f"704.{n}" for n in range(1, 9)]
    assert [r.number for r in cr.children("704.5")][:3] == ["704.5a", "704.5b", "704.5c"]
    assert all(r.number.startswith("704.5") for r in cr.children("704.5"))
    assert cr.children("704.5a") == () and cr.children("999") == ()


@pytest.mark.parametrize("name, term", [
    ("phased out", "Phased In, Phased Out"), ("Phased In", "Phased In, Phased Out"),
    ("Phasing", "Phasing"), ("PHASING", "Phasing"), ("Trample", "Trample"),
    ("trámple", "Trample"), ("  active   player ", "Active Player"),
    ("bury", "Bury (Obsolete)")])
def test_glossary_terms_case_and_accent_blind(cr, name, term):
    assert cr.term(name).term == term


def test_a_glossary_definition_is_the_official_one(cr):
    assert cr.term("phasing").definition == (
        "A keyword ability that causes a permanent to sometimes be treated as though it does "
        "not exist. See rule 702.26, “Phasing.”")
    assert cr.term("no such term") is None


def test_nearby_numbers_for_did_you_mean(cr):
    assert cr.nearby("704.5a") == ()  # it exists
    assert cr.nearby("704.99") == ("704.6", "704.7", "704.8")
    assert cr.nearby("999.1") == ("903", "904", "905")
    assert cr.nearby("130") == ("122", "123", "200")
    assert cr.nearby("not a number") == ()


def test_the_records_are_immutable(cr):
    with pytest.raises(AttributeError):
        cr.edition = date(2020, 1, 1)
    with pytest.raises(AttributeError):
        cr.rule("704.5a").text = "changed"


def test_a_folder_without_a_whole_cr_has_none(tmp_path):
    assert load_whole_cr(tmp_path) is None


def test_the_cache_gives_the_same_records_and_follows_the_file(tmp_path, cr):
    (tmp_path / "cr").mkdir()
    target = tmp_path / "cr" / "en.json"
    shutil.copy(REPO / "rules" / "cr" / "en.json", target)
    first = load_whole_cr(tmp_path)
    assert load_whole_cr(tmp_path) == first == cr
    assert list((Path(os.environ["TOLARIA_CACHE"]) / "wholecr").glob("*.marshal"))
    from tolaria.cr.store import dumps, parse

    changed = parse(target.read_text(encoding="utf-8").replace(
        '"edition": "2026-04-17"', '"edition": "2026-04-18"'), "x")
    target.write_text(dumps(changed), encoding="utf-8")
    assert load_whole_cr(tmp_path).edition == date(2026, 4, 18)


def test_the_numbers_alone_come_from_a_small_snapshot_that_follows_the_file(tmp_path, cr,
                                                                            monkeypatch):
    from tolaria.cr import loading

    assert loading.load_numbers(tmp_path) is None
    (tmp_path / "cr").mkdir()
    target = tmp_path / "cr" / "en.json"
    shutil.copy(REPO / "rules" / "cr" / "en.json", target)
    numbers = loading.load_numbers(tmp_path)  # no snapshot yet: read, then kept
    assert numbers == {s.number for s in cr.sections} | {r.number for r in cr.rules()}
    assert {"704", "704.5a", "100.1"} <= numbers and "704.99" not in numbers
    monkeypatch.setattr(loading, "_read", lambda path: pytest.fail("read the records"))
    monkeypatch.setattr(loading, "loads", lambda data, key: pytest.fail("read the records"))
    assert loading.load_numbers(tmp_path) == numbers  # from the numbers' own snapshot
    monkeypatch.undo()
    text = target.read_text(encoding="utf-8")
    last = text.index('["704.5z", ')  # the last subrule of 704.5, left out
    target.write_text(text[:last] + text[text.index("\n", last) + 1:], encoding="utf-8")
    assert loading.load_numbers(tmp_path) == numbers - {"704.5z"}


def test_the_loader_reads_only_rules_without_the_shared_sources(tmp_path):
    """A fresh process, with no shared sources anywhere, opens nothing outside the copied
    rules/ folder but Python's own files and the cache."""
    rules = tmp_path / "rules"
    shutil.copytree(REPO / "rules" / "cr", rules / "cr")
    script = (
        "import sys\n"
        "opened = []\n"
        "sys.addaudithook(lambda e, a: opened.append(str(a[0])) if e == 'open' else None)\n"
        "from tolaria.cr import load_whole_cr\n"
        f"cr = load_whole_cr({str(rules)!r})\n"
        "print(cr.rule('704.5a').text)\n"
        "print('\\n'.join(p for p in opened if isinstance(p, str)), file=sys.stderr)\n")
    env = dict(os.environ, TOLARIA_SHARED=str(tmp_path / "no-shared"),
               TOLARIA_CACHE=str(tmp_path / "cache"))
    for first in (True, False):  # without the snapshot (reads rules/), then with it
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                              env=env, cwd=tmp_path, check=True)
        assert done.stdout == "If a player has 0 or less life, that player loses the game.\n"
        python = (sys.prefix, sys.base_prefix, str(REPO / "tools"), str(REPO / "locales"))
        ours = [p for p in done.stderr.splitlines() if p.startswith("/")
                and not p.startswith(python)]
        assert ours and all(p.startswith((str(rules), str(tmp_path / "cache"))) for p in ours)
        assert any(p.startswith(str(rules if first else tmp_path / "cache")) for p in ours)
        assert not any("shared" in p for p in done.stderr.splitlines())


def test_the_loader_finds_rules_where_the_rulebook_does(monkeypatch, tmp_path):
    from tolaria.cr.loading import default_rules_dir
    from tolaria.rulebook import folders

    assert default_rules_dir() == folders.default_rules_dir()
    monkeypatch.setenv("TOLARIA_RULES", str(tmp_path))
    assert default_rules_dir() == folders.default_rules_dir() == str(tmp_path)
