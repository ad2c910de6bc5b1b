"""The history of the covered rules through every official English edition: numbers that
move, wordings that change, and the titles of the whole CR; read from rules/history/.

    from tolaria.history import load_history
    h = load_history()              # raises errors.DataErrors
    h.resolve("702.26")             # [Match(current='702.25', number='702.26', editions=[…])]
    h.section_at("717", date(2019, 8, 23))   # [(number_then, text_then, examples_then), …]
"""

from __future__ import annotations

RULES_FILE, TITLES_FILE = "rules.yaml", "titles.yaml"  # the files under rules/history/
_LOOKUP = {"History", "Coverage", "Match", "RuleHistory", "history_of", "load_history",
           "wordings"}
__all__ = sorted(_LOOKUP) + ["RULES_FILE", "TITLES_FILE"]


def __getattr__(name: str):
    """The lookups (lookup.py) are read on first use: `show` and `search` check a number
    against the small cached index of reused.py without them (start-up is a hot path)."""
    if name in _LOOKUP:
        from . import lookup

        return getattr(lookup, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
