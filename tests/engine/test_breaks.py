"""Proof that the examples can fail: break the engine in small ways, and each break must
make at least one of the project's own executable examples fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tolaria.examples.checker import FAILED, run_example
from tolaria.engine import actions, editions, phasing, sba, state, turn
from tolaria.examples.reader import load_examples
from tolaria.today.loader import load_rulebook

REPO = Path(__file__).resolve().parents[2]
BOOK = load_rulebook(REPO / "rules")
EXAMPLES = [e for e in load_examples(BOOK) if e.not_executable is None]


def counts_phased_out(mp):
    """702.25b ignored: phased-out permanents exist like any other."""
    mp.setattr(state.Permanent, "exists", property(lambda self: self.zone == "battlefield"))


def extra_turns_fifo(mp):
    """500.7 reversed: extra turns first-in, first-out."""
    mp.setitem(actions.ACTIONS, "extra_turn",
               lambda game, args, line: game.extra_turns.append(args["player"]))


def keeps_damage_through_cleanup(mp):
    """514.2 forgotten: damage stays marked."""
    mp.setattr(turn, "remove_damage", lambda game: None)


def zero_life_stays(mp):
    """704.5a off by one: a player at 0 life stays in the game."""
    mp.setattr(sba, "life_lost", lambda player: player.life < 0)


def no_mana_burn_in_2008(mp):
    """300.3 forgotten: no mana burn before Magic 2010."""
    mp.setattr(editions, "mana_burn", lambda edition: False)


def magic_2010_forgotten(mp):
    """The Magic 2010 change forgotten: mana burns, and pools empty only as phases end, in
    every edition. (Mana burn alone is unobservable from Magic 2010 on: the pool has
    already emptied when the step that ends a phase ends.)"""
    mp.setattr(editions, "mana_burn", lambda edition: True)
    mp.setattr(editions, "pool_empties_after_steps", lambda edition: False)


def pool_empties_only_at_phase_end(mp):
    """500.4 (Magic 2010) forgotten: the pool survives the end of a step."""
    mp.setattr(editions, "pool_empties_after_steps", lambda edition: False)


def nine_poison_loses(mp):
    """704.5c off by one: nine poison counters lose."""
    mp.setattr(sba, "POISON_LIMIT", 9)


def commander_damage_summed(mp):
    """903.10a misread: combat damage from all commanders adds up."""
    mp.setattr(sba, "commander_damage_lost",
               lambda player: sum(player.commander_damage.values()) >= 21)


def cleanup_never_repeats(mp):
    """514.3a forgotten: no further cleanup step after priority in cleanup."""
    mp.setattr(turn, "another_cleanup", lambda game: None)


def no_indirect_phasing(mp):
    """702.25g forgotten: attachments don't phase out with their permanent."""
    mp.setattr(phasing, "attachments", lambda game, perm: [])


def triggers_put_on_stack_at_once(mp):
    """603.3 / 717.1f misread: abilities go on the stack the moment they trigger."""
    original = actions.triggers.trigger

    def eager(game, tid, controller, do):
        original(game, tid, controller, do)
        game.stack.extend(game.pending)
        game.pending.clear()
    mp.setattr(actions.triggers, "trigger", eager)


def ending_turn_keeps_waiting_triggers(mp):
    """717.1a forgotten: waiting abilities survive the end of the turn."""
    original = turn.end_the_turn

    def keep(game):
        waiting = list(game.pending)
        original(game)
        game.pending[:0] = waiting
    mp.setattr(turn, "end_the_turn", keep)


def simultaneous_losses_not_a_draw(mp):
    """104.4a forgotten: players losing together just lose, in turn order."""
    original = sba.ending.lose

    def one_by_one(game, names):
        for name in names:
            original(game, [name])
    mp.setattr(sba.ending, "lose", one_by_one)


def phasing_toggles_per_instance(mp):
    """702.25p forgotten: each instance of phasing phases the permanent once."""
    original = phasing.untap_step

    def toggle(game):
        original(game)
        for perm in game.permanents.values():
            if perm.phasing > 1 and perm.phased_out:
                perm.phased_out = False
    mp.setattr(phasing, "untap_step", toggle)


def phased_out_tokens_always_survive(mp):
    """The 2017 change read back into every edition: phased-out tokens never cease to exist."""
    mp.setattr(editions, "phased_out_tokens_cease_to_exist", lambda edition: False)


def phased_out_tokens_never_survive(mp):
    """The 2017 change forgotten: phased-out tokens cease to exist in every edition."""
    mp.setattr(editions, "phased_out_tokens_cease_to_exist", lambda edition: True)


BREAKS = [counts_phased_out, extra_turns_fifo, keeps_damage_through_cleanup, zero_life_stays,
          no_mana_burn_in_2008, magic_2010_forgotten, pool_empties_only_at_phase_end,
          nine_poison_loses, commander_damage_summed, cleanup_never_repeats,
          no_indirect_phasing, triggers_put_on_stack_at_once,
          ending_turn_keeps_waiting_triggers, simultaneous_losses_not_a_draw,
          phasing_toggles_per_instance, phased_out_tokens_always_survive,
          phased_out_tokens_never_survive]


def failing_examples() -> list[str]:
    return [e.id for e in EXAMPLES if run_example(e, BOOK).status == FAILED]


def test_the_unbroken_engine_passes_every_example():
    assert failing_examples() == []


@pytest.mark.parametrize("break_engine", BREAKS, ids=[b.__name__ for b in BREAKS])
def test_each_break_is_caught_by_an_example(break_engine, monkeypatch):
    break_engine(monkeypatch)
    caught = failing_examples()
    assert caught, f"no example notices: {break_engine.__doc__}"
    print(f"{break_engine.__name__}: {', '.join(caught)}")
