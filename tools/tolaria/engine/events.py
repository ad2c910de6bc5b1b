"""The game's primitive events, which actions, state-based actions and the turn code all
cause: drawing, dealing damage, a permanent going to the graveyard, becoming unattached,
the stack exiled; and a permanent made from an example's description."""

from __future__ import annotations

from . import triggers
from .state import Game, Permanent, Trigger
from .vocabulary import parse_when


def draw_cards(game: Game, player, count: int) -> None:
    """121.2: one card at a time; 104.3c: from an empty library, the player will lose."""
    for _attempt in range(count):
        if player.library > 0:
            player.library -= 1
            player.hand += 1
        else:
            player.drew_from_empty = True


def deal_damage(game: Game, to: str, amount: int, source: str | None = None,
                combat: bool = False) -> None:
    """120.3: damage to a player is life lost, to a creature marked damage, to a
    planeswalker loyalty removed. 702.25b: a phased-out permanent neither deals nor is
    dealt damage."""
    if amount <= 0:
        return
    if source is not None and source in game.permanents and \
            game.permanents[source].zone == "battlefield" and \
            not game.permanents[source].exists:
        return
    if to in game.permanents:
        perm = game.permanents[to]
        if not perm.exists:
            return
        if perm.is_a("planeswalker"):
            perm.counters["loyalty"] = perm.counters.get("loyalty", 0) - amount  # 120.3c
        if perm.is_a("creature"):
            perm.damage += amount  # 120.3e
        return
    player = game.player(to)
    if not player.in_game:
        return  # 800.4e
    player.life -= amount  # 120.3a
    src = game.permanents.get(source) if source else None
    if combat and src is not None and src.commander:  # 903.10a
        player.commander_damage[src.id] = player.commander_damage.get(src.id, 0) + amount


def move_to_graveyard(game: Game, perm: Permanent) -> None:
    """A permanent goes to its owner's graveyard (a creature "dies", 700.4)."""
    attached = [p for p in game.permanents.values()
                if p.attached_to == perm.id and p.zone == "battlefield"]
    perm.zone = "graveyard"
    perm.damage, perm.attacking, perm.attached_to = 0, False, None
    if not perm.token:
        game.player(perm.owner).graveyard += 1
    if perm.is_a("creature"):
        triggers.fire_event(game, perm, "dies")
    triggers.fire_event(game, perm, "leaves_battlefield")
    for item in attached:  # they stay attached to nothing: SBAs (704.5m, 704.5n) follow
        if not item.exists:
            continue
        if item.is_a("aura"):
            continue  # 704.5m puts it into the graveyard
        unattach(game, item)


def unattach(game: Game, perm: Permanent) -> None:
    if perm.attached_to is not None:
        perm.attached_to = None
        triggers.fire_event(game, perm, "becomes_unattached")


def exile_stack(game: Game) -> None:
    """717.1b, 717.2b: every object on the stack is exiled, the resolving one too."""
    objects = list(game.stack) + ([game.resolving] if game.resolving else [])
    game.stack.clear()
    for obj in objects:
        obj.zone = "exile"
        game.others[obj.id] = obj


def permanent_from(spec: dict, default_controller: str) -> Permanent:
    controller = spec.get("controller", default_controller)
    phasing_value = spec.get("phasing", False)
    perm = Permanent(
        id=spec["id"], controller=controller, owner=spec.get("owner", controller),
        name=spec.get("name", spec["id"]), types=frozenset(spec.get("types", ())),
        toughness=spec.get("toughness"), power=spec.get("power", 0),
        damage=spec.get("damage", 0),
        phasing=int(phasing_value) if not isinstance(phasing_value, bool) else int(phasing_value),
        phased_out=spec.get("phased_out", False), token=spec.get("token", False),
        counters=dict(spec.get("counters", {})), attached_to=spec.get("attached_to"),
        attacking=spec.get("attacking", False), defending=spec.get("defending"),
        commander=spec.get("commander", False),
        triggers=[Trigger(t["id"], parse_when(t["when"]), tuple(t.get("do", ())))
                  for t in spec.get("triggers", ())])
    if perm.phased_out:
        perm.phased_out_under = spec.get("phased_out_under", controller)
        perm.attached_when_phased = perm.attached_to
    if perm.is_a("planeswalker") and "loyalty" not in perm.counters:
        perm.counters["loyalty"] = spec.get("loyalty", 0)
    return perm
