"""State-based actions (704), the ones these rules need, checked and performed together."""

from __future__ import annotations

from . import editions, ending
from .events import move_to_graveyard, unattach
from .state import Game, Permanent


POISON_LIMIT = 10  # 104.3d, 704.5c
COMMANDER_DAMAGE_LIMIT = 21  # 104.3j, 903.10a


def life_lost(player) -> bool:
    """104.3b, 704.5a: 0 or less life."""
    return player.life <= 0


def commander_damage_lost(player) -> bool:
    """104.3j, 903.10a: 21 or more combat damage from the same commander."""
    return any(n >= COMMANDER_DAMAGE_LIMIT for n in player.commander_damage.values())


def toughness(game: Game, perm: Permanent) -> int | None:
    """Toughness with +1/+1 and -1/-1 counters and effects that apply to it."""
    if perm.toughness is None:
        return None
    value = perm.toughness + perm.counters.get("+1/+1", 0) - perm.counters.get("-1/-1", 0)
    for effect in game.effects:
        if not effect.ended and perm.id in effect.affects:
            value += effect.toughness
    return value


def _attachment_illegal(game: Game, perm: Permanent) -> bool:
    """Is perm attached to nothing, or to something it can't be attached to?"""
    target = perm.attached_to
    if target is None:
        return True
    if target in game.permanents:
        return not game.permanents[target].exists
    try:
        return not game.player(target).in_game
    except Exception:
        return True


def find(game: Game) -> list[tuple[str, object]]:
    """The state-based actions that would be performed now (704.3), none performed yet."""
    actions: list[tuple[str, object]] = []
    for player in game.in_game():
        if life_lost(player):
            actions.append(("lose", player.name))  # 704.5a, 104.3b
        elif player.drew_from_empty:
            actions.append(("lose", player.name))  # 704.5b, 104.3c
        elif player.poison >= POISON_LIMIT:
            actions.append(("lose", player.name))  # 704.5c, 104.3d
        elif commander_damage_lost(player):
            actions.append(("lose", player.name))  # 903.10a, 104.3j
    for perm in game.permanents.values():
        if perm.token and perm.zone in ("graveyard", "exile"):
            actions.append(("cease", perm.id))  # 704.5d
        elif perm.token and perm.zone == "battlefield" and perm.phased_out and \
                editions.phased_out_tokens_cease_to_exist(game.edition):
            actions.append(("cease", perm.id))  # 704.5d and 702.25k until 2017-08-25
    for obj in game.others.values():
        if obj.zone == "exile" and not obj.card:
            actions.append(("cease_object", obj.id))  # 717.1b
    for perm in game.existing():  # 702.25b: phased-out permanents are not seen
        t = toughness(game, perm)
        if perm.is_a("creature") and t is not None:
            if t <= 0:
                actions.append(("graveyard", perm.id))  # 704.5f
            elif perm.damage >= t:
                actions.append(("destroy", perm.id))  # 704.5g
        if perm.is_a("planeswalker") and perm.counters.get("loyalty", 0) <= 0:
            actions.append(("graveyard", perm.id))  # 704.5i
        if perm.is_a("aura") and _attachment_illegal(game, perm):
            actions.append(("graveyard", perm.id))  # 704.5m
        elif (perm.is_a("equipment") or perm.is_a("fortification")) and \
                perm.attached_to is not None and _attachment_illegal(game, perm):
            actions.append(("unattach", perm.id))  # 704.5n
    return actions


def perform(game: Game, actions: list[tuple[str, object]]) -> None:
    """704.3: all at once, as one event."""
    losers = [name for kind, name in actions if kind == "lose"]
    for player in game.in_game():
        player.drew_from_empty = False
    for kind, what in actions:
        if kind == "cease":
            game.permanents[what].zone = "gone"
        elif kind == "cease_object":
            game.others[what].zone = "gone"
        elif kind in ("graveyard", "destroy"):
            move_to_graveyard(game, game.permanents[what])
        elif kind == "unattach":
            unattach(game, game.permanents[what])
    if losers:
        ending.lose(game, losers)


def check(game: Game) -> bool:
    """704.3: perform state-based actions until there are none; True if any were."""
    performed = False
    for _round in range(1000):
        if game.over:
            return performed
        actions = find(game)
        if not actions:
            return performed
        perform(game, actions)
        performed = True
    return performed
