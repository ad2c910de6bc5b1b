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


def test_a_number_that_was_an_uncovered_rule_is_one_line(capsys):
    assert main(["show", "702.26", "--edition", "2018-01-01"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == ("tolaria: 702.26 on January 1, 2018 was Buyback, which this "
                            "reference does not cover\n")
    assert main(["show", "716", "--edition", "2017-01-20"]) == 1
    assert "716 on January 20, 2017 was The Monarch" in capsys.readouterr().err
    assert main(["show", "702.26a", "--edition", "2018-01-01", "--json"]) == 1
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
