"""The cached index of numbers more than one rule had (history/reused.py)."""

from __future__ import annotations

import os
import shutil

from tolaria_testing import REPO
from tolaria.history import load_history, lookup
from tolaria.history.reused import reused_numbers


def _no_reading(*args, **kwargs):
    raise AssertionError("the history was read again")


def test_the_index_is_the_historys_and_is_read_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path / "cache"))
    numbers = reused_numbers(REPO / "rules")
    assert numbers == load_history(REPO / "rules").reused() and "702.25k" in numbers
    monkeypatch.setattr(lookup, "load_history", _no_reading)
    assert reused_numbers(REPO / "rules") == numbers


def test_a_broken_history_is_empty_and_not_read_at_every_start(tmp_path, monkeypatch):
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path / "cache"))
    rules = tmp_path / "rules"
    shutil.copytree(REPO / "rules" / "history", rules / "history")
    titles = rules / "history" / "titles.yaml"
    good = titles.read_bytes()
    titles.write_bytes(good + b"\nbroken: [\n")
    assert reused_numbers(rules) == frozenset()
    with monkeypatch.context() as patch:
        patch.setattr(lookup, "load_history", _no_reading)
        assert reused_numbers(rules) == frozenset()
    titles.write_bytes(good)  # mended (another size): read again
    os.utime(titles, ns=(0, 0))
    assert "702.25k" in reused_numbers(rules)
    assert reused_numbers(tmp_path / "nowhere") == frozenset()
