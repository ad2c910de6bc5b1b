"""The stored editions of the whole CR as the site shows them, computed once per build and
shared by the three languages' sites: what each edition changed since the one before
(editions.changes), where each edition's rules are today (editions.archive.today_keys), and
the history of every rule of the current edition (editions.following.every_history)."""

from __future__ import annotations

from typing import NamedTuple

from ..editions.archive import Archive, load_archive, today_keys
from ..editions.changes import changes
from ..editions.following import every_history
from ..editions.store import editions_path


class Editions(NamedTuple):
    """archive: every edition; changes[i]: editions.changes' data from edition i - 1 to i
    (None for the oldest); today[i]: edition i's key -> today's key; histories: today's
    number -> its RuleHistory, for the rules that had another number or wording."""

    archive: Archive
    changes: list[dict | None]
    today: list[dict[str, str]]
    histories: dict

    def rule(self, number: str):
        """The history of today's rule of that number, or None (site.extras.rule_history
        reads it as it reads the covered rules' history)."""
        return self.histories.get(number)


_built: dict[tuple, Editions] = {}


def site_editions(book, whole, history=None) -> Editions | None:
    """The editions of book's folder (None without rules/cr/editions.json or a whole CR);
    history: the covered rules' (for the translations each change makes stale)."""
    path = editions_path(book.root)
    if whole is None or not path.is_file():
        return None
    stat = path.stat()
    key = (str(path), stat.st_mtime_ns, stat.st_size, whole.edition, whole.source)
    if key not in _built:
        archive = load_archive(book.root, whole)
        if archive is None:
            return None
        found = [None] + [changes(archive, i - 1, i, None, history, book)
                          for i in range(1, len(archive.editions))]
        _built.clear()
        _built[key] = Editions(archive, found, today_keys(archive), every_history(archive))
    return _built[key]
