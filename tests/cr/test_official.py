import re
from datetime import date, timedelta

import pytest

from tolaria_testing import REPO, official, official_files
from tolaria.cr.official import OfficialFileError, decode, parse_official, read_official
from tolaria.today.loader import load_rulebook

OFFICIAL = official_files()


def test_there_are_reference_files():
    assert len(OFFICIAL) >= 50


@pytest.mark.parametrize("path", OFFICIAL, ids=lambda p: p.stem)
def test_every_official_file_is_read_whole(path):
    doc = official(path.name)  # read_official
    named = date(int(path.stem[6:10]), int(path.stem[10:12]), int(path.stem[12:14]))
    assert abs(doc.effective - named) <= timedelta(days=12)
    assert {"100", "104", "500", "512", "513", "514", "702", "704"} <= set(doc.sections)
    assert doc.sections["104"].title == "Ending the Game"
    assert doc.rule("104.3b").text.replace("'", "’").startswith(
        "If a player’s life total is 0 or less")  # one edition uses straight apostrophes
    numbers = [r.number for s in doc.sections.values() for r in s.rules]
    assert len(numbers) > 2000
    assert len(numbers) - len(set(numbers)) == len(doc.warnings)
    assert doc.incomplete == []  # every section its contents list, the glossary, the credits
    assert all(re.fullmatch(r"\d{3}\.\d+[a-z]?", n) for n in numbers)
    assert doc.glossary[0].term == "Abandon" and len(doc.glossary) > 500
    # no text kept an encoding slip, a stray carriage return or a byte-order mark
    everything = " ".join(r.text for s in doc.sections.values() for r in s.rules)
    assert "\r" not in everything and "\ufeff" not in everything and "â€" not in everything
    assert "Ã" not in everything and "\ufffd" not in everything


def test_a_number_printed_twice_is_kept_and_reported():
    doc = official("rules_20240917.txt")
    assert doc.warnings == ["rules_20240917.txt:5228: rule 702.175 appears twice (first at "
                            "line 5222); both are kept",
                            "rules_20240917.txt:5230: rule 702.175a appears twice (first at "
                            "line 5224); both are kept"]


def test_quirks_of_real_files_are_parsed():
    doc = official("rules_20230414.txt")
    assert doc.rule("119.1d").text.startswith("In a two-player Brawl game")  # "119.1d."
    assert doc.rule("606.5").text.startswith("If the total cost")  # "606.5 If"
    assert doc.rule("901.4").text.startswith("All plane and phenomenon")  # "901.4.All"


@pytest.mark.parametrize("encoding, newline", [
    ("utf-8-sig", "\r\n"), ("utf-16", "\r"), ("utf-16-be", "\n"), ("cp1252", "\r\n"),
    ("utf-8", "\n"), ("utf-16-le", "\r\n")])
def test_encodings_and_line_endings(encoding, newline):
    text = ("Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of "
            "July 13, 2018.\n\nContents\n\n1. Game Concepts\n100. General\n\n1. Game Concepts\n\n"
            "100. General\n\n100.1. These Magic rules apply to any Magic game.\n\n"
            "100.1a A two-player game is a game that begins with only two players.\n\n"
            "Example: A player’s “example”.\n\nGlossary\n\nAbandon\nTo turn a face-up card.\n\n"
            "Credits\n\nSomeone")
    raw = text.replace("\n", newline).encode(encoding)
    doc = parse_official(decode(raw), "x.txt")
    assert doc.effective == date(2018, 7, 13)
    assert doc.rule("100.1a").examples == ["Example: A player’s “example”."]
    assert [g.term for g in doc.glossary] == ["Abandon"]


def test_a_file_that_is_not_a_cr_file_is_refused(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("Just some notes.\n")
    with pytest.raises(OfficialFileError, match=r"notes.txt:1: no line 'These rules are effective"):
        read_official(path)


def test_reimporting_the_english_sections_finds_no_difference():
    """The English YAML is exactly what the importer makes of the official files."""
    book = load_rulebook(REPO / "rules")
    checked = 0
    for (lang, number), section in book.sections.items():
        if section.source.kind != "official":
            continue
        assert section.source.file.startswith("reference/cr-en/")
        doc = official(section.source.file.removeprefix("reference/cr-en/"))
        assert doc.effective == section.edition.effective
        part = doc.extract(number)
        assert part.title == section.title
        assert [(r.number, r.text, r.examples) for r in part.rules] == [
            (str(r.number), r.text, [e.text for e in r.examples]) for r in section.rules]
        checked += 1
    assert checked == 6  # 104, 512, 513, 514, 702.25, 717


MINIMAL = ("Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of July 13, "
           "2018.\n\nContents\n\n1. Game Concepts\n100. General\n101. The Magic Golden Rules\n"
           "\n1. Game Concepts\n\n100. General\n\n100.1. These Magic rules apply to any Magic "
           "game.\n\n101. The Magic Golden Rules\n\n101.1. Whenever a card contradicts these "
           "rules, the card takes precedence.\n\nGlossary\n\nAbandon\nTo turn a face-up card."
           "\n\nCredits\n\nSomeone\n")


def test_a_complete_file_is_not_incomplete():
    doc = parse_official(MINIMAL, "x.txt")
    assert doc.incomplete == [] and set(doc.sections) == {"100", "101"}


@pytest.mark.parametrize("cut, message", [
    ("101. The Magic Golden Rules\n\n101.1.", "x.txt:15: the file ends before section 101, "
     "which its contents list (line 9): is it cut short?"),
    ("Glossary", "x.txt:19: no glossary after the rules: is the file complete?"),
    ("Credits", "x.txt:24: no credits after the glossary: is the file complete?"),
])
def test_a_file_cut_short_says_where(cut, message):
    doc = parse_official(MINIMAL[:MINIMAL.rindex(cut)], "x.txt")
    assert doc.incomplete[0] == message


def test_a_file_cut_in_its_contents_says_so():
    text = MINIMAL[:MINIMAL.index("101. The Magic")]
    with pytest.raises(OfficialFileError) as info:
        parse_official(text, "x.txt")
    assert str(info.value) == ("x.txt:8: the file ends in its table of contents, before any "
                               "rule: is it cut short?")


def test_import_warns_of_a_file_cut_short(tmp_path, capsys):
    from tolaria.cli import main

    path = tmp_path / "x.txt"
    path.write_text(MINIMAL[:MINIMAL.rindex("Credits")], encoding="utf-8")
    assert main(["import", str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ("warning: x.txt:24: no credits after the glossary: is the file "
                            "complete?\n")
