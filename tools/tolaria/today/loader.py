"""The one loader: the RuleBook of rules/, checked, with today's view of its rules, from a
snapshot in the user's cache while the files are unchanged, else read from its YAML
(rulebook.reading), completed from the rule history (history.current) and kept as a snapshot.

A fresh process that finds the snapshot reads no YAML: the reading code, with pathlib, the
YAML node layer and the checks, is imported only when the files changed (it costs `show`'s
start about 4 ms, python -X importtime).
"""

from __future__ import annotations

import os

from .. import __version__
from ..cache import cache_dir, fingerprint, prune, short, write_bytes_atomically
from ..errors import DataErrors
from ..history import RULES_FILE, TITLES_FILE
from ..model import RuleBook
from ..rulebook import snapshot
from ..rulebook.folders import open_folder, rulebook_files

HISTORY_FILES = (RULES_FILE, TITLES_FILE)  # under rules/history/: part of the snapshot's key


def load_rulebook(root=None, use_cache: bool = True) -> RuleBook:
    """Load and check the rulebook under root (rules/ by default). Raises DataErrors.

    A rulebook that passed every check is kept as a snapshot in the user's cache, and read
    from there while its files are unchanged (start-up is the CLI's hot path).
    """
    root = open_folder(root)
    if not use_cache:
        return with_today(_read(root))
    history = [os.path.join(root, "history", name) for name in HISTORY_FILES]
    key = fingerprint(rulebook_files(root) + history, __version__, str(snapshot.SCHEMA),
                      os.path.realpath(root), os.getcwd())
    path = os.path.join(cache_dir(), "rulebooks", f"{short(key)}.marshal")
    try:
        with open(path, "rb") as stream:
            return snapshot.loads(stream.read(), key)
    except (OSError, ValueError, EOFError, TypeError, KeyError):
        pass
    book = with_today(_read(root))
    if write_bytes_atomically(path, snapshot.dumps(book, key)):
        prune(os.path.dirname(path), "", path)  # the snapshot in use and the one before
    return book


def with_today(book: RuleBook) -> RuleBook:
    """book with today's view of its rules, from its rule history (rules/history/): the
    current edition's number and text of every covered rule, and each translation's lag.
    A rulebook without a readable history is returned as it is (`validate` says why)."""
    # lazy: saves 8 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from ..history.current import today_view  # the history: only when the snapshot is stale
    from ..history.lookup import load_history

    try:
        history = load_history(book.root, missing_ok=True)
    except (DataErrors, OSError, ValueError):
        return book
    return today_view(history, book) if history is not None else book


def _read(root: str) -> RuleBook:
    # lazy: saves 35 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from ..rulebook.reading import read_rulebook  # the YAML: only when the files changed

    return read_rulebook(root)
