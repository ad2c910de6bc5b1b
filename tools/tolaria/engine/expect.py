"""Expectations: what an example says the game looks like after its actions."""

from __future__ import annotations

from typing import Any, NamedTuple

from .state import Game


class Mismatch(NamedTuple):
    what: str  # e.g. "player Ana: life"
    expected: Any
    actual: Any


def _player_values(game: Game, name: str) -> dict[str, Any]:
    p = game.player(name)
    return {"life": p.life, "poison": p.poison, "hand": p.hand, "library": p.library,
            "graveyard": p.graveyard, "mana": p.mana, "lost": p.lost, "won": p.won,
            "in_game": p.in_game, "drawn": p.drawn,
            "commander_damage": dict(p.commander_damage)}


def _object_values(game: Game, oid: str) -> dict[str, Any]:
    perm = game.permanents.get(oid)
    if perm is None:
        obj = game.object(oid)
        zone = obj.zone if obj is not None else "gone"
        return {"zone": zone}
    return {"zone": perm.zone, "phased_out": perm.phased_out, "damage": perm.damage,
            "counters": {k: v for k, v in perm.counters.items() if v},
            "attached_to": perm.attached_to, "attacking": perm.attacking,
            "controller": perm.controller,
            "affected_by": sorted(e.id for e in game.effects
                                  if not e.ended and oid in e.affects and perm.exists)}


def _turn_order(game: Game, count: int) -> list[str]:
    """The active players of the next `count` turns, as scheduled now (500.7, 800.4j)."""
    extra = list(game.extra_turns)
    skips = [s for s in game.skips if s[1] == "turn"]
    out, normal = [], game.normal_next
    guard = 0
    while len(out) < count and guard < 100 * (count + 1):
        guard += 1
        if extra:
            name = extra.pop(0)
        else:
            name = game.players[normal].name
            normal = (normal + 1) % len(game.players)
        if not game.player(name).in_game:
            continue
        if (name, "turn", "") in skips:
            skips.remove((name, "turn", ""))
            continue
        out.append(name)
    return out


def check(game: Game, name: str, args: Any) -> Mismatch | None:
    """The first difference between the expectation and the game, or None."""
    if name == "player":
        actual = _player_values(game, args["name"])
        return _compare(f"player {args['name']}", args, actual, skip=("name",))
    if name == "permanent":
        actual = _object_values(game, args["id"])
        if "counters" in args:
            args = dict(args, counters={k: v for k, v in args["counters"].items() if v})
        if "affected_by" in args:
            args = dict(args, affected_by=sorted(args["affected_by"]))
        return _compare(f"permanent {args['id']}", args, actual, skip=("id",))
    if name == "game":
        winners = [p.name for p in game.players if p.won]
        teams = {p.team for p in game.players if p.won}
        actual = {"over": game.over, "draw": game.draw, "restarted": game.restarted,
                  "winners": winners}
        expected = dict(args)
        if "winner" in expected:
            want = expected.pop("winner")
            ok = (winners == [want]) or (len(teams) == 1 and want in teams and winners)
            if not ok:
                return Mismatch("game: winner", want, winners[0] if len(winners) == 1
                                else (winners or None))
        if "winners" in expected:
            expected["winners"] = sorted(expected["winners"])
            actual["winners"] = sorted(winners)
        return _compare("game", expected, actual)
    if name == "stack":
        return _same("stack", list(args), [o.id for o in game.stack])
    if name == "exiled":
        exiled = [oid for oid in args if (game.object(oid) is not None
                                           and game.object(oid).zone == "exile")]
        return _same("exiled", list(args), exiled)
    if name == "step":
        return _same("step", args, game.turn.step)
    if name == "steps":
        return _same("steps", list(args), list(game.steps_begun))
    if name == "turn":
        actual = {"active": game.turn.active, "number": game.turn.number}
        return _compare("turn", args, actual)
    if name == "turn_order":
        return _same("turn_order", list(args), _turn_order(game, len(args)))
    if name == "effects":
        for eid, applies in args.items():
            effect = next((e for e in game.effects if e.id == eid), None)
            actual = effect is not None and not effect.ended
            if actual != applies:
                return Mismatch(f"effects: {eid}", applies, actual)
        return None
    if name == "triggered":
        missing = [t for t in args if t not in game.triggered]
        if missing:
            return Mismatch("triggered", list(args), sorted(set(game.triggered)))
        return None
    if name == "not_triggered":
        present = [t for t in args if t in game.triggered]
        if present:
            return Mismatch("not_triggered", list(args),
                            "triggered: " + ", ".join(present))
        return None
    if name == "priority_in_cleanup":
        return _same("priority_in_cleanup", args, game.priority_in_cleanup)
    raise KeyError(name)


def _same(what: str, expected: Any, actual: Any) -> Mismatch | None:
    return None if expected == actual else Mismatch(what, expected, actual)


def _compare(what: str, expected: dict, actual: dict, skip=()) -> Mismatch | None:
    for key, value in expected.items():
        if key in skip:
            continue
        if actual.get(key) != value:
            return Mismatch(f"{what}: {key}", value, actual.get(key))
    return None
