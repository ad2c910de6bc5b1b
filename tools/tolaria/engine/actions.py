"""The actions of a `do` list, each by the rules it follows, one straight after the other."""

from __future__ import annotations

from . import ending, phasing, sba, turn, triggers
from .events import deal_damage, draw_cards, move_to_graveyard, permanent_from, unattach
from .state import EngineError, Effect, Game, StackObject
from .vocabulary import parse_duration, parse_when
from ..i18n import _


# --- the actions -------------------------------------------------------------------------
def _advance(game, args, line):
    if "to" in args:
        turn.advance_to(game, args["to"])
    else:
        turn.advance_turns(game, args["turns"])


def _draw(game, args, line):
    draw_cards(game, game.player(args["player"]), args.get("count", 1))


def _draw_for_each(game, args, line):
    counting = args["counting"]
    count = sum(1 for p in game.existing()  # 702.25b: phased-out permanents don't count
                if p.is_a(counting["type"])
                and counting.get("controller") in (None, p.controller))
    draw_cards(game, game.player(args["player"]), count)


def _destroy_all(game, args, line):
    doomed = [p for p in game.existing() if p.is_a(args["type"])]  # 702.25b
    for perm in doomed:
        move_to_graveyard(game, perm)


def _destroy(game, oid, line):
    perm = game.permanents[oid]
    if perm.exists:  # 702.25b
        move_to_graveyard(game, perm)


def _exile(game, oid, line):
    perm = game.permanents[oid]
    if perm.exists:
        perm.zone = "exile"
        triggers.fire_event(game, perm, "leaves_battlefield")


def _damage(game, args, line):
    deal_damage(game, args["to"], args["amount"], args.get("source"), args.get("combat", False))


def _lose_life(game, args, line):
    player = game.player(args["player"])
    if player.in_game:
        player.life -= args["amount"]  # 119.3


def _gain_life(game, args, line):
    player = game.player(args["player"])
    if player.in_game:
        player.life += args["amount"]


def _poison(game, args, line):
    game.player(args["player"]).poison += args["amount"]  # 122.1f


def _add_mana(game, args, line):
    game.player(args["player"]).mana += args["amount"]


def _add_counters(game, args, line):
    perm = game.permanents[args["id"]]
    if perm.exists:
        perm.counters[args["kind"]] = perm.counters.get(args["kind"], 0) + args["amount"]


def _concede(game, name, line):
    player = game.player(name)
    if player.in_game and not game.over:
        player.lost = True  # 104.3a: leaves immediately and loses
        ending.leave(game, player)
        ending.settle(game)


def _win_game(game, name, line):
    ending.win(game, [name])


def _lose_game(game, name, line):
    ending.lose(game, [name])  # 104.3e


def _draw_game(game, args, line):
    ending.draw(game)


def _restart_game(game, args, line):
    """104.1, 104.6, 718: the game ends at once and the players still in it begin anew."""
    if not game.over:
        game.over = game.restarted = True


def _simultaneously(game, actions, line):
    """104.3f: a player who would both win and lose at once loses; 104.4a: if every player
    left loses at once, the game is a draw."""
    winners, losers, draw = [], [], False
    for action in actions:
        if action.name == "win_game":
            winners.append(action.args)
        elif action.name in ("lose_game", "concede"):
            losers.append(action.args)
        elif action.name == "draw_game":
            draw = True
    if draw:
        ending.draw(game)
        return
    losers_set = set(losers)
    if losers:
        ending.lose(game, sorted(losers_set, key=[p.name for p in game.players].index))
    winners = [w for w in winners if w not in losers_set]
    if winners:
        ending.win(game, winners)


def _extra_turn(game, args, line):
    game.extra_turns.insert(0, args["player"])  # 300.6, 500.7: the most recent first


def _add_phase(game, args, line):
    turn.add_phase(game, args["phase"], args["after"])


def _add_step(game, args, line):
    turn.add_step(game, args["step"], args["after"])


