"""Winning, losing, drawing and leaving the game (104, 800.4a), for two or more players."""

from __future__ import annotations

from .state import Game, Player
from .triggers import fire_event


def lose(game: Game, names: list[str] | set[str]) -> None:
    """These players lose the game at the same time (104.3, 104.4a, 104.5)."""
    players = [game.player(n) for n in names if game.player(n).in_game]
    if not players or game.over:
        return
    remaining = game.in_game()
    remaining_sides = {p.side for p in remaining}
    losing_sides = {p.side for p in players
                    if all(q in players for q in remaining if q.side == p.side)}
    if losing_sides == remaining_sides:
        # 104.4a: all the players remaining lose simultaneously: the game is a draw. They
        # did lose (the rule's own word), and the game's result is a draw for each of them.
        # 104.4d: likewise when all remaining teams lose simultaneously.
        for player in remaining:
            player.lost = player.drawn = True
            player.left = True
        game.over = game.draw = True
        return
    for player in players:
        player.lost = True  # 104.3
        leave(game, player)  # 104.5
    settle(game)


def win(game: Game, names: list[str] | set[str]) -> None:
    """104.2b: an effect says these players win; the game ends (104.1). On a team, every
    player of the team wins (104.2c)."""
    players = [game.player(n) for n in names if game.player(n).in_game]
    if not players or game.over:
        return
    sides = {p.side for p in players}
    for player in game.players:
        if player.side in sides:
            player.won = True
    game.over = True


def draw(game: Game) -> None:
    """104.4c: an effect says the game is a draw (for every player still in it)."""
    if game.over:
        return
    for player in game.in_game():
        player.drawn = True
    game.over = game.draw = True


def leave(game: Game, player: Player) -> None:
    """800.4a: a player leaves the game; what they own leaves with them."""
    player.left = True
    for perm in list(game.permanents.values()):
        if perm.zone != "battlefield":
            continue
        if perm.owner == player.name:
            # 702.25k: phased-out permanents owned by the player leave too, and no
            # zone-change ability triggers for them.
            was_there = perm.exists
            perm.zone = "gone"
            if was_there:
                fire_event(game, perm, "leaves_battlefield")
    for obj in list(game.stack):
        if obj.controller == player.name:  # 800.4a: their spells and abilities go
            game.stack.remove(obj)
            obj.zone = "gone"
            game.others[obj.id] = obj
    for perm in game.permanents.values():
        if perm.controller == player.name and perm.zone == "battlefield":
            if perm.phased_out:
                continue  # 702.25n: treated as though it does not exist; it phases in later
            perm.zone = "exile"  # 800.4a: what they still control is exiled
    # 800.4d: abilities that would be controlled by a player who left aren't put on the stack.
    game.pending[:] = [t for t in game.pending if t.controller != player.name]


def settle(game: Game) -> None:
    """104.2a, 104.2c, 104.3g: when one player or team is left, it wins."""
    if game.over:
        return
    remaining = game.in_game()
    sides = {p.side for p in remaining}
    if len(sides) == 1:
        side = sides.pop()
        for player in game.players:
            if player.side == side:
                player.won = True  # 104.2c: even one who had already lost
        game.over = True
    elif not sides:
        game.over = game.draw = True
