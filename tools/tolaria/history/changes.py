"""What changed between two editions: word-level diffs, and the added, removed, moved and
reworded rules of the covered units."""

from __future__ import annotations

import difflib
from datetime import date
from typing import NamedTuple

from .matching import same_wording
from ..numbering import find_references
from .records import number_key, state_at

ADDED, REMOVED, MOVED, REWORDED, RENUMBERED, TYPOGRAPHY, EXAMPLES = (
    "added", "removed", "moved", "reworded", "references", "typography", "examples")


def text_change(old: str, new: str) -> str | None:
    """How a rule's text changed from old to new: None (it did not), RENUMBERED (only the
    numbers of its cross-references), TYPOGRAPHY (only quotes, dashes or spacing), or
    REWORDED.

    >>> text_change("See rule 715.2.", "See rule 716.2.")
    'references'
    >>> text_change("This doesn't trigger.", "This doesn’t trigger.")
    'typography'
    """
    if old == new:
        return None
    if not same_wording(old, new):
        return REWORDED
    return RENUMBERED if find_references(old) != find_references(new) else TYPOGRAPHY


def word_diff(old: str, new: str) -> list[tuple[str, str]]:
    """(op, text) pieces, op one of 'equal', 'delete', 'insert', word by word."""
    a, b = old.split(), new.split()
    out: list[tuple[str, str]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            out.append(("equal", " ".join(a[i1:i2])))
            continue
        if tag in ("delete", "replace"):
            out.append(("delete", " ".join(a[i1:i2])))
        if tag in ("insert", "replace"):
            out.append(("insert", " ".join(b[j1:j2])))
    return out


def render_diff(pieces: list[tuple[str, str]]) -> str:
    """A diff for a terminal: [-deleted words-]{+inserted words+}."""
    marks = {"equal": "{}", "delete": "[-{}-]", "insert": "{{+{}+}}"}
    return " ".join(marks[op].format(text) for op, text in pieces)


class Change(NamedTuple):
    """One covered rule that differs between two editions."""

    kinds: tuple[str, ...]  # added, removed, moved, reworded, references, typography, examples
    current: str  # the rule's key (its number in the project)
    before: str | None  # its number in the older edition
    after: str | None  # its number in the newer edition
    diff: list[tuple[str, str]]  # word diff of the text (reworded or references)

    def to_json(self) -> dict:
        return {"kinds": list(self.kinds), "rule": self.current, "before": self.before,
                "after": self.after, "diff": [{"op": op, "text": t} for op, t in self.diff]}


def changes(history, before: date, after: date) -> dict[str, list[Change]]:
    """unit -> the changes of its rules (and of the unit itself) from before to after."""
    out: dict[str, list[Change]] = {}
    for unit in history.data.units:
        found = []
        for tracked in (unit.head, *unit.rules):
            old, new = state_at(tracked, before), state_at(tracked, after)
            if old is None and new is None:
                continue
            kinds: list[str] = []
            diff: list[tuple[str, str]] = []
            if old is None:
                kinds.append(ADDED)
            elif new is None:
                kinds.append(REMOVED)
            else:
                if old[0] != new[0]:
                    kinds.append(MOVED)
                if old[1] != new[1]:
                    kinds.append(text_change(old[1], new[1]))
                    diff = word_diff(old[1], new[1])
                if old[2] != new[2]:
                    kinds.append(EXAMPLES)
            if kinds:
                found.append(Change(tuple(kinds), tracked.key, old and old[0], new and new[0],
                                    diff))
        if found:
            out[unit.key] = sorted(found, key=lambda c: number_key(c.current))
    return out
