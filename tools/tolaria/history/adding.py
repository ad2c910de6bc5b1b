"""One official file added to the rule history (`tolaria import FILE --history`).

A file newer than the current edition becomes the current edition: rules/history/ gains it,
and the whole CR in English (rules/cr/en.json) is replaced by it, so that the model, `show`,
search, the site, `status` and the audit follow with no other edit. Everything is read and
checked before anything is written, and the whole CR and the history files are replaced
all or none (files.atomic): a run stopped at any moment leaves the edition either not
yet added or added everywhere. An older file is added to the history in its place (the
history is built again from the official files) and changes nothing that is current. A file that is not an
official CR, one cut short, and an edition the history already has are refused.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import NamedTuple

from ..cr.store import store_path, stored_whole_cr, whole_cr_text
from ..errors import UserError
from ..cr.official import OfficialFileError
from ..i18n import _, format_date
from ..rulebook.reading import read_folder
from ..files.atomic import write_files
from .changes import changes
from .lookup import History
from .reader import history_dir, read_history
from .rebuild import add_edition, default_reference_dir, insert_older, read_whole
from .render import changes_text
from .storage import history_files


class AddedEdition(NamedTuple):
    edition: date  # the file's effective date
    previous: date  # the current edition before it
    changes: dict  # unit -> [Change], as history.changes.changes gives them
    warnings: list[str]  # what reading the file noted
    written: list[Path]  # the files written
    current: bool = True  # the file is the current edition now

    def to_json(self) -> dict:
        return {"edition": self.edition.isoformat(), "previous": self.previous.isoformat(),
                "current": self.current,
                "changes": {unit: [c.to_json() for c in items]
                            for unit, items in self.changes.items()}}

    def text(self) -> str:
        if not self.current:
            return _("Added the edition of {date} to the rule history; the current edition "
                     "is still that of {current}, and nothing current changed.").format(
                date=format_date(self.edition), current=format_date(self.previous))
        return changes_text(self.changes, self.previous, self.edition)


def add_official_file(rules_dir, file, record=None) -> AddedEdition:
    """Add an official CR text file to the rulebook under rules_dir, all or nothing.

    record: what else records an edition, passed in by the caller (the stored editions of
    the whole CR: editions.recording.recorded): (rules_dir, doc) -> (path, text) or None,
    made before anything is written and written first, so that a run stopped midway is
    finished by the next. A broken rulebook is reported first (DataErrors), and then nothing
    is written."""
    read_folder(rules_dir)
    folder = history_dir(rules_dir)
    data = read_history(folder)
    doc = read_whole(Path(file))
    current = data.editions[-1]
    known = next((e for e in data.editions if e.effective == doc.effective), None)
    if known is not None:
        raise UserError(_("{file}: the edition of {date} is already in the rule history "
                          "({known}): nothing to add").format(
            file=doc.file, date=format_date(doc.effective), known=known.file or "—"))
    whole = None
    newer = doc.effective > current.effective
    if newer:
        data = add_edition(data, doc)
        stored = stored_whole_cr(rules_dir)
        if stored is None or stored.edition < doc.effective:
            try:
                whole = whole_cr_text(doc)[0]
            except OfficialFileError as exc:
                raise UserError(str(exc)) from None
        found = changes(History(data), current.effective, doc.effective)
    else:
        data = insert_older(data, doc, default_reference_dir(), rules_dir)
        found = {}
    files = {store_path(rules_dir): whole} if whole is not None else {}
    extra = record(rules_dir, doc) if record is not None else None
    if extra is not None:  # the stored editions of the whole CR
        files[extra[0]] = extra[1]
    files.update(history_files(data, rules_dir))
    write_files(rules_dir, files)  # the whole CR, its editions and the history: all or none
    return AddedEdition(doc.effective, current.effective, found, list(doc.warnings),
                        list(files), newer)
