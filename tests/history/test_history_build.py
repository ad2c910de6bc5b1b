"""The history follows rules by content: known moves, rewordings and renumberings."""

from __future__ import annotations

from datetime import date

import pytest

from tolaria_testing import REPO
from tolaria.history import load_history
from tolaria.history.changes import (MOVED, RENUMBERED, REWORDED, TYPOGRAPHY, changes,
                                     text_change)

D = date.fromisoformat


@pytest.fixture(scope="module")
def h():
    return load_history(REPO / "rules")


def test_every_official_edition_is_known(h, shared):
    files = sorted(p.name for p in (shared / "reference" / "cr-en").glob("*.txt"))
    assert sorted(h.files.values()) == files
    assert h.editions == sorted(h.editions) and len(h.editions) == len(files)
    assert h.files[D("2017-01-20")] == "rules_20170119.txt"  # known by its effective date
    assert h.files[D("2021-02-15")] == "rules_20210224.txt"


def test_phasing_moves_to_702_26_in_2021(h):
    numbers = h.rule("702.25").numbers
    assert numbers == [("702.25", D("2016-07-22"), D("2021-02-15")),
                       ("702.26", D("2021-04-22"), D("2026-04-17"))]
    assert h.rule("702.25").wordings == [("Phasing", D("2016-07-22"), D("2026-04-17"))]
    assert h.rule("702.25b").numbers[-1][0] == "702.26b"


def test_the_ending_the_turn_rule_through_every_edition(h):
    numbers = [(n, f.isoformat(), l.isoformat()) for n, f, l in h.rule("717").numbers]
    assert numbers == [
        ("715", "2016-07-22", "2017-09-29"), ("716", "2018-07-13", "2019-08-23"),
        ("717", "2019-10-04", "2021-06-18"), ("719", "2021-07-23", "2022-09-08"),
        ("720", "2022-10-07", "2022-10-07"), ("721", "2022-11-18", "2023-02-03"),
        ("720", "2023-04-14", "2023-11-17"), ("721", "2024-02-02", "2025-02-07"),
        ("722", "2025-04-04", "2025-06-06"), ("723", "2025-07-25", "2026-02-27"),
        ("724", "2026-04-17", "2026-04-17")]
    titles = [w[0] for w in h.rule("717").wordings]
    assert titles == ["Ending the Turn", "Ending Turns and Phases"]
    assert h.rule("717").wordings[1][1] == D("2019-08-23")
    # found by content before it had its title: "Some cards end the turn"
    first = h.section_at("717", D("2017-06-05"))
    assert first[0][0] == "715.1" and first[0][1].startswith("Some cards end the turn.")


def test_the_ending_the_turn_rule_in_every_edition(h):
    for edition in h.editions:
        rules = h.section_at("717", edition)
        assert rules, edition
        assert "end the turn" in rules[0][1]


def test_a_reworded_rule_and_a_moved_rule(h):
    found = {c.current: c for c in changes(h, D("2017-01-20"), D("2017-04-28"))["717"]}
    assert found["717.1"].kinds == (REWORDED,)
    assert ("delete", "Three") in found["717.1"].diff
    found = {c.current: c for c in changes(h, D("2020-07-03"), D("2020-08-07"))["702.25"]}
    assert found["702.25f"].kinds == (MOVED,)
    assert (found["702.25f"].before, found["702.25f"].after) == ("702.25e", "702.25f")
    assert "702.25e" in found and found["702.25e"].before is None  # a new rule took 702.25e


def test_renumbered_cross_references_are_not_a_change_of_wording(h):
    versions = h.versions("717.1a")
    assert len(versions) > 5 and all(v.same_wording for v in versions[1:])
    assert "(see rule 715.2)" in versions[0].text and "(see rule 724.1f)" in versions[-1].text
    assert len(h.rule("717.1a").wordings) == 1
    found = {c.current: c for c in changes(h, D("2026-02-27"), D("2026-04-17"))["717"]}
    assert found["717.1a"].kinds == (MOVED, RENUMBERED)


