"""The game's state: players, permanents, the stack, triggers, effects and the turn."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any, NamedTuple

from ..i18n import _


class Action(NamedTuple):
    """One action of a `do` list: its name, its argument (as written) and its line."""

    name: str
    args: Any
    line: int = 0


class EngineError(Exception):
    """An example asks the engine for something it cannot do (reported at the action's line)."""

    def __init__(self, message: str, line: int = 0):
        self.line = line
        super().__init__(message)


@dataclass
class Player:
    name: str
    life: int = 20
    poison: int = 0
    library: int = 40
    hand: int = 7
    graveyard: int = 0
    mana: int = 0
    max_hand_size: int = 7
    team: str | None = None
    lost: bool = False
    won: bool = False
    drawn: bool = False  # the game was a draw for this player
    left: bool = False  # 104.5: a player who loses (or draws) leaves the game
    drew_from_empty: bool = False  # 104.3c, 704.5b: since the last check of SBAs
    commander_damage: dict[str, int] = field(default_factory=dict)  # 903.10a: source -> n

    @property
    def in_game(self) -> bool:
        return not self.left

    @property
    def side(self) -> str:
        """The team this player plays for (a player without a team is a team of one)."""
        return self.team if self.team is not None else "\0" + self.name


@dataclass
class Trigger:
    """A triggered ability printed on a permanent."""

    id: str
    when: tuple[str, str]  # vocabulary.parse_when
    do: tuple[Action, ...]


@dataclass
class Permanent:
    id: str
    controller: str
    owner: str
    name: str = ""
    types: frozenset[str] = frozenset()
    toughness: int | None = None
    power: int = 0  # an addition: combat damage dealt in the combat damage step
    damage: int = 0
    phasing: int = 0  # instances of the phasing ability (702.25p: redundant)
    phased_out: bool = False
    indirect: bool = False  # 702.25g: phased out indirectly, with what it is attached to
    phased_out_under: str | None = None  # 702.25a, 702.25n: controller when it phased out
    attached_when_phased: str | None = None  # 702.25i
    token: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    attached_to: str | None = None
    attacking: bool = False
    defending: str | None = None  # an addition: the player it attacks
    commander: bool = False
    triggers: list[Trigger] = field(default_factory=list)
    zone: str = "battlefield"

    def is_a(self, kind: str) -> bool:
        return kind in self.types

    @property
    def exists(self) -> bool:
        """702.25b: on the battlefield and phased in (a phased-out one is treated as though
        it does not exist)."""
        return self.zone == "battlefield" and not self.phased_out


@dataclass
class StackObject:
    """A spell or an ability on the stack, a pending trigger, or a delayed trigger."""

    id: str
    controller: str | None
    do: tuple[Action, ...]
    card: bool = True  # a spell represented by a card (717.1b); abilities are not
    when: tuple[str, str] | None = None  # delayed triggers only
    zone: str = "stack"


@dataclass
class Effect:
    """A continuous effect with a duration (611.2)."""

    id: str
    affects: tuple[str, ...] = ()
    until: tuple[str, str] | None = None  # vocabulary.parse_duration
    for_as_long_as: str | None = None  # 611.2b: ends when that permanent leaves or phases out
    toughness: int = 0  # an addition: +N/-N toughness while it applies
    ended: bool = False


@dataclass
class Turn:
    active: str
    number: int = 1
    # The rest of this turn: (phase instance, phase name, step name); layout[pos] is now.
    layout: list[tuple[int, str, str]] = field(default_factory=list)
    pos: int = 0
    skip_in_combat: set[str] = field(default_factory=set)  # 508.8

    @property
    def step(self) -> str:
        return self.layout[self.pos][2]

    @property
    def phase(self) -> str:
        return self.layout[self.pos][1]


@dataclass
class Game:
    players: list[Player]
    edition: date
    turn: Turn
    permanents: dict[str, Permanent] = field(default_factory=dict)
    stack: list[StackObject] = field(default_factory=list)
    pending: list[StackObject] = field(default_factory=list)
    delayed: list[StackObject] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    others: dict[str, StackObject] = field(default_factory=dict)  # objects off the stack
    extra_turns: list[str] = field(default_factory=list)  # 500.7: the next one first
    normal_next: int = 0  # index of the player whose normal turn comes next
    skips: list[tuple[str, str, str]] = field(default_factory=list)  # (player, kind, name)
    turn_would_have_begun: set[str] = field(default_factory=set)  # 702.25n
    over: bool = False
    draw: bool = False
    restarted: bool = False
    resolving: StackObject | None = None
    phase_counter: int = 0
    moved: bool = False  # an effect moved the game to another step (717)
    # What happened during `do`, for the expectations.
    steps_begun: list[str] = field(default_factory=list)
    triggered: list[str] = field(default_factory=list)
    priority_in_cleanup: bool = False
    turns_begun: int = 0
    # actions.run_actions, handed over by engine.execute (the turn code resolves the stack)
    run_actions: object = None

    def player(self, name: str) -> Player:
        for player in self.players:
            if player.name == name:
                return player
        raise EngineError(_("no player named '{name}'").format(name=name))

    def in_game(self) -> list[Player]:
        return [p for p in self.players if p.in_game]

    def existing(self) -> list[Permanent]:
        """The permanents the game sees: on the battlefield and phased in (702.25b)."""
        return [p for p in self.permanents.values() if p.exists]

    def object(self, oid: str):
        if oid in self.permanents:
            return self.permanents[oid]
        for obj in self.stack:
            if obj.id == oid:
                return obj
        return self.others.get(oid)
