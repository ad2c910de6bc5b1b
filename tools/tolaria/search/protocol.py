"""SearchEngine: what search needs of a full-text engine (WhooshEngine today)."""

from __future__ import annotations

from abc import ABC, abstractmethod

from .hits import Hit
from .parsing import ParsedQuery


class SearchEngine(ABC):
    """What search needs of a full-text engine: another engine takes the same Documents
    (documents.py) and answers search()."""

    @abstractmethod
    def search(self, parsed: ParsedQuery, langs: list[str], limit: int = 10,
               correct: bool = True) -> list[Hit]:
        """The best hits for parsed in langs, best first; correct=False: no word is read
        as a typo."""
