"""Unit tests of the engine: editions, state-based actions, turn order, phasing, vocabulary."""

from __future__ import annotations

from datetime import date

from hypothesis import given, settings, strategies as st

from tolaria.engine import Action, execute
from tolaria.engine.editions import MAGIC_2010, mana_burn, pool_empties_after_steps
from tolaria.engine.expect import check
from tolaria.engine.vocabulary import parse_duration, parse_when

EDITION = date(2023, 4, 14)
THREE = {"players": [{"name": "Ana"}, {"name": "Bo"}, {"name": "Cy"}]}


def run(given, *actions, edition=EDITION):
    return execute(given, [Action(name, args, 1) for name, args in actions], edition)


def test_editions_switch_on_the_magic_2010_date():
    assert mana_burn(date(2009, 7, 9)) and not mana_burn(MAGIC_2010)
    assert not pool_empties_after_steps(date(2009, 7, 9)) and pool_empties_after_steps(MAGIC_2010)


def test_vocabulary_parses_triggers_and_durations():
    assert parse_when("beginning_of_end_step") == ("each", "end")
    assert parse_when("beginning_of_your_combat") == ("yours", "combat")
    assert parse_when("beginning_of_next_cleanup_step", delayed=True) == ("next", "cleanup")
    assert parse_when("beginning_of_next_cleanup_step") is None
    assert parse_when("beginning_of_lunch") is None
    assert parse_duration("end_of_combat") == ("end", "combat")
    assert parse_duration("until_end") == ("begin", "end")
    assert parse_duration("forever") is None


@given(st.lists(st.sampled_from(["Ana", "Bo", "Cy"]), max_size=6))
@settings(max_examples=60, deadline=None)
def test_extra_turns_come_most_recent_first(players):
    game = run(THREE, *[("extra_turn", {"player": p}) for p in players])
    order = list(reversed(players)) + ["Bo", "Cy", "Ana"]
    assert check(game, "turn_order", order) is None


@given(st.integers(min_value=0, max_value=30))
@settings(max_examples=40, deadline=None)
def test_poison_loses_from_ten(counters):
    game = run({}, ("poison", {"player": "Bo", "amount": counters}), ("check_sba", {}))
    assert game.player("Bo").lost == (counters >= 10)


@given(st.integers(min_value=-5, max_value=25))
@settings(max_examples=40, deadline=None)
def test_life_loses_at_zero_or_less(damage):
    game = run({}, ("lose_life", {"player": "Bo", "amount": max(damage, 0)}), ("check_sba", {}))
    assert game.player("Bo").lost == (max(damage, 0) >= 20)


def test_a_turn_of_two_players_runs_all_steps_in_order():
    game = run({"turn": {"step": "untap", "number": 2}}, ("advance", {"turns": 1}))
    assert game.steps_begun == ["upkeep", "draw", "precombat_main", "beginning_of_combat",
                                "declare_attackers", "end_of_combat", "postcombat_main",
                                "end", "cleanup", "untap"]
    assert game.turn.active == "Bo" and game.turn.number == 3


def test_the_starting_player_skips_the_first_draw():
    game = run({"turn": {"step": "upkeep", "number": 1}}, ("advance", {"to": "precombat_main"}))
    assert game.steps_begun == ["precombat_main"] and game.player("Ana").hand == 7


def test_a_player_who_left_takes_no_turn():
    game = run(THREE, ("concede", "Bo"), ("advance", {"turns": 1}))
    assert game.turn.active == "Cy"


def test_phasing_out_takes_attachments_of_attachments():
    given = {"battlefield": [
        {"id": "c", "types": ["creature"], "toughness": 1},
        {"id": "a", "types": ["aura"], "attached_to": "c"},
        {"id": "b", "types": ["aura"], "attached_to": "a"}]}
    game = run(given, ("phase_out", "c"))
    assert all(game.permanents[x].phased_out for x in "cab")
    assert game.permanents["a"].indirect and game.permanents["b"].indirect
    game = run(given, ("phase_out", "c"), ("phase_in", "c"), ("check_sba", {}))
    assert not any(game.permanents[x].phased_out for x in "cab")
    assert all(game.permanents[x].zone == "battlefield" for x in "cab")


def test_mana_burn_is_loss_of_life_at_phase_end_only():
    old = date(2008, 2, 1)
    game = run({"turn": {"step": "upkeep", "number": 2}}, ("add_mana", {"player": "Ana", "amount": 2}),
               ("advance", {"to": "draw"}), edition=old)
    assert (game.player("Ana").mana, game.player("Ana").life) == (2, 20)
    game = run({"turn": {"step": "upkeep", "number": 2}}, ("add_mana", {"player": "Ana", "amount": 2}),
               ("advance", {"to": "precombat_main"}), edition=old)
    assert (game.player("Ana").mana, game.player("Ana").life) == (0, 18)


def test_engine_errors_speak_the_interface_language(monkeypatch):
    """What the engine cannot do is told to the user: every word through the catalogs."""
    import pytest

    from pseudo_locale import pseudo_language, tr
    from tolaria import i18n
    from tolaria.engine import EngineError

    pseudo_language(monkeypatch, "es")
    i18n.set_language("es")
    with pytest.raises(EngineError) as caught:
        run({}, ("enter_battlefield", {"id": "x"}), ("enter_battlefield", {"id": "x"}))
    assert str(caught.value) == tr("a permanent '{id}' is already in the game", id="x")
    with pytest.raises(EngineError) as caught:
        run({"players": [{"name": "Ana", "library": 99999}, {"name": "Bo", "library": 99999}]},
            ("advance", {"turns": 6000}))
    assert str(caught.value) == tr(
        "the game never reached that turn (the engine gave up after {limit} steps)", limit=5000)
