"""The turn (500, 300): steps and phases in order, priority, skips, extra turns and phases."""

from __future__ import annotations

from . import editions, ending, phasing, sba, triggers
from .events import deal_damage, draw_cards, exile_stack
from .state import EngineError, Game, Turn
from .vocabulary import PHASES
from ..i18n import _

LIMIT = 5000  # steps one action may take before the engine gives up


def new_layout(game: Game, phases=tuple(PHASES)) -> list[tuple[int, str, str]]:
    """500.1: the phases of a turn and their steps, each phase a fresh instance."""
    layout = []
    for phase in phases:
        game.phase_counter += 1
        layout.extend((game.phase_counter, phase, step) for step in PHASES[phase])
    return layout


def place(game: Game, step: str) -> None:
    """Put the game at `step` of a fresh turn (its turn-based actions taken as done)."""
    game.turn.layout = new_layout(game)
    game.turn.pos = next(i for i, e in enumerate(game.turn.layout) if e[2] == step)


# --- beginning and ending steps and phases ----------------------------------------------
def _expire(game: Game, kind: str, name: str) -> None:
    for effect in game.effects:
        if effect.until == (kind, name):
            effect.ended = True


def begin_current(game: Game, phase_begins: bool) -> None:
    """The step at the game's position begins: 300.4 ("until" durations), its turn-based
    actions, then 300.5 / 603.2 abilities that trigger at its beginning."""
    turn = game.turn
    step, phase = turn.step, turn.phase
    game.steps_begun.append(step)
    if phase_begins:
        _expire(game, "begin", phase)
    _expire(game, "begin", step)
    active = next((p for p in game.players if p.name == turn.active and p.in_game), None)
    if step == "untap":
        phasing.untap_step(game)  # 502.1, 702.25a (502.2 untapping is not modelled)
    elif step == "draw" and active is not None:
        draw_cards(game, active, 1)  # 504.1
    elif step == "combat_damage":
        _combat_damage(game)  # 510.2
    elif step == "cleanup":
        if active is not None and active.hand > active.max_hand_size:  # 514.1
            active.graveyard += active.hand - active.max_hand_size
            active.hand = active.max_hand_size
        remove_damage(game)  # 514.2, simultaneously: damage goes, and
        _expire(game, "turn", "")  # "until end of turn" and "this turn" effects end
    triggers.at_beginning(game, step, phase_begins)
    _detect_loop(game)


def remove_damage(game: Game) -> None:
    """514.2: all damage marked on permanents is removed, phased-out ones included."""
    for perm in game.permanents.values():
        if perm.zone == "battlefield":
            perm.damage = 0


def _combat_damage(game: Game) -> None:
    """510.2 (unblocked attackers only): each attacking creature deals combat damage equal
    to its power to the player it attacks; 903.10a counts a commander's."""
    for perm in game.existing():
        if perm.attacking and perm.is_a("creature") and perm.power > 0:
            target = perm.defending or _next_opponent(game, perm.controller)
            if target is not None:
                deal_damage(game, target, perm.power, perm.id, combat=True)


def _next_opponent(game: Game, name: str) -> str | None:
    names = [p.name for p in game.players]
    start = names.index(name) if name in names else 0
    for offset in range(1, len(names)):
        candidate = game.players[(start + offset) % len(names)]
        if candidate.in_game and candidate.side != game.player(name).side:
            return candidate.name
    return None


def end_current_step(game: Game) -> None:
    """The current step ends: 500.4 (from Magic 2010) mana empties; 300.4 durations."""
    if editions.pool_empties_after_steps(game.edition):
        for player in game.players:
            player.mana = 0
    _expire(game, "end", game.turn.step)
    if game.turn.step == "end_of_combat":
        _remove_from_combat(game)  # 511.3


def end_phase(game: Game, phase: str) -> None:
    """A phase ends: 300.3 (before Magic 2010) unused mana is lost and burns; 500.4 mana
    empties; 300.4 durations; 511.3 combat is over."""
    for player in game.players:
        if player.mana and editions.mana_burn(game.edition) and player.in_game:
            player.life -= player.mana  # 300.3: mana burn is loss of life
        player.mana = 0
    _expire(game, "end", phase)
    if phase == "combat":
        _remove_from_combat(game)


def _remove_from_combat(game: Game) -> None:
    for perm in game.permanents.values():
        perm.attacking = False
        perm.defending = None


