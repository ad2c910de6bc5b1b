"""Rules that differ between editions of the CR, each with the date it changed."""

from __future__ import annotations

from datetime import date

# The Magic 2010 rules change (effective 10 July 2009): mana burn is gone, and mana pools
# empty at the end of each step as well as each phase (500.4 of later editions).
MAGIC_2010 = date(2009, 7, 10)


# Phased-out tokens: until the edition of 25 August 2017, "Phased-out tokens cease to exist
# as a state-based action" (702.25k and 704.5d of 2016-07-22 … 2017-07-08); from then on,
# "Tokens continue to exist on the battlefield while phased out" (702.25d).
TOKENS_SURVIVE_PHASING = date(2017, 8, 25)


def phased_out_tokens_cease_to_exist(edition: date) -> bool:
    """704.5d / 702.25k (until 2017-08-25): a phased-out token ceases to exist."""
    return edition < TOKENS_SURVIVE_PHASING


def mana_burn(edition: date) -> bool:
    """300.3 (until Magic 2010): unused mana lost as a phase ends costs 1 life each."""
    return edition < MAGIC_2010


def pool_empties_after_steps(edition: date) -> bool:
    """500.4 (from Magic 2010): pools empty as each step and phase ends; before, as each
    phase ends (300.3)."""
    return edition >= MAGIC_2010
