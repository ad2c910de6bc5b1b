"""Numbers that more than one covered rule had (702.25k, 513.2): a small index kept in the
user's cache while rules/history/rules.yaml is unchanged, so that `show` and `search` can
tell when a number needs a word about its other rules without reading the whole history on
every start (start-up is their hot path)."""

from __future__ import annotations

import marshal
import os

from .records import RULES_FILE, TITLES_FILE
from .. import __version__
from ..cache import cache_dir, fingerprint, short, write_bytes_atomically
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
    cached = os.path.join(cache_dir(), "history", f"{short(key)}.marshal")
    try:
        with open(cached, "rb") as stream:
            made_for, numbers = marshal.loads(stream.read())
        if made_for == key:
            return frozenset(numbers)
    except (OSError, ValueError, EOFError, TypeError):
        pass
    from .lookup import load_history  # the whole history: only when the files changed

    try:
        numbers = sorted(load_history(root).reused())
    except DataErrors:  # kept empty while the files are unchanged: not read at every start
        numbers = []
    except OSError:
        return frozenset()
    write_bytes_atomically(cached, marshal.dumps((key, numbers)))
    return frozenset(numbers)
