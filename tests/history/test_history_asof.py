"""show --edition reads NUMBER as a number of the edition in force on the date first."""

from __future__ import annotations

import json
from datetime import date

import pytest

from tolaria_testing import REPO
from tolaria.cli import main
from tolaria.history import load_history
from tolaria.history.asof import Reading, reading_on

D = date.fromisoformat


@pytest.fixture(scope="module")
def h():
    return load_history(REPO / "rules")


def test_a_number_is_read_in_the_edition_of_the_date(h):
    assert reading_on(h, "702.26", D("2026-05-01")) == Reading(D("2026-04-17"), "702.25")
    assert reading_on(h, "702.26", D("2018-01-01")) == \
        Reading(D("2017-09-29"), uncovered=("702.26", "Buyback"))
    assert reading_on(h, "702.26a", D("2018-01-01")).uncovered == ("702.26", "Buyback")
    assert reading_on(h, "716", D("2017-01-20")).uncovered == ("716", "The Monarch")
    # a number the edition did not have, under a covered rule or nowhere: no reading
    assert reading_on(h, "702.25z", D("2018-01-01")) == Reading(D("2017-09-29"))
    assert reading_on(h, "724.1", D("2017-03-01")) == Reading(D("2017-01-20"))
    assert reading_on(h, "702.26", D("2001-01-01")) == Reading(None)


