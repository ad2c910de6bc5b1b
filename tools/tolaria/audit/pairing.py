"""Which English rule each translated rule renders: alignment by content, not by number.

A translation that lost a subrule, or follows an older English edition, has its letters
shifted: its 702.25e says what the English 702.25f says. Rule texts cannot be compared word
for word across languages, so each pair is scored on what survives translation: the rules
it cites, the numbers it states, its examples and sentences, its length. A monotone
alignment (Needleman–Wunsch) then pairs the two lists, preferring equal numbers.
"""

from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache
from typing import NamedTuple
import difflib

from ..model import Rule
from . import features

# How much longer a translation runs than the English, per language (measured on the
# project's own translations).
LENGTH_FACTOR = {"es": 1.15, "it": 1.15, "en": 1.0}
GAP = -2.0
SAME_NUMBER = 1.5


class Pair(NamedTuple):
    ours: Rule | None  # the translation's rule
    english: Rule | None

    @property
    def shifted(self) -> bool:
        return (self.ours is not None and self.english is not None
                and self.ours.number != self.english.number)


def _shape(rule: Rule, lang: str) -> tuple:
    texts = [rule.text] + [e.text for e in rule.examples]
    whole = " ".join(texts)
    return (Counter(rule.cites), features.numbers(whole, lang), len(rule.examples),
            len(features.sentences(rule.text)), len(whole))


def similarity(ours: Rule, english: Rule, lang: str, cache: dict | None = None) -> float:
    """How well a translated rule's shape fits an English rule's (higher is better)."""
    a = _cached(ours, lang, cache)
    b = _cached(english, "en", cache)
    score = 0.0
    cites_a, cites_b = a[0], b[0]
    if cites_a or cites_b:
        common = sum((cites_a & cites_b).values())
        differ = sum((cites_a - cites_b).values()) + sum((cites_b - cites_a).values())
        # the same rule cited under a renumbered subrule still says something
        sections = sum((Counter(str(n).split(".")[0] for n in cites_a)
                        & Counter(str(n).split(".")[0] for n in cites_b)).values())
        score += 2.5 * common + 0.5 * min(sections, differ) - 1.0 * differ
    else:
        score += 0.5
    nums_a, nums_b = a[1], b[1]
    score += 1.0 * sum((nums_a & nums_b).values())
    score -= 1.0 * (sum((nums_a - nums_b).values()) + sum((nums_b - nums_a).values()))
    score += 0.5 if a[2] == b[2] else -1.5 * abs(a[2] - b[2])
    score += 0.5 if a[3] == b[3] else -0.5 * abs(a[3] - b[3])
    ratio = a[4] / max(1, b[4]) / LENGTH_FACTOR.get(lang, 1.0)
    score += 2.0 - 4.0 * abs(math.log(max(ratio, 1e-3)))
    return score


def _cached(rule: Rule, lang: str, cache: dict | None) -> tuple:
    if cache is None:
        return _shape(rule, lang)
    key = (id(rule), lang)
    if key not in cache:
        cache[key] = (_shape(rule, lang), rule)  # keep rule alive: ids stay unique
    return cache[key][0]


# The pairings made in this process, by the contents they paired (the site's build audits the
# same texts once per language): (kind, lang, the two lists' contents) -> (index pairs, score).
_PAIRINGS: dict[tuple, tuple[tuple[tuple[int | None, int | None], ...], float]] = {}
_PAIRINGS_KEPT = 4096


def _content(rule: Rule) -> tuple:
    """What the default score reads of a rule: its number, text, examples and citations."""
    return (rule.number, rule.text, tuple(e.text for e in rule.examples), rule.cites)


def align(ours: list[Rule], english: list[Rule], lang: str, cache: dict | None = None,
          score=None) -> tuple[list[Pair], float]:
    """The best monotone pairing of two rule lists, and its score."""
    if score is not None:
        return _paired(ours, english, *_best(ours, english, score))
    key = ("shape", lang, tuple(map(_content, ours)), tuple(map(_content, english)))
    return _paired(ours, english, *_remembered(key, lambda: _best(
        ours, english, lambda a, b: similarity(a, b, lang, cache)
        + (SAME_NUMBER if a.number == b.number else 0.0))))


def _remembered(key: tuple, make) -> tuple:
    if key not in _PAIRINGS:
        if len(_PAIRINGS) >= _PAIRINGS_KEPT:
            _PAIRINGS.clear()
        _PAIRINGS[key] = make()
    return _PAIRINGS[key]


def _paired(ours: list[Rule], english: list[Rule], steps, total: float
            ) -> tuple[list[Pair], float]:
    return ([Pair(None if i is None else ours[i], None if j is None else english[j])
             for i, j in steps], total)


def _best(ours: list[Rule], english: list[Rule], score, bound=None
          ) -> tuple[tuple[tuple[int | None, int | None], ...], float]:
    """The best monotone pairing as indices into the two lists (None: a gap), and its score
    (Needleman–Wunsch). bound(a, b), where given, is a cheap upper bound of score(a, b): a
    pair whose bound cannot beat a gap is never scored (the pairing is the same)."""
    n, m = len(ours), len(english)
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    move = [[""] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        best[i][0], move[i][0] = best[i - 1][0] + GAP, "up"
    for j in range(1, m + 1):
        best[0][j], move[0][j] = best[0][j - 1] + GAP, "left"
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            gaps = ((best[i - 1][j] + GAP, "up"), (best[i][j - 1] + GAP, "left"))
            if bound is not None and \
                    best[i - 1][j - 1] + bound(ours[i - 1], english[j - 1]) < max(gaps)[0]:
                best[i][j], move[i][j] = max(gaps, key=lambda o: o[0])
                continue
            options = ((best[i - 1][j - 1] + score(ours[i - 1], english[j - 1]), "diag"),
                       *gaps)
            best[i][j], move[i][j] = max(options, key=lambda o: o[0])
    steps: list[tuple[int | None, int | None]] = []
    i, j = n, m
    while i or j:
        step = move[i][j]
        if step == "diag":
            steps.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif step == "up":
            steps.append((i - 1, None))
            i -= 1
        else:
            steps.append((None, j - 1))
            j -= 1
    steps.reverse()
    return tuple(steps), best[n][m]


def align_english(old: list[Rule], new: list[Rule]) -> list[Pair]:
    """Two English versions of a section, paired by wording (for 'what changed since')."""
    def score(a: Rule, b: Rule) -> float:
        return 6.0 * _wording_ratio(a.text, b.text) - 3.0 + (0.5 if a.number == b.number else 0.0)

    def bound(a: Rule, b: Rule) -> float:  # difflib's quick_ratio is at least its ratio
        return 6.0 * _wording_bound(a.text, b.text) - 3.0 + (0.5 if a.number == b.number else 0.0)

    key = ("wording", tuple((r.number, r.text) for r in old),
           tuple((r.number, r.text) for r in new))
    return _paired(old, new, *_remembered(key, lambda: _best(old, new, score, bound)))[0]


@lru_cache(maxsize=8192)
def _wording_bound(a: str, b: str) -> float:
    if a == b:
        return 1.0
    return difflib.SequenceMatcher(None, a, b, autojunk=False).quick_ratio()


@lru_cache(maxsize=8192)
def _wording_ratio(a: str, b: str) -> float:
    """How alike two English wordings are (difflib's ratio); the same pairs recur across
    the checks of one audit, and most rules keep their wording from one edition to the next."""
    if a == b:
        return 1.0
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()