def _detect_loop(game: Game) -> None:
    """104.4b: in this engine every player always passes, so a turn that comes back to the
    very same state at the beginning of a step is a loop of mandatory actions: a draw."""
    key = repr((game.turn.number, game.turn.active, game.turn.layout[game.turn.pos:],
                game.players, game.permanents, game.stack, game.pending, game.delayed,
                [e for e in game.effects if not e.ended], game.extra_turns, game.skips))
    seen = game.__dict__.setdefault("_seen", set())
    if key in seen:
        ending.draw(game)
    seen.add(key)


# --- priority ----------------------------------------------------------------------------
def would_receive_priority(game: Game) -> bool:
    """117.5, 704.3: state-based actions, then waiting triggers go on the stack, repeated;
    then a player receives priority. False when the game is over."""
    while True:
        sba.check(game)
        if game.over:
            return False
        if not game.pending:
            break
        triggers.put_on_stack(game)
    if game.turn.step == "cleanup":
        game.priority_in_cleanup = True
    return True


def resolve_top(game: Game) -> None:
    """608: the top object resolves; a spell's card then goes to its owner's graveyard."""
    obj = game.stack.pop()
    game.resolving = obj
    try:
        game.run_actions(game, obj.do)  # the runner of actions.py, handed over by execute()
    finally:
        game.resolving = None
    if obj.zone == "stack":  # not exiled while resolving (717.1b)
        obj.zone = "graveyard" if obj.card else "gone"
        if obj.card and obj.controller:
            game.player(obj.controller).graveyard += 1
    game.others[obj.id] = obj


def priority_round(game: Game) -> None:
    """300.2, 117.4: players pass in succession; the top object resolves and the active
    player receives priority again, until all pass with the stack empty."""
    for _attempt in range(LIMIT):
        if not would_receive_priority(game):
            return
        if not game.stack:
            return
        resolve_top(game)
        if game.over or game.moved:
            return
    raise EngineError(_("the stack never empties (the engine gave up after {limit} "
                        "resolutions)").format(limit=LIMIT))


def finish_step(game: Game) -> None:
    """From the start of the current step (its turn-based actions done) to its end."""
    step = game.turn.step
    if step == "untap":
        return  # 502.3: no player receives priority
    if step == "cleanup":
        # 514.3: normally no priority; 514.3a: unless SBAs or waiting triggers
        if sba.find(game) or game.pending:
            priority_round(game)
            if game.over or game.moved:
                return
            another_cleanup(game)
        return
    priority_round(game)
    if game.over or game.moved:
        return
    if step == "declare_attackers" and not any(
            p.attacking for p in game.existing()):  # 508.8
        inst = game.turn.layout[game.turn.pos][0]
        game.turn.skip_in_combat |= {f"{inst}:declare_blockers", f"{inst}:combat_damage"}


def another_cleanup(game: Game) -> None:
    """514.3a: once the stack is empty and all pass, another cleanup step begins."""
    entry = game.turn.layout[game.turn.pos]
    game.turn.layout.insert(game.turn.pos + 1, entry)


# --- moving on ---------------------------------------------------------------------------
def _consume_skip(game: Game, player: str, kind: str, name: str) -> bool:
    """614.10: a skip waits for the player's next occurrence."""
    for skip in game.skips:
        if skip == (player, kind, name):
            game.skips.remove(skip)
            return True
    return False


def start_next_turn(game: Game) -> None:
    """500.7: extra turns first, the most recently created first; then the next player in
    turn order. 800.4j: a player who has left begins no turn; 614.10: skipped turns."""
    number = game.turn.number
    for _attempt in range(4 * len(game.players) + 4 * len(game.extra_turns) + 8):
        if game.extra_turns:
            name = game.extra_turns.pop(0)
        else:
            name = game.players[game.normal_next].name
            game.normal_next = (game.normal_next + 1) % len(game.players)
        if not game.player(name).in_game:
            game.turn_would_have_begun.add(name)  # 702.25n
            continue
        if _consume_skip(game, name, "turn", ""):
            continue
        break
    else:
        raise EngineError(_("no player can take a turn"))
    game.turn = Turn(name, number + 1, new_layout(game), -1)
    game.turns_begun += 1