def test_a_number_that_was_an_uncovered_rule_is_that_rule_as_the_edition_printed_it(capsys):
    """From the stored editions, with a line on where this reference's rule was."""
    assert main(["show", "702.26", "--edition", "2018-01-01"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == ["702.26 · Buyback · English", (
        "702.26 is the number of this reference's 702.25 in the editions of April 22, 2021 … "
        "April 17, 2026; it was 702.25 then: tolaria show 702.25 --edition 2018-01-01")]
    assert main(["show", "716", "--edition", "2017-01-20"]) == 0
    assert capsys.readouterr().out.startswith("716 · The Monarch · English\n")
    assert main(["show", "702.26a", "--edition", "2018-01-01", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["number"], data["edition"]) == ("702.26a", "2017-09-29")
    assert data["text"].startswith("Buyback appears on some instants and sorceries")
    assert data["rulebook_rule"] == {"number": "702.25a", "then": "702.25a"}


def test_without_the_stored_editions_an_uncovered_rule_is_one_line(project, capsys):
    (project / "cr" / "editions.json").unlink()
    assert _err(capsys, "show", "702.26", "--edition", "2018-01-01", "--rules",
                str(project)) == (1, (
        "tolaria: 702.26 on January 1, 2018 was Buyback, which this reference does not "
        "cover; 702.26 is the number of this reference's 702.25 in the editions of April 22, "
        "2021 … April 17, 2026; it was 702.25 then: tolaria show 702.25 --edition "
        "2018-01-01\n"))
    assert main(["show", "702.26a", "--edition", "2018-01-01", "--rules", str(project)]) == 1
    assert "fell under 702.26 Buyback" in capsys.readouterr().err


def test_a_covered_number_of_the_edition_is_that_rule_as_it_stood(capsys):
    assert main(["show", "702.25k", "--edition", "2018-01-01", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["number"] == "702.25k" and data["current"] == "702.25m"
    assert data["text"].startswith("If an effect causes a player to skip")
    assert "asked" not in data
    # a rule the Comprehensive Rules no longer have is not said to be in the rulebook
    assert main(["show", "702.25k", "--edition", "2016-08-01"]) == 0
    out = capsys.readouterr().out
    assert "Phased-out tokens cease to exist" in out and "in the rulebook" not in out


def test_a_number_the_edition_lacks_falls_back_with_a_note(capsys):
    assert main(["show", "723.1", "--edition", "2017-03-01", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["number"], data["current"], data["asked"]) == ("715.1", "717.1", "723.1")
    assert data["asked_in_edition"] is False
    assert main(["show", "723.1", "--edition", "2017-03-01"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("715.1 · Ending the Turn")
    assert lines[1].startswith("723.1 was no rule number in the edition of January 20, 2017")
    assert main(["show", "702.25z", "--edition", "2018-01-01"]) == 1


def test_the_editions_known_on_a_date(h):
    from tolaria.history import Coverage

    assert h.coverage(D("2017-03-01")) == Coverage(D("2017-01-20"))
    assert h.coverage(D("2008-02-01")) == Coverage(D("2008-02-01"))  # the quoted text's date
    assert h.coverage(D("2005-01-01")) == Coverage(D("2003-10-01"))  # between quoted dates
    # after the quoted pre-2009 text and before the first official file: no edition known
    assert h.coverage(D("2012-01-01")) == Coverage(None, D("2008-02-01"), D("2016-07-22"))
    assert h.coverage(D("2016-07-21")) == Coverage(None, D("2008-02-01"), D("2016-07-22"))
    assert h.coverage(D("2016-07-22")) == Coverage(D("2016-07-22"))
    assert h.coverage(D("2000-01-01")) == Coverage(None, None, D("2003-07-01"))
    assert h.coverage(D("2030-01-01")) == Coverage(D("2026-04-17"), newest=True)
    assert h.coverage(D("2026-04-17")) == Coverage(D("2026-04-17"))
    assert h.holds(D("2008-02-01")) == ["300"] and h.holds(D("2016-07-22")) is None


def _err(capsys, *argv):
    status = main(list(argv))
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    return status, captured.err


def test_a_date_with_no_known_edition_names_the_nearest_ones(capsys):
    assert _err(capsys, "show", "104.3b", "--edition", "2012-01-01") == (1, (
        "tolaria: this reference has no English edition for January 1, 2012: the nearest it "
        "knows are February 1, 2008 (only 300 known) and July 22, 2016 (tolaria show 104.3b "
        "--edition 2016-07-22)\n"))
    # the mana-burn rule was abolished in 2009: it is not given as the text of 2015
    assert _err(capsys, "show", "300.3", "--edition", "2015-06-01") == (1, (
        "tolaria: this reference has no English edition for June 1, 2015: the nearest it "
        "knows are February 1, 2008 (tolaria show 300.3 --edition 2008-02-01) and July 22, "
        "2016 (tolaria show 300.3 --edition 2016-07-22)\n"))
    assert _err(capsys, "show", "717.1", "--edition", "2000-01-01") == (1, (
        "tolaria: this reference has no English edition for January 1, 2000: the earliest it "
        "knows is July 1, 2003 (only 300 known); the earliest it knows whole is July 22, 2016 "
        "(tolaria show 717.1 --edition 2016-07-22)\n"))
    status, err = _err(capsys, "show", "300.1", "--edition", "2016-07-21")
    assert status == 1 and "no English edition for July 21, 2016" in err
    assert "Morningtide" not in err and "February 1, 2008 (tolaria show 300.1" in err
    # the commands it names answer
    assert main(["show", "300.3", "--edition", "2008-02-01"]) == 0
    assert "This is called mana burn." in " ".join(capsys.readouterr().out.split())
    assert main(["show", "104.3b", "--edition", "2016-07-22"]) == 0
    assert capsys.readouterr().out.startswith("104.3b · Ending the Game")


def test_a_rule_the_part_known_of_an_old_edition_lacks(capsys):
    assert _err(capsys, "show", "104.3b", "--edition", "2005-01-01") == (1, (
        "tolaria: this reference knows no 104.3b in the edition in force on January 1, 2005 "
        "(October 1, 2003), of which it has only 300; the nearest later edition with 104.3b is "
        "July 22, 2016 (tolaria show 104.3b --edition 2016-07-22)\n"))


def test_a_date_after_the_newest_edition_says_it_is_the_newest(capsys):
    assert main(["show", "104.3b", "--edition", "2030-01-01"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == ("April 17, 2026 is the newest edition this reference knows; a later "
                        "one may be in force on January 1, 2030")
    assert main(["show", "104.3b", "--edition", "2030-01-01", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["newest_known"] is True and data["edition"] == "2026-04-17"
    assert main(["show", "104.3b", "--edition", "2026-04-17", "--json"]) == 0
    assert "newest_known" not in json.loads(capsys.readouterr().out)


def test_the_number_this_reference_s_rule_had_on_that_date(capsys):
    assert main(["show", "717.1", "--edition", "2017-03-01"]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == [
        "717.1 · Restarting the Game · English",
        "this reference's 717.1 was 715.1 then: tolaria show 715.1 --edition 2017-03-01"]
    assert main(["show", "702.25", "--edition", "2022-01-01"]) == 0
    assert capsys.readouterr().out.splitlines()[:3] == [
        "702.25 · Flanking · English",
        "this reference's 702.25 was 702.26 then: tolaria show 702.26 --edition 2022-01-01",
        "Flanking"]
    assert main(["show", "715.1", "--edition", "2017-03-01"]) == 0  # the hint answers
    assert capsys.readouterr().out.startswith("715.1 · Ending the Turn")
    # a number that was another covered rule then: that rule, and a line about this one's
    assert main(["show", "513.2", "--edition", "2016-08-01"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == ("this reference's 513.2 was 513.3 then: tolaria show 513.3 --edition "
                        "2016-08-01")
    assert lines[2].startswith("Second, the active player gets priority.")
    assert main(["show", "513.2", "--edition", "2016-08-01", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rulebook_rule"] == {"number": "513.2", "then": "513.3"}
    assert data["current"] is None  # that rule is not in this reference
