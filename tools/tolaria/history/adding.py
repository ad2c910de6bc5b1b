"""One official file added to rules/history/ as its newest edition (`tolaria import
--history`): the history written, and what changed in the covered rules."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import NamedTuple

from ..rulebook.loader import load_rulebook
from .changes import changes
from .lookup import History
from .reader import history_dir, read_history
from .rebuild import add_edition
from .render import changes_text
from .storage import write_history


class AddedEdition(NamedTuple):
    edition: date  # the file's effective date
    previous: date  # the newest edition before it
    changes: dict  # unit -> [Change], as history.changes.changes gives them
    warnings: list[str]  # what reading the file noted
    written: list[Path]  # the history files written

    def to_json(self) -> dict:
        return {"edition": self.edition.isoformat(), "previous": self.previous.isoformat(),
                "changes": {unit: [c.to_json() for c in items]
                            for unit, items in self.changes.items()}}

    def text(self) -> str:
        return changes_text(self.changes, self.previous, self.edition)


def add_official_file(rules_dir, file) -> AddedEdition:
    """Add an official CR text file to the history under rules_dir and write it.

    A broken rulebook is reported first (DataErrors), and then nothing is written."""
    load_rulebook(rules_dir)
    folder = history_dir(rules_dir)
    data = read_history(folder)
    before = data.editions[-1].effective
    data, doc = add_edition(data, Path(file))
    found = changes(History(data), before, doc.effective)
    written = list(write_history(data, folder))
    return AddedEdition(doc.effective, before, found, list(doc.warnings), written)
