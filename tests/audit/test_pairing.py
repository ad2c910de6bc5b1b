"""Pairing rules by content: the same texts are paired once per process, onto the caller's rules."""

from __future__ import annotations

import pytest

from tolaria.audit import pairing
from tolaria.model import Rule
from tolaria.numbering import RuleNumber


def _rules(*texts: tuple[str, str]) -> list[Rule]:
    return [Rule(RuleNumber.parse(number), text) for number, text in texts]


ENGLISH = (("702.25a", "Phasing is a static ability."),
           ("702.25b", "If a permanent phases out, it is treated as though it does not exist."),
           ("702.25c", "Each player draws 2 cards at 104.3b and 104.3c."))
# the translation lost 702.25b: its 702.25b says what the English 702.25c says
SPANISH = (("702.25a", "La fase es una habilidad estática."),
           ("702.25b", "Cada jugador roba 2 cartas en 104.3b y 104.3c."))


@pytest.fixture
def scored(monkeypatch):
    """The number of scores computed (pairing.similarity calls)."""
    calls = []
    similarity = pairing.similarity
    monkeypatch.setattr(pairing, "_PAIRINGS", {})
    monkeypatch.setattr(pairing, "similarity", lambda *a, **k: calls.append(1) or similarity(
        *a, **k))
    return calls


def test_the_same_contents_are_paired_once_onto_the_callers_rules(scored):
    first = pairing.align(_rules(*SPANISH), _rules(*ENGLISH), "es")
    assert len(scored) == len(SPANISH) * len(ENGLISH)
    ours, english = _rules(*SPANISH), _rules(*ENGLISH)  # equal contents, other objects
    pairs, score = pairing.align(ours, english, "es")
    assert len(scored) == len(SPANISH) * len(ENGLISH)  # nothing scored again
    assert (pairs, score) == first
    assert [(p.ours and str(p.ours.number), p.english and str(p.english.number))
            for p in pairs] == [("702.25a", "702.25a"), (None, "702.25b"),
                                ("702.25b", "702.25c")]
    assert all(p.ours is None or any(p.ours is r for r in ours) for p in pairs)
    assert all(p.english is None or any(p.english is r for r in english) for p in pairs)


def test_other_contents_or_another_language_are_paired_again(scored):
    pairing.align(_rules(*SPANISH), _rules(*ENGLISH), "es")
    pairing.align(_rules(*SPANISH), _rules(*ENGLISH), "it")
    changed = _rules(*SPANISH)
    changed[1] = changed[1]._replace(text="Cada jugador roba 3 cartas en 104.3b y 104.3c.")
    pairing.align(changed, _rules(*ENGLISH), "es")
    assert len(scored) == 3 * len(SPANISH) * len(ENGLISH)


def test_english_versions_are_paired_by_wording_once():
    old = _rules(*ENGLISH)
    new = _rules(ENGLISH[0], ("702.25b", "A rule added."), *[(f"702.25{c}", t) for c, (_n, t)
                                                              in zip("cd", ENGLISH[1:])])
    pairs = pairing.align_english(old, new)
    again = pairing.align_english(_rules(*ENGLISH), new)
    assert [(p.ours and p.ours.text, p.english and str(p.english.number)) for p in pairs] == [
        (ENGLISH[0][1], "702.25a"), (None, "702.25b"), (ENGLISH[1][1], "702.25c"),
        (ENGLISH[2][1], "702.25d")]
    assert [(p.ours and p.ours.text, p.english) for p in again] == [
        (p.ours and p.ours.text, p.english) for p in pairs]
    assert again[0].ours is not pairs[0].ours  # the caller's own rules
