"""`tolaria import FILE --history`: add one official file to rules/history/ as its newest
edition, with what changed in the covered rules."""

from __future__ import annotations

from pathlib import Path

from ..formats.official import CRDocument
from . import History
from .changes import changes
from .reader import history_dir, read_history
from .rebuild import add_edition
from .storage import write_history


def import_into_history(rules_dir, path: Path) -> tuple[CRDocument, object, dict, list]:
    """Add the file at path to the history of rules_dir and write it. Returns the document,
    the previous newest edition's date, the changes per unit and the files written."""
    from ..rulebook.loader import load_rulebook

    load_rulebook(rules_dir)  # a broken rulebook is reported first, and nothing written
    folder = history_dir(rules_dir)
    data = read_history(folder)
    before = data.editions[-1].effective
    data, doc = add_edition(data, Path(path))
    found = changes(History(data), before, doc.effective)
    return doc, before, found, write_history(data, folder)


def changes_json(doc: CRDocument, before, found: dict) -> dict:
    """What `import --history --json` prints: the edition added, the one before, changes."""
    return {"edition": doc.effective.isoformat(), "previous": before.isoformat(),
            "changes": {unit: [c.to_json() for c in items] for unit, items in found.items()}}