def go_next(game: Game, phase_ended: bool = False) -> None:
    """Move to the next step that is not skipped and begin it (ending the phase when the
    step belongs to another phase)."""
    turn = game.turn
    old = turn.layout[turn.pos] if 0 <= turn.pos < len(turn.layout) else None
    skipped_phases: set[int] = set()
    for _attempt in range(LIMIT):
        turn = game.turn
        turn.pos += 1
        if turn.pos >= len(turn.layout):
            if old is not None and not phase_ended:
                end_phase(game, old[1])
            old, phase_ended = None, True
            start_next_turn(game)
            continue
        inst, phase, step = turn.layout[turn.pos]
        first_of_phase = turn.pos == 0 or turn.layout[turn.pos - 1][0] != inst
        if first_of_phase and _consume_skip(game, turn.active, "phase", phase):
            skipped_phases.add(inst)  # 300.9, 614.10
        if inst in skipped_phases or f"{inst}:{step}" in turn.skip_in_combat:
            continue
        if step == "draw" and turn.number == 1 and len(game.players) == 2:
            continue  # 103.7a: the starting player skips their first draw step
        if _consume_skip(game, turn.active, "step", step):
            continue  # 300.9, 614.10 (702.25m: a skipped untap step has no phasing)
        phase_begins = old is None or old[0] != inst
        if phase_begins and old is not None and not phase_ended:
            end_phase(game, old[1])
        begin_current(game, phase_begins)
        return
    raise EngineError(_("the turn never moves on (the engine gave up after {limit} steps)"
                        ).format(limit=LIMIT))


def advance_one(game: Game) -> None:
    """Finish the current step, end it, and begin the next one."""
    game.moved = False
    finish_step(game)
    if game.over or game.moved:
        return
    end_current_step(game)
    go_next(game)


def advance_to(game: Game, target: str) -> None:
    """The game proceeds until `target` (a step or main phase) next begins."""
    for _attempt in range(LIMIT):
        advance_one(game)
        if game.over or game.turn.step == target:
            return
    raise EngineError(_("the game never reached {step} (the engine gave up after {limit} steps)"
                        ).format(step=target, limit=LIMIT))


def advance_turns(game: Game, count: int) -> None:
    goal = game.turns_begun + count
    for _attempt in range(LIMIT):
        if game.over or game.turns_begun >= goal:
            return
        advance_one(game)
    raise EngineError(_("the game never reached that turn (the engine gave up after {limit} "
                        "steps)").format(limit=LIMIT))


# --- effects that change the turn (717) --------------------------------------------------
def end_the_turn(game: Game) -> None:
    """717.1: an effect ends the turn."""
    game.pending.clear()  # 717.1a: waiting abilities cease to exist
    exile_stack(game)  # 717.1b
    sba.check(game)  # 717.1c: no priority, no triggers put on the stack
    if game.over:
        return
    turn = game.turn
    inst, phase, _step = turn.layout[turn.pos]
    end_current_step(game)  # 717.1d: the current step and/or phase ends
    if phase == "ending":
        cleanup = (inst, "ending", "cleanup")
    else:
        end_phase(game, phase)
        game.phase_counter += 1
        cleanup = (game.phase_counter, "ending", "cleanup")
    # 717.1d, 717.1e: straight to the cleanup step, skipping everything between
    del turn.layout[turn.pos + 1:]
    turn.layout.append(cleanup)
    turn.pos += 1
    begin_current(game, phase != "ending")
    game.moved = True


def end_combat_phase(game: Game) -> None:
    """717.2: an effect ends the combat phase (717.2g: outside combat, nothing happens)."""
    turn = game.turn
    inst, phase, _step = turn.layout[turn.pos]
    if phase != "combat":
        return
    game.pending.clear()  # 717.2a
    exile_stack(game)  # 717.2b
    sba.check(game)  # 717.2c
    if game.over:
        return
    end_current_step(game)
    end_phase(game, "combat")  # 717.2d: removed from combat; "until end of combat" ends
    # 717.2d, 717.2e: skip the rest of the combat phase (no "at end of combat" triggers)
    turn.layout[turn.pos + 1:] = [e for e in turn.layout[turn.pos + 1:] if e[0] != inst]
    go_next(game, phase_ended=True)
    game.moved = True


def add_phase(game: Game, phase: str, after: str) -> None:
    """300.7, 500.8: an additional phase directly after the named phase (the current one,
    or its next occurrence this turn); the most recently created comes first."""
    turn = game.turn
    layout = turn.layout
    candidates = [i for i in range(turn.pos, len(layout)) if layout[i][1] == after]
    if not candidates:
        return
    inst = layout[candidates[0]][0]
    last = max(i for i in range(len(layout)) if layout[i][0] == inst)
    layout[last + 1:last + 1] = new_layout(game, (phase,))


def add_step(game: Game, step: str, after: str) -> None:
    """300.8, 500.10: an additional step directly after the named step; the most recently
    created comes first."""
    turn = game.turn
    layout = turn.layout
    candidates = [i for i in range(turn.pos, len(layout)) if layout[i][2] == after]
    if not candidates:
        return
    at = candidates[0]
    layout.insert(at + 1, (layout[at][0], layout[at][1], step))
