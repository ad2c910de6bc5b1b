"""The worked-example format as schemas: each key of state, action and expectation, its kind.

A schema maps a key to (kind, required). Kinds are read by examples_loader: int, nat (0 or
more), bool, text, player / id / target (references, checked against the example), newid /
permid / newplayer (definitions), step, phase, type, zone, when, delayed_when, duration,
lists (ids, players, steps, types), id_or_ids, counters, effect_map, actions, a nested
schema, or ("list", schema). A trailing "?" allows null. Actions and expectations whose
schema is a kind rather than a mapping take that value directly (`concede: Bo`).
The contract is docs/worked-examples.md; additions are documented there.
"""

from __future__ import annotations

# --- the vocabulary as schemas: key -> (kind, required) ------------------------------------
R, O = True, False
TRIGGER = {"id": ("newid", R), "when": ("when", R), "do": ("actions", O)}
PERMANENT = {
    "id": ("permid", R), "name": ("text", O), "controller": ("player", O),
    "owner": ("player", O), "types": ("types", O), "toughness": ("int", O),
    "power": ("int", O), "damage": ("nat", O), "phasing": ("phasing", O),
    "phased_out": ("bool", O), "phased_out_under": ("player", O), "token": ("bool", O),
    "counters": ("counters", O), "attached_to": ("target?", O), "attacking": ("bool", O),
    "defending": ("player", O), "commander": ("bool", O), "loyalty": ("nat", O),
    "triggers": (("list", TRIGGER), O)}
ABILITY = {"id": ("newid", R), "controller": ("player", O), "do": ("actions", O),
           "card": ("bool", O)}
DELAYED = {"id": ("newid", R), "when": ("delayed_when", R), "do": ("actions", O),
           "controller": ("player", O)}
EFFECT = {"id": ("newid", R), "affects": ("id_or_ids", O), "until": ("duration", O),
          "for_as_long_as": ("id", O), "toughness": ("int", O),
          "refers_to_phased_out": ("bool", O)}
PLAYER = {"name": ("newplayer", R), "life": ("int", O), "poison": ("nat", O),
          "library": ("nat", O), "hand": ("nat", O), "graveyard": ("nat", O),
          "mana": ("nat", O), "max_hand_size": ("nat", O), "team": ("text?", O),
          "commander_damage": ("counters", O)}
GIVEN = {
    "turn": ({"active": ("player", O), "step": ("step", O), "number": ("nat", O)}, O),
    "players": (("list", PLAYER), O), "battlefield": (("list", PERMANENT), O),
    "stack": (("list", ABILITY), O), "pending_triggers": (("list", ABILITY), O),
    "delayed_triggers": (("list", DELAYED), O), "effects": (("list", EFFECT), O),
    "extra_turns": ("players", O)}
AMOUNT = {"player": ("player", R), "amount": ("nat", R)}
EMPTY: dict = {}
ACTIONS = {
    "advance": {"to": ("step", O), "turns": ("nat", O)},
    "check_sba": EMPTY,
    "draw": {"player": ("player", R), "count": ("nat", O)},
    "draw_for_each": {"player": ("player", R), "counting": (
        {"type": ("type", R), "controller": ("player", O)}, R)},
    "destroy_all": {"type": ("type", R)},
    "destroy": "id", "exile": "id",
    "damage": {"to": ("target", R), "amount": ("nat", R), "source": ("id", O),
               "combat": ("bool", O)},
    "lose_life": AMOUNT, "gain_life": AMOUNT, "poison": AMOUNT, "add_mana": AMOUNT,
    "add_counters": {"id": ("id", R), "kind": ("text", R), "amount": ("int", R)},
    "concede": "player", "win_game": "player", "lose_game": "player",
    "draw_game": EMPTY, "restart_game": EMPTY,
    "simultaneously": "actions",
    "extra_turn": {"player": ("player", R)},
    "add_phase": {"phase": ("phase", R), "after": ("phase", R)},
    "add_step": {"step": ("step", R), "after": ("step", R)},
    "skip": {"player": ("player", R), "step": ("step", O), "phase": ("phase", O),
             "turn": ("bool", O)},
    "end_the_turn": EMPTY, "end_combat_phase": EMPTY,
    "put_on_stack": ABILITY, "trigger": ABILITY,
    "enter_battlefield": PERMANENT,
    "create_delayed_trigger": DELAYED, "create_effect": EFFECT,
    "phase_out": "id", "phase_in": "id",
    "attach": {"id": ("id", R), "to": ("target", R)},
}
EXPECTATIONS = {
    "player": {"name": ("player", R), "life": ("int", O), "poison": ("nat", O),
               "hand": ("nat", O), "library": ("nat", O), "graveyard": ("nat", O),
               "mana": ("nat", O), "lost": ("bool", O), "won": ("bool", O),
               "in_game": ("bool", O), "drawn": ("bool", O),
               "commander_damage": ("counters", O)},
    "game": {"over": ("bool", O), "winner": ("text", O), "winners": ("players", O),
             "draw": ("bool", O), "restarted": ("bool", O)},
    "permanent": {"id": ("id", R), "zone": ("zone", O), "phased_out": ("bool", O),
                  "damage": ("nat", O), "counters": ("counters", O),
                  "attached_to": ("target?", O), "attacking": ("bool", O),
                  "controller": ("player", O), "affected_by": ("ids", O)},
    "stack": "ids", "exiled": "ids", "step": "step", "steps": "steps",
    "turn": {"active": ("player", O), "number": ("nat", O)},
    "turn_order": "players", "effects": "effect_map", "triggered": "ids",
    "not_triggered": "ids", "priority_in_cleanup": "bool",
}
GAME_ENDING = ("win_game", "lose_game", "draw_game", "concede")
TOP = {"id", "rules", "title"}
TOP_OPTIONAL = {"edition", "cr_example", "explain", "given", "do", "expect", "not_executable"}
