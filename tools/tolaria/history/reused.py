"""Numbers that more than one covered rule had (702.25k, 513.2): a small index kept in the
user's cache while rules/history/rules.yaml is unchanged, so that `show` and `search` can
tell when a number needs a word about its other rules without reading the whole history on
every start (start-up is their hot path)."""

from __future__ import annotations

import os

from .records import RULES_FILE, TITLES_FILE
from .. import __version__
from ..cache import fingerprint, kept
from ..errors import DataErrors
from ..rulebook.folders import default_rules_dir

SCHEMA = 1


def reused_numbers(rules_dir=None) -> frozenset[str]:
    """The numbers of History.reused() for the history of rules_dir (the project's rules/ by
    default); empty when there is no history or it cannot be read (the commands that read
    it in full report why)."""
    root = os.fspath(rules_dir) if rules_dir is not None else default_rules_dir()
    folder = os.path.realpath(os.path.join(root, "history"))
    path = os.path.join(folder, RULES_FILE)
    if not os.path.isfile(path):
        return frozenset()
    # both files: a history that cannot be read is kept as empty until either changes
    key = fingerprint([path, os.path.join(folder, TITLES_FILE)], __version__, str(SCHEMA))

    def make() -> list[str]:
        from .lookup import load_history  # the whole history: only when the files changed

        try:
            return sorted(load_history(root).reused())
        except DataErrors:  # kept empty while the files are unchanged: not read at every start
            return []

    try:
        return frozenset(kept("history", key, make))
    except OSError:  # the history cannot be read: nothing kept, said by the commands reading it
        return frozenset()
