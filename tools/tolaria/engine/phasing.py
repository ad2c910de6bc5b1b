"""Phasing (702.25): phasing out and in, directly and indirectly, with attachments."""

from __future__ import annotations

from .state import Game, Permanent


def attachments(game: Game, perm: Permanent) -> list[Permanent]:
    return [p for p in game.permanents.values()
            if p.zone == "battlefield" and p.attached_to == perm.id]


def phase_out(game: Game, perms: list[Permanent]) -> None:
    """702.25b, 702.25g, 702.25h: these phase out directly, at the same time; whatever is
    attached to them phases out indirectly with them (and only indirectly, even if it would
    also phase out directly)."""
    direct = [p for p in perms if p.exists]
    indirect: list[Permanent] = []
    frontier = list(direct)
    while frontier:  # 702.25g: attached to something that phases out, at any depth
        host = frontier.pop()
        for attached in attachments(game, host):
            if attached.exists and attached not in indirect:
                indirect.append(attached)
                frontier.append(attached)
    for perm in direct + indirect:
        perm.indirect = perm in indirect  # 702.25h
        perm.phased_out = True  # 702.25b
        perm.phased_out_under = perm.controller
        perm.attached_when_phased = perm.attached_to
        perm.attacking = False  # 702.25b: removed from combat (506.4)
        perm.defending = None
    # 611.2b, 702.25f: "for as long as" effects that track it can no longer see it.
    for effect in game.effects:
        if effect.for_as_long_as and not game.permanents[effect.for_as_long_as].exists:
            effect.ended = True
    # 702.25d: no zone change, so no enters/leaves abilities trigger; 702.25j: no
    # "becomes attached/unattached" abilities either. Tokens and counters stay.


def phase_in(game: Game, perms: list[Permanent]) -> None:
    """702.25c, 702.25g, 702.25i: these phase in directly, with what phased out indirectly
    along with them."""
    direct = [p for p in perms if p.zone == "battlefield" and p.phased_out]
    everything = list(direct)
    frontier = list(direct)
    while frontier:
        host = frontier.pop()
        for p in game.permanents.values():
            if p.zone == "battlefield" and p.phased_out and p.indirect \
                    and p.attached_to == host.id and p not in everything:
                everything.append(p)
                frontier.append(p)
    for perm in everything:
        if not perm.indirect and perm.attached_when_phased is not None:
            # 702.25i: back on what it was attached to, if that is still in the same zone
            # (or that player still in the game); otherwise unattached (SBAs then apply).
            target = perm.attached_when_phased
            if target in game.permanents:
                still = game.permanents[target].zone == "battlefield"
            else:
                still = any(p.name == target and p.in_game for p in game.players)
            perm.attached_to = target if still else None
        perm.phased_out = False
        perm.indirect = False
        owner_left = not game.player(perm.controller).in_game
        if owner_left:  # 800.4a: control effects for a player who left have ended
            perm.controller = perm.owner
        perm.phased_out_under = None
        perm.attached_when_phased = None


def untap_step(game: Game) -> None:
    """702.25a, 502.1: during the active player's untap step, simultaneously, their phased-in
    permanents with phasing phase out, and those that phased out under their control phase
    in. 702.25n: so do those that phased out under a player who has left the game, once that
    player's next turn would have begun."""
    active = game.turn.active
    left = game.turn_would_have_begun
    going_out = [p for p in game.existing() if p.phasing > 0 and p.controller == active]
    coming_in = [p for p in game.permanents.values()
                 if p.zone == "battlefield" and p.phased_out and not p.indirect
                 and (p.phased_out_under == active or p.phased_out_under in left)]
    game.turn_would_have_begun = set()
    phase_out(game, going_out)  # 702.25p: one phasing out, however many instances
    phase_in(game, coming_in)
