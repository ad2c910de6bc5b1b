"""The history of the covered rules through every official English edition: numbers that
move, wordings that change, and the titles of the whole CR; read from rules/history/.

    from tolaria.history import load_history
    h = load_history()              # raises errors.DataErrors
    h.resolve("702.26")             # [Match(current='702.25', number='702.26', editions=[…])]
    h.section_at("717", date(2019, 8, 23))   # [(number_then, text_then, examples_then), …]
"""

from __future__ import annotations

# The names below are imported from their modules on first use (PEP 562): a command that
# imports one module of the history (records, for its RULES_FILE) imports this package
# first, and the history's reading code would cost it about 3 ms (-X importtime).
_HOMES = {"Coverage": "lookup", "History": "lookup", "Match": "lookup",
          "RuleHistory": "lookup", "history_of": "lookup", "load_history": "lookup",
          "wordings": "lookup"}
__all__ = list(_HOMES) + ["RULES_FILE", "TITLES_FILE"]
RULES_FILE, TITLES_FILE = "rules.yaml", "titles.yaml"  # the files under rules/history/


def __getattr__(name: str):
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module  # lazy: saves 0.2 ms of every start (-X importtime)

    value = getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
    globals()[name] = value
    return value
