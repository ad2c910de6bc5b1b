"""Triggered abilities (603): triggering, waiting, delayed triggers, going on the stack."""

from __future__ import annotations

from .state import Game, Permanent, StackObject
from .vocabulary import PHASES


def trigger(game: Game, tid: str, controller: str | None, do) -> None:
    """603.2: an ability triggers; it waits until a player would next receive priority."""
    game.pending.append(StackObject(tid, controller, tuple(do), card=False))
    game.triggered.append(tid)


def fire_event(game: Game, perm: Permanent, event: str) -> None:
    """The permanent's own abilities that trigger on event (603.6, 603.10: leaves-the-
    battlefield abilities look back, so a permanent that just left still triggers)."""
    for t in perm.triggers:
        if t.when == ("event", event):
            trigger(game, t.id, perm.controller, t.do)


def at_beginning(game: Game, step: str, phase_begins: bool) -> None:
    """300.5, 503.1 etc.: abilities that trigger at the beginning of this step (and of its
    phase, when the phase begins with it). Only permanents the game sees now (702.25b;
    513.2: what enters later in the step does not trigger until the next one)."""
    names = {step}
    if phase_begins:
        names.add(game.turn.phase)
        if game.turn.phase == "combat":
            names.add("combat")
    active = game.turn.active
    for perm in game.existing():
        for t in perm.triggers:
            kind, name = t.when
            if name in names and (kind == "each" or (kind == "yours"
                                                      and perm.controller == active)):
                trigger(game, t.id, perm.controller, t.do)
            elif t.when == ("event", "end_of_combat") and step == "end_of_combat":
                trigger(game, t.id, perm.controller, t.do)  # 511.2: "at end of combat"
    # Delayed triggers "at the beginning of the next …" trigger once (603.7c).
    for delayed in list(game.delayed):
        if delayed.when[1] in names:
            game.delayed.remove(delayed)
            trigger(game, delayed.id, delayed.controller, delayed.do)


def put_on_stack(game: Game) -> None:
    """603.3b: the active player puts theirs on the stack first, then each other player in
    turn order (APNAP), each in the order they triggered."""
    in_game = {p.name for p in game.in_game()}
    order = [p.name for p in game.players]
    if game.turn.active in order:
        start = order.index(game.turn.active)
        order = order[start:] + order[:start]
    waiting, game.pending = game.pending, []
    for name in order:
        for ability in waiting:
            if ability.controller == name and name in in_game:  # 800.4d
                game.stack.append(ability)
    for ability in waiting:  # abilities no player controls (none in practice) go last
        if ability.controller not in order:
            game.stack.append(ability)


def is_phase(name: str) -> bool:
    return name in PHASES