def test_a_rule_that_only_existed_before_the_anchor_gets_a_key_of_its_own(h):
    assert h.rule("513.2").numbers[0] == ("513.3", D("2016-07-22"), D("2016-08-26"))
    old = h.rule("513.2@2016-07-22")
    assert old.numbers == [("513.2", D("2016-07-22"), D("2016-08-26"))]


def test_resolve_numbers_of_any_edition(h):
    [m] = h.resolve("702.26")
    assert m.current == "702.25" and m.editions[0] == D("2021-04-22")
    assert m.editions[-1] == D("2026-04-17")
    [m] = h.resolve("723")
    assert m.current == "717" and m.editions[0] == D("2025-07-25")
    assert m.editions[-1] == D("2026-02-27")
    [m] = h.resolve("716.1b")
    assert m.current == "717.1b" and (m.editions[0], m.editions[-1]) == (D("2018-07-13"),
                                                                         D("2019-08-23"))
    matches = h.resolve("513.2")
    assert [m.current for m in matches] == ["513.2", "513.2@2016-07-22"]
    assert h.resolve("999.1") == [] and h.resolve("not a number") == []


def test_titles_of_the_whole_cr(h):
    assert h.title("704", D("2020-01-01")) == "State-Based Actions"
    assert h.title("702.26", D("2022-01-01")) == "Phasing"
    assert h.title("702.26", D("2020-01-01")) != "Phasing"
    assert h.title("111", D("2018-01-01")) == "Spells" and h.title("111") == "Tokens"
    assert h.title("300") == "General"
    assert h.title("704", D("2000-01-01")) is None


def test_rule_300_links_to_what_it_became(h):
    def became(number):
        return [t.numbers[0].value for t in h.successors(number)]

    assert became("300.6") == ["500.7"]  # extra turns
    assert became("300.1") == ["500.1"]
    assert became("300.2") == ["500.2", "500.3", "500.11"]
    assert became("300.3") == ["500.4"]  # mana burn: the pool empties
    moved = h.successors("300.2")[-1].numbers
    assert [s.value for s in moved] == ["500.11", "500.12"]  # followed through editions
    assert h.section_at("300", D("2008-02-01"))[1][0] == "300.2"
    assert h.section_at("300", D("2006-01-01"))[1][1].startswith("A phase or step ends")


def test_section_at_unknown(h):
    assert h.section_at("999", D("2020-01-01")) is None
    assert h.section_at("104", D("2001-01-01")) is None
    rules = h.section_at("104", D("2018-07-13"))
    assert rules[0] == ("104.1", rules[0][1], []) and len(rules) > 20


def test_references_typography_and_wording_are_told_apart(h):
    assert text_change("See rule 715.2.", "See rule 716.2.") == RENUMBERED
    assert text_change("This doesn't trigger.", "This doesn’t trigger.") == TYPOGRAPHY
    assert text_change("Three cards end the turn.", "Some cards end the turn.") == REWORDED
    assert text_change("Same.", "Same.") is None
    # 702.25k's apostrophe in 2019 (January 25) is typography, not a renumbering
    found = {c.current: c for c in changes(h, D("2018-10-05"), D("2019-01-25"))["702.25"]}
    assert found["702.25k"].kinds == (TYPOGRAPHY,)


def test_what_the_history_knows_of_rules_and_numbers(h):
    assert h.in_rulebook("702.25k") and h.in_rulebook("300.1") and h.in_rulebook("717")
    assert not h.in_rulebook("702.25k@2016-07-22") and not h.in_rulebook("999.1")
    assert h.number_at("717.1", D("2017-01-20")) == "715.1"
    assert h.number_at("702.25k@2016-07-22", D("2020-01-24")) is None
    assert {"702.25k", "513.2", "716.2"} <= h.reused() and "104.3b" not in h.reused()
    [m] = h.forerunners("500.1")
    assert (m.current, m.number, m.editions) == ("300.1", "500.1", h.editions)
    assert [m.current for m in h.forerunners("500.11")] == ["300.2", "300.9"]
    assert h.forerunners("704.5a") == [] and h.forerunners("nonsense") == []


def test_the_doctests_of_changes():
    import doctest

    from tolaria.history import changes as module

    result = doctest.testmod(module)
    assert result.attempted >= 2 and result.failed == 0
