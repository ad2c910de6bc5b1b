"""rulebook.writer: section_yaml writes what the loader reads back; write_output writes a
file the user named where they said, or nowhere."""

from __future__ import annotations

import shutil

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tolaria.errors import UserError
from tolaria.model import Paragraph, Rule
from tolaria.numbering import RuleNumber
from tolaria.today.loader import load_rulebook
from tolaria.rulebook.writer import section_yaml, write_output
from tolaria.yamlfiles.canonical import format_yaml
from tolaria_testing import REPO


def _content(section) -> tuple:
    """What a section says, without the places (file, line) it says it at."""
    return (section.number, section.title, section.lang, section.edition, section.source,
            [(r.number, r.text, [e.text for e in r.examples], r.since,
              [(w.since, w.text) for w in r.earlier], r.cites) for r in section.rules])


def test_the_tiny_rulebook_round_trips_through_the_loader(tiny):
    book = load_rulebook(tiny, use_cache=False)
    for (lang, number), section in book.sections.items():
        (tiny / lang / f"{number}.yaml").write_text(section_yaml(section), encoding="utf-8")
    again = load_rulebook(tiny, use_cache=False)
    assert sorted(again.sections) == sorted(book.sections)
    for key, section in book.sections.items():
        assert _content(again.sections[key]) == _content(section)


def test_the_projects_sections_round_trip_with_since_and_earlier_wordings(book, tmp_path,
                                                                         monkeypatch):
    monkeypatch.chdir(tmp_path)
    rules = tmp_path / "rules"
    rules.mkdir()
    for name in ("editions.yaml", "glossary.yaml"):
        shutil.copy(REPO / "rules" / name, rules / name)
    for (lang, number), section in book.sections.items():
        (rules / lang).mkdir(exist_ok=True)
        (rules / lang / f"{number}.yaml").write_text(section_yaml(section), encoding="utf-8")
    again = load_rulebook(rules, use_cache=False)
    assert any(r.earlier for _, r in again.rules()) and any(r.since for _, r in again.rules())
    assert {k: _content(s) for k, s in again.sections.items()} == \
        {k: _content(s) for k, s in book.sections.items()}


def test_the_header_becomes_comments_on_top_and_the_text_is_canonical(tiny):
    section = load_rulebook(tiny, use_cache=False).sections[("es", "104")]
    text = section_yaml(section, "First line\n\nThird line")
    assert text.startswith("# First line\n#\n# Third line\nsection: \"104\"\n")
    assert text == format_yaml(text)


TEXTS = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp"),
                              blacklist_characters="\ufeff\x85"),
                min_size=1, max_size=150).filter(lambda t: t.strip() == t and t)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXTS, example=TEXTS)
def test_any_text_round_trips_through_the_loader(tiny, text, example):
    book = load_rulebook(tiny, use_cache=False)
    section = book.sections[("en", "104")]
    rule = Rule.of(RuleNumber.parse("104.3"), text, examples=(Paragraph.of(example),))
    rules = tuple(sorted(section.rules + (rule,), key=lambda r: r.number))
    changed = section._replace(rules=rules)
    (tiny / "en" / "104.yaml").write_text(section_yaml(changed), encoding="utf-8")
    try:
        again = load_rulebook(tiny, use_cache=False).sections[("en", "104")]
    finally:
        (tiny / "en" / "104.yaml").write_text(section_yaml(section), encoding="utf-8")
    read = again.rule(RuleNumber.parse("104.3"))
    assert (read.text, [e.text for e in read.examples]) == (text, [example])


# --- write_output ---------------------------------------------------------------------------
def test_refuses_a_missing_folder_in_one_line(tmp_path):
    target = tmp_path / "missing" / "out.xml"
    with pytest.raises(UserError) as caught:
        write_output(target, "x")
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{target}: the folder {target.parent} does not exist")
    assert not (tmp_path / "missing").exists()


def test_writes_the_file_where_the_user_said(tmp_path):
    write_output(tmp_path / "out.xml", "<x/>\n")
    assert (tmp_path / "out.xml").read_text() == "<x/>\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.xml"]
