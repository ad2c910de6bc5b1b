"""What a test run makes once (tolaria_testing.made_once), made in the background or not;
what it draws afresh (tolaria_testing.drawn)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tolaria_testing
from tolaria_testing import drawn, drawn_again, made_once, start_made_once


class Factory:
    """A tmp_path_factory whose base folder is a test's own."""

    def __init__(self, base: Path):
        self.base = base

    def getbasetemp(self) -> Path:
        return self.base


def write_pid(folder: Path) -> None:
    """A make for the background: the folder, holding the id of the process that made it."""
    folder.mkdir()
    (folder / "pid").write_text(str(os.getpid()), encoding="utf-8")


def write_environment(folder: Path) -> None:
    """A make for the background: the folder, holding two variables of its environment."""
    folder.mkdir()
    said = f"{os.environ.get('TOLARIA_GONE')} {os.environ.get('TOLARIA_SET')}"
    (folder / "environment").write_text(said, encoding="utf-8")


def fail(folder: Path) -> None:
    raise RuntimeError("the make failed")


def never(folder: Path) -> None:
    raise AssertionError("made again")


@pytest.fixture
def factory(tmp_path, monkeypatch):
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    return Factory(tmp_path)


def test_a_folder_started_in_the_background_is_waited_for_and_made_once(factory, tmp_path):
    process = start_made_once(factory, "thing", "test_tolaria_testing:write_pid", {})
    assert process is not None
    assert start_made_once(factory, "thing", "test_tolaria_testing:write_pid", {}) is None
    folder = made_once(factory, "thing", never)  # waits for the process, makes nothing
    assert process.wait(timeout=60) == 0
    assert (folder / "pid").read_text(encoding="utf-8") == str(process.pid)
    assert made_once(factory, "thing", never) == folder == tmp_path / "thing"


def test_a_failed_background_make_leaves_no_mark_and_the_folder_is_made_in_the_test(factory):
    process = start_made_once(factory, "thing", "test_tolaria_testing:fail", {})
    assert process.wait(timeout=60) != 0
    folder = made_once(factory, "thing", write_pid)
    assert (folder / "pid").read_text(encoding="utf-8") == str(os.getpid())
    assert "the make failed" in (factory.base / "thing.log").read_text(encoding="utf-8")


def test_the_background_process_gets_the_environment_asked_for(factory, monkeypatch):
    monkeypatch.setenv("TOLARIA_GONE", "1")
    process = start_made_once(factory, "env", "test_tolaria_testing:write_environment",
                              {"TOLARIA_GONE": None, "TOLARIA_SET": "yes"})
    assert process.wait(timeout=60) == 0
    said = (factory.base / "env" / "environment").read_text(encoding="utf-8")
    assert said == "None yes"


@given(st.lists(st.integers(), unique=True, max_size=60), st.floats(0.01, 1.0),
       st.text(max_size=8))
def test_a_draw_is_a_share_of_the_items_in_their_order_the_same_for_the_same_label(
        items, share, label):
    picked = drawn(items, share, label)
    assert picked == drawn(items, share, label)
    assert picked == [item for item in items if item in picked]  # in their order, no repeat
    assert abs(len(picked) - len(items) * share) <= 0.5 or len(picked) == 1 or not items


def test_another_seed_draws_other_items_and_a_failure_names_the_seed(monkeypatch):
    items = list(range(100))
    first = drawn(items, 1 / 3, "label")
    monkeypatch.setattr(tolaria_testing, "SEED", tolaria_testing.SEED + "1")
    assert drawn(items, 1 / 3, "label") != first
    assert drawn(items, 1 / 3, "other") != drawn(items, 1 / 3, "label")
    said = drawn_again([f"problem {n}" for n in range(30)]).splitlines()
    assert said[:20] == [f"problem {n}" for n in range(20)]
    assert said[20:] == ["(10 more)",
                         f"(the same draw again: TOLARIA_TEST_SEED={tolaria_testing.SEED})"]
    assert drawn_again(["one"]).splitlines()[0] == "one" and len(drawn_again(["one"]).splitlines()) == 2
