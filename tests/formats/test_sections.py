"""formats.sections: the --sections list, an official document as JSON, and English section
files written from an official file."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from tolaria.errors import DataErrors, UserError
from tolaria.cr.official import read_official
from tolaria.formats.sections import (document_json, parse_section_list, source_file,
                                      write_sections)
from tolaria.today.loader import load_rulebook
from tolaria_testing import shared_dir

OFFICIAL = "rules_20180713.txt"  # the edition of the tiny rulebook


def _cr_en() -> Path:
    return shared_dir() / "reference" / "cr-en"


@pytest.fixture(scope="module")
def doc():
    return read_official(_cr_en() / OFFICIAL)


# --- parse_section_list ---------------------------------------------------------------------
@pytest.mark.parametrize("text, numbers", [
    ("104", ["104"]),
    ("104,512-514,702.25", ["104", "512", "513", "514", "702.25"]),
    (" 104 , 105 ,", ["104", "105"]),
    ("702.25-702.27", ["702.25", "702.26", "702.27"]),
    ("104.9-104.11", ["104.9", "104.10", "104.11"]),
    ("", []),
])
def test_sections_and_keyword_rules_and_ranges(text, numbers):
    assert parse_section_list(text) == numbers


@pytest.mark.parametrize("text, message", [
    ("abc", "--sections: 'abc' is not a section or rule number"),
    ("104-", "--sections: '104-' is not a section or rule number"),
    ("514-512", "--sections: '514-512' is not a section or rule number"),
    ("104-104.2", "--sections: '104-104.2' is not a section or rule number"),
    ("104\n105", "--sections: '104\\n105' is not a section or rule number"),  # one line
    ("104,702.25a", "--sections: 702.25a is a subrule; a section file holds a section or a "
                    "rule (e.g. 104, 702.25)"),
    ("104.2a-104.2c", "--sections: 104.2a is a subrule; a section file holds a section or a "
                      "rule (e.g. 104, 702.25)"),
])
def test_bad_input_is_one_line_user_error(text, message):
    with pytest.raises(UserError) as caught:
        parse_section_list(text)
    assert str(caught.value) == message


SECTION_TEXT = st.text(st.sampled_from("0123456789.,-abl z"), max_size=30)


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.text(max_size=40), SECTION_TEXT))
def test_any_text_gives_numbers_or_one_user_error(text):
    try:
        numbers = parse_section_list(text)
    except UserError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("--sections: ")
        return
    for number in numbers:  # what comes out is a section or a rule, in canonical form
        assert parse_section_list(number) == [number]
        assert not number[-1].isalpha()


# --- document_json --------------------------------------------------------------------------
def test_document_json_has_the_export_shape_in_english_only(doc):
    data = document_json(doc, ["104", "702.25"])
    assert list(data) == ["editions", "rules", "glossary"]
    assert data["editions"] == [{"effective": "2018-07-13", "set": {"en": ""}, "file": OFFICIAL}]
    numbers = list(data["rules"])
    assert numbers[:4] == ["104", "104.1", "104.2", "104.2a"]
    assert "702.25" in numbers and "702.25a" in numbers and "105" not in numbers
    assert numbers.index("104.3") < numbers.index("104.3a") < numbers.index("104.4")
    assert {lang for entry in data["rules"].values() for lang in entry} == {"en"}
    rule = data["rules"]["104.3a"]["en"]
    assert rule["text"].startswith("A player can concede the game at any time.")
    assert rule["source"] == {"kind": "official", "file": OFFICIAL, "name":
                              "Magic: The Gathering Comprehensive Rules, effective 2018-07-13"}
    assert data["rules"]["104"]["en"]["children"][:2] == ["104.1", "104.2"]
    assert len(data["glossary"]) == len(doc.glossary) > 100
    first = data["glossary"][0]
    assert first["id"] is None and first["names"]["en"]["name"] == doc.glossary[0].term


def test_document_json_without_numbers_has_every_section(doc):
    data = document_json(doc, None)
    sections = [n for n in data["rules"] if "." not in n]
    assert sections == sorted(doc.sections, key=int) and len(sections) == len(doc.sections)


def test_document_json_of_a_number_the_file_lacks_is_a_user_error(doc):
    with pytest.raises(UserError) as caught:
        document_json(doc, ["104", "999"])
    assert str(caught.value) == f"{OFFICIAL}: has no section or rule 999"


# --- write_sections -------------------------------------------------------------------------
def test_source_file_names_the_official_file_under_the_shared_sources(tmp_path):
    assert source_file(Path("/x/reference/cr-en/rules_20180713.txt")) == \
        "reference/cr-en/rules_20180713.txt"
    assert source_file(tmp_path / "mine.txt") == "mine.txt"


def test_write_sections_writes_english_files_the_loader_reads(tiny, doc):
    path = _cr_en() / OFFICIAL
    written = write_sections(doc, path, ["104"], tiny)
    assert written == ["rules/en/104.yaml"]
    text = (tiny / "en" / "104.yaml").read_text(encoding="utf-8")
    assert text.startswith("# Section 104, English: imported verbatim from the official "
                           f"Comprehensive Rules\n# file {OFFICIAL} (effective 2018-07-13)")
    book = load_rulebook(tiny, use_cache=False)
    section = book.sections[("en", "104")]
    assert section.source.kind == "official"
    assert section.source.file == f"reference/cr-en/{OFFICIAL}"
    assert [str(r.number) for r in section.rules] == [
        r.number for r in doc.extract("104").rules]


def test_write_sections_writes_nothing_when_one_number_is_missing(tiny, doc):
    before = (tiny / "en" / "104.yaml").read_bytes()
    with pytest.raises(UserError) as caught:
        write_sections(doc, _cr_en() / OFFICIAL, ["104", "999"], tiny)
    assert str(caught.value) == f"{OFFICIAL}: has no section or rule 999"
    assert (tiny / "en" / "104.yaml").read_bytes() == before
    assert sorted(p.name for p in (tiny / "en").iterdir()) == ["104.yaml"]


def test_write_sections_refuses_an_edition_the_rulebook_lacks(tiny):
    other = read_official(_cr_en() / "rules_20180810.txt")
    with pytest.raises(UserError) as caught:
        write_sections(other, _cr_en() / "rules_20180810.txt", ["104"], tiny)
    assert str(caught.value).startswith("the edition 2018-08-10 is not in rules/editions.yaml")
    assert sorted(p.name for p in (tiny / "en").iterdir()) == ["104.yaml"]


def test_write_sections_stops_at_an_invalid_rulebook_before_any_write(tiny, doc):
    (tiny / "it" / "104.yaml").unlink()
    before = (tiny / "en" / "104.yaml").read_bytes()
    with pytest.raises(DataErrors):
        write_sections(doc, _cr_en() / OFFICIAL, ["104"], tiny)
    assert (tiny / "en" / "104.yaml").read_bytes() == before
