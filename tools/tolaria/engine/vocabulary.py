"""The words of the worked-example format: steps, phases, triggers, durations, types, zones.

The format's contract is docs/worked-examples.md; the loader validates examples against
these names and the engine interprets them. Additions to the contract are marked below.
"""

from __future__ import annotations

# 500.1: the phases of a turn, in order, with their steps (the main phases have none: the
# main phase's name stands for its step). Rule 300.1 (pre-2009) names the same five phases.
PHASES = {
    "beginning": ("untap", "upkeep", "draw"),
    "precombat_main": ("precombat_main",),
    "combat": ("beginning_of_combat", "declare_attackers", "declare_blockers",
               "combat_damage", "end_of_combat"),
    "postcombat_main": ("postcombat_main",),
    "ending": ("end", "cleanup"),
}
STEPS = tuple(step for steps in PHASES.values() for step in steps)
PHASE_OF = {step: phase for phase, steps in PHASES.items() for step in steps}

PERMANENT_TYPES = ("creature", "artifact", "enchantment", "land", "planeswalker", "aura",
                   "equipment", "fortification")
ATTACHMENT_TYPES = ("aura", "equipment", "fortification")
ZONES = ("battlefield", "graveyard", "exile", "gone", "stack")  # "stack": an addition

# Durations of continuous effects. The contract's: end_of_turn, this_turn, end_of_combat.
# Additions: end_of_<step or phase> (expires as it ends) and until_<step or phase> (expires
# as it begins), rule 300.4.
BASE_DURATIONS = ("end_of_turn", "this_turn", "end_of_combat")


def parse_duration(text: str) -> tuple[str, str] | None:
    """('end', name) / ('begin', name) / ('turn', '') for a duration, or None."""
    if text in ("end_of_turn", "this_turn"):
        return ("turn", "")
    if text == "end_of_combat":
        return ("end", "combat")  # 300.4, 511.3: the end of the combat phase
    for prefix, kind in (("end_of_", "end"), ("until_", "begin")):
        if text.startswith(prefix):
            name = _strip_step(text[len(prefix):])
            if name in STEPS or name in PHASES:
                return (kind, name)
    return None


def _strip_step(name: str) -> str:
    """'end_step' and 'cleanup_step' are accepted for 'end' and 'cleanup'."""
    if name.endswith("_step") and name[:-5] in STEPS:
        return name[:-5]
    return name


EVENT_TRIGGERS = ("end_of_combat", "dies", "enters_battlefield", "leaves_battlefield",
                  "becomes_attached", "becomes_unattached")


def parse_when(text: str, delayed: bool = False) -> tuple[str, str] | None:
    """A trigger condition as (kind, name): ('each', step), ('yours', step), ('next', step)
    or ('event', name); None when it is not one.

    beginning_of_<step or phase> triggers in every turn, beginning_of_your_<…> in its
    controller's turns; delayed triggers use beginning_of_next_<step or phase> (the contract
    names beginning_of_next_end_step and beginning_of_next_cleanup_step; the other steps are
    an addition). 'beginning_of_end_step' is accepted for 'beginning_of_end'.
    """
    if text in EVENT_TRIGGERS:
        return ("event", text)
    if not text.startswith("beginning_of_"):
        return None
    rest = text[len("beginning_of_"):]
    kind = "each"
    for prefix, name in (("your_", "yours"), ("next_", "next")):
        if rest.startswith(prefix):
            kind, rest = name, rest[len(prefix):]
            break
    rest = _strip_step(rest)
    if rest not in STEPS and rest not in PHASES:
        return None
    if (kind == "next") != delayed:
        return None
    return (kind, rest)
