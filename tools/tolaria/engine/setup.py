"""A game from an example's `given`: the defaults of the format for what is not given."""

from __future__ import annotations

from datetime import date

from . import turn as turns
from .events import permanent_from
from .state import Effect, Game, Player, StackObject, Turn
from .vocabulary import parse_duration, parse_when

DEFAULT_PLAYERS = ({"name": "Ana"}, {"name": "Bo"})
PLAYER_KEYS = ("life", "poison", "library", "hand", "graveyard", "mana", "max_hand_size", "team")


def build_game(given: dict, edition: date) -> Game:
    players = []
    for spec in given.get("players") or DEFAULT_PLAYERS:
        player = Player(spec["name"], **{k: spec[k] for k in PLAYER_KEYS if k in spec})
        player.commander_damage = dict(spec.get("commander_damage", {}))
        players.append(player)
    spec = given.get("turn", {})
    active = spec.get("active", players[0].name)
    game = Game(players, edition, Turn(active, spec.get("number", 1)))
    turns.place(game, spec.get("step", "precombat_main"))
    names = [p.name for p in players]
    game.normal_next = (names.index(active) + 1) % len(players)
    for item in given.get("battlefield", ()):
        perm = permanent_from(item, active)
        game.permanents[perm.id] = perm
    for perm in game.permanents.values():  # what is attached to a phased-out permanent
        host = game.permanents.get(perm.attached_to or "")  # phased out with it (702.25g)
        if perm.phased_out and host is not None and host.phased_out:
            perm.indirect = True
    for item in given.get("stack", ()):
        game.stack.append(StackObject(item["id"], item.get("controller"),
                                      tuple(item.get("do", ())), card=item.get("card", True)))
    for item in given.get("pending_triggers", ()):
        game.pending.append(StackObject(item["id"], item.get("controller"),
                                        tuple(item.get("do", ())), card=False))
    for item in given.get("delayed_triggers", ()):
        game.delayed.append(StackObject(item["id"], item.get("controller", active),
                                        tuple(item.get("do", ())), card=False,
                                        when=parse_when(item["when"], delayed=True)))
    for item in given.get("effects", ()):
        affects = item.get("affects", ())
        affects = (affects,) if isinstance(affects, str) else tuple(affects)
        until = parse_duration(item["until"]) if "until" in item else None
        game.effects.append(Effect(item["id"], affects, until, item.get("for_as_long_as"),
                                   item.get("toughness", 0)))
    for name in given.get("extra_turns", ()):
        game.extra_turns.append(name)
    return game
