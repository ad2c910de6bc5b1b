"""Telling rules apart by content: normalised wording, similarity, matching across editions.

Numbers inside cross-references ("see rule 717.1f") are masked before anything is
compared, and quotes and spacing are unified, so that a renumbering elsewhere in the CR
never looks like a change of wording, and a rule is followed by what it says, not by its
number.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from typing import NamedTuple, Sequence

from ..numbering import iter_reference_spans

SIMILAR = 0.5  # least similarity for two texts to be one rule reworded
_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-"})
_WORD = re.compile(r"\w+|[^\w\s]")


class Block(NamedTuple):
    """A unit as one edition prints it: its number, title, and rules (number, text, examples)."""

    number: str
    title: str
    rules: tuple[tuple[str, str, tuple[str, ...]], ...]


def normalize(text: str) -> str:
    """The wording of a text: cross-reference numbers masked, quotes and spacing unified."""
    parts, position = [], 0
    for start, end, _number in iter_reference_spans(text):
        parts.append(text[position:start])
        parts.append("#")
        position = end
    parts.append(text[position:])
    return " ".join("".join(parts).translate(_QUOTES).split())


def same_wording(a: str, b: str) -> bool:
    return normalize(a) == normalize(b)


def words(text: str) -> list[str]:
    return _WORD.findall(normalize(text).lower())


def similarity(a: str, b: str) -> float:
    """0 to 1: how much of two texts' wording is the same, word by word."""
    wa, wb = words(a), words(b)
    if not wa and not wb:
        return 1.0
    return difflib.SequenceMatcher(None, wa, wb, autojunk=False).ratio()


def overlap(a: str, b: str) -> float:
    """0 to 1: a cheap measure of shared words (for finding a section among many)."""
    ca, cb = Counter(words(a)), Counter(words(b))
    total = sum(ca.values()) + sum(cb.values())
    return 2 * sum((ca & cb).values()) / total if total else 1.0


def local(number: str, unit_number: str) -> str:
    """A rule's number relative to its unit: '716.1c' in unit 716 -> '.1c'."""
    return number[len(unit_number):] if number.startswith(unit_number) else number


def match_rules(old: Block, new: Block) -> list[int | None]:
    """For each rule of new, the index of the rule of old it continues, or None (added).

    Identical wording first (the same place in the unit preferred), then the most similar
    pairs, each rule matched at most once.
    """
    result: list[int | None] = [None] * len(new.rules)
    used: set[int] = set()
    old_norm = [normalize(t) for _, t, _ in old.rules]
    old_local = [local(n, old.number) for n, _, _ in old.rules]
    for j, (number, text, _examples) in enumerate(new.rules):
        here = local(number, new.number)
        norm = normalize(text)
        candidates = [i for i, t in enumerate(old_norm) if t == norm and i not in used]
        if candidates:
            best = min(candidates, key=lambda i: (old_local[i] != here, abs(i - j)))
            result[j] = best
            used.add(best)
    pairs = []
    for j, (number, text, _examples) in enumerate(new.rules):
        if result[j] is not None:
            continue
        here = local(number, new.number)
        for i, (_n, old_text, _e) in enumerate(old.rules):
            if i in used:
                continue
            score = similarity(old_text, text)
            if score >= SIMILAR:
                pairs.append((-(score + (0.05 if old_local[i] == here else 0)), j, i))
    for _score, j, i in sorted(pairs):
        if result[j] is None and i not in used:
            result[j] = i
            used.add(i)
    return result


def block_text(block: Block) -> str:
    return "\n".join(text for _, text, _ in block.rules)


def locate(previous: Block, candidates: Sequence[Block]) -> Block | None:
    """The block among candidates that continues previous: the same number and title, else
    the same title, else the one whose rules share the most words with previous's."""
    for block in candidates:
        if block.number == previous.number and block.title == previous.title:
            return block
    titled = [b for b in candidates if b.title == previous.title]
    if len(titled) == 1:
        return titled[0]
    text = block_text(previous)
    scored = [(overlap(text, block_text(b)), -i) for i, b in enumerate(candidates)]
    if not scored:
        return None
    score, index = max(scored)
    return candidates[-index] if score >= SIMILAR else None