def _skip(game, args, line):
    for kind in ("step", "phase"):
        if kind in args:
            game.skips.append((args["player"], kind, args[kind]))
    if args.get("turn"):
        game.skips.append((args["player"], "turn", ""))


def _end_the_turn(game, args, line):
    turn.end_the_turn(game)


def _end_combat_phase(game, args, line):
    turn.end_combat_phase(game)


def _put_on_stack(game, args, line):
    game.stack.append(StackObject(args["id"], args.get("controller"), tuple(args.get("do", ())),
                                  card=args.get("card", True)))


def _trigger(game, args, line):
    triggers.trigger(game, args["id"], args.get("controller"), args.get("do", ()))


def _enter_battlefield(game, spec, line):
    perm = permanent_from(spec, game.turn.active)
    if perm.id in game.permanents:
        raise EngineError(_("a permanent '{id}' is already in the game").format(id=perm.id),
                          line)
    game.permanents[perm.id] = perm
    triggers.fire_event(game, perm, "enters_battlefield")


def _create_delayed_trigger(game, args, line):
    game.delayed.append(StackObject(args["id"], args.get("controller", game.turn.active),
                                    tuple(args.get("do", ())), card=False,
                                    when=parse_when(args["when"], delayed=True)))


def _create_effect(game, args, line):
    """611.2a, 702.25e: an effect from a resolving spell or ability; the set of objects it
    affects is fixed now, and leaves out phased-out permanents unless it names them as
    phased out."""
    affects = args.get("affects", ())
    affects = (affects,) if isinstance(affects, str) else tuple(affects)
    if not args.get("refers_to_phased_out", False):
        affects = tuple(a for a in affects if a not in game.permanents
                        or game.permanents[a].exists)
    until = parse_duration(args["until"]) if "until" in args else None
    game.effects.append(Effect(args["id"], affects, until, args.get("for_as_long_as"),
                               args.get("toughness", 0)))


def _phase_out(game, oid, line):
    phasing.phase_out(game, [game.permanents[oid]])


def _phase_in(game, oid, line):
    perm = game.permanents[oid]
    if perm.phased_out and not perm.indirect:
        phasing.phase_in(game, [perm])


def _attach(game, args, line):
    perm = game.permanents[args["id"]]
    target = args["to"]
    if not perm.exists or (target in game.permanents and not game.permanents[target].exists):
        return  # 702.25b
    if perm.attached_to == target:
        return
    unattach(game, perm)
    perm.attached_to = target
    triggers.fire_event(game, perm, "becomes_attached")


def _check_sba(game, args, line):
    sba.check(game)


ACTIONS = {
    "advance": _advance, "check_sba": _check_sba, "draw": _draw,
    "draw_for_each": _draw_for_each, "destroy_all": _destroy_all, "destroy": _destroy,
    "exile": _exile, "damage": _damage, "lose_life": _lose_life, "gain_life": _gain_life,
    "poison": _poison, "add_mana": _add_mana, "add_counters": _add_counters,
    "concede": _concede, "win_game": _win_game, "lose_game": _lose_game,
    "draw_game": _draw_game, "restart_game": _restart_game,
    "simultaneously": _simultaneously, "extra_turn": _extra_turn, "add_phase": _add_phase,
    "add_step": _add_step, "skip": _skip, "end_the_turn": _end_the_turn,
    "end_combat_phase": _end_combat_phase, "put_on_stack": _put_on_stack,
    "trigger": _trigger, "enter_battlefield": _enter_battlefield,
    "create_delayed_trigger": _create_delayed_trigger, "create_effect": _create_effect,
    "phase_out": _phase_out, "phase_in": _phase_in, "attach": _attach,
}


def run_actions(game: Game, actions) -> None:
    """Each action in order, with no priority between two (the format's contract)."""
    for action in actions:
        if game.over and action.name != "check_sba":
            return
        try:
            ACTIONS[action.name](game, action.args, action.line)
        except EngineError as exc:
            if not exc.line:
                exc.line = action.line
            raise
