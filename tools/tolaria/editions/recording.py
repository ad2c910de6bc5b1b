"""One more official file in rules/cr/editions.json (`tolaria import FILE --history`): the
edition put in its place among the stored ones, newer or older, and only the deltas beside
it made again (linking by content), so that `changes` shows it with no other step."""

from __future__ import annotations

import bisect
from pathlib import Path

from .archive import load_archive
from .building import deltas_of
from .records import from_document
from .store import dumps, editions_path, read


def recorded(rules_dir, doc) -> tuple[Path, str] | None:
    """(rules/cr/editions.json, its text with the official document doc in its place), or
    None when there are no stored editions or doc's edition is stored already. Nothing is
    written; DataErrors for stored editions that do not read."""
    path = editions_path(rules_dir)
    if not path.is_file():
        return None
    current, deltas = read(path)
    known = {current} | {delta["edition"] for _line, delta in deltas}
    if doc.effective.isoformat() in known:
        return None
    archive = load_archive(rules_dir)
    if archive is None:
        return None
    editions = list(archive.editions)
    stored = [delta for _line, delta in reversed(deltas)]  # stored[i]: editions[i] from i + 1
    at = bisect.bisect_left(archive.dates, doc.effective)
    edition = from_document(doc)
    editions.insert(at, edition)
    around = deltas_of(editions[max(at - 1, 0):at + 2])[::-1]  # oldest first
    kept = stored[:max(at - 1, 0)] + around + stored[at:]
    return path, dumps(editions[-1].effective, kept[::-1])
