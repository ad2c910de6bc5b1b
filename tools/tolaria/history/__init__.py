"""The history of the covered rules through every official English edition: numbers that
move, wordings that change, and the titles of the whole CR; read from rules/history/.

    from tolaria.history import load_history
    h = load_history()              # raises errors.DataErrors
    h.resolve("702.26")             # [Match(current='702.25', number='702.26', editions=[…])]
    h.section_at("717", date(2019, 8, 23))   # [(number_then, text_then, examples_then), …]
"""

from __future__ import annotations

from .lookup import (Coverage, History, Match, RuleHistory, history_of, load_history,
                     wordings)
from .records import RULES_FILE, TITLES_FILE

__all__ = ["Coverage", "History", "Match", "RuleHistory", "history_of", "load_history",
           "wordings", "RULES_FILE", "TITLES_FILE"]
