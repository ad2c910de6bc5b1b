"""Every command that writes, killed with SIGKILL at moments spread over the part of its run
that writes: each file is exactly its old or its new content, no temporary file is left
where a reader takes it, the rulebook still validates, and the next complete run works.

The commands run on the small rulebook (see support.make_small_rulebook; the index and the
site on the tiny one). A complete run, traced (launch.py), tells when the command begins
to write; the kill moments are drawn from there to the end of the run, one in each of
POINTS equal slices, afresh on each run (support.moments: TOLARIA_TEST_SEED draws them
again). TOLARIA_FAULT_POINTS sets the number of moments (default 3; a long run takes 20 or
more), TOLARIA_FAULT_RERUNS at how many of them the next complete run is checked (default
2).
TOLARIA_FAULTS_BROKEN=1 in the environment runs the commands with a writer that rewrites
files in place (see launch.py): then these tests fail, as they should."""

from __future__ import annotations

import os
import shutil
import time

import pytest

from tolaria_testing import drawn_again

from .support import (BY_NAME, SCENARIOS, Scenario, hidden, in_process, moments, reset, run,
                      snapshot, start, torn_files, writing_moments)

POINTS = int(os.environ.get("TOLARIA_FAULT_POINTS", "3"))
# the complete run after a kill, at this many of the moments (spread too)
RERUNS = int(os.environ.get("TOLARIA_FAULT_RERUNS", "2"))
BROKEN = bool(os.environ.get("TOLARIA_FAULTS_BROKEN"))


def _states(work, scenario: Scenario) -> dict:
    return {folder: snapshot(work / folder) for folder in scenario.watched}


def _search(work, capsys) -> tuple[int, str, str]:
    return in_process(["search", "player", "--lang", "all", "--json"], capsys)


def _without_leftovers(states: dict, new: dict) -> dict:
    """states less the hidden temporary files a kill left (a SIGKILL between writing a
    temporary file and renaming it leaves one, which no reader takes: see torn_files)."""
    return {folder: {path: data for path, data in files.items()
                     if path in new[folder] or not hidden(path)}
            for folder, files in states.items()}


def kill_and_check(scenario: Scenario, small, tmp_path, capsys, monkeypatch,
                   points: int = POINTS, broken: bool = BROKEN) -> list[str]:
    """Kill the command at `points` moments; the problems found (empty when all is well)."""
    work = tmp_path / "work"
    work.mkdir()
    argv = scenario.prepare(work, small)
    monkeypatch.chdir(work)
    monkeypatch.setenv("TOLARIA_RULES", str(work / "rules"))
    monkeypatch.setenv("TOLARIA_CACHE", str(work / "cache"))
    pristine = tmp_path / "pristine"
    shutil.copytree(work, pristine, symlinks=True)
    old = _states(work, scenario)
    trace = tmp_path / "trace"
    began, clock = time.perf_counter(), time.time()
    done = run(argv, work, broken, trace=trace)
    duration = time.perf_counter() - began
    assert done.returncode == 0, done.stderr
    writes = writing_moments(trace, clock, [work / folder for folder in scenario.written])
    assert writes, "a complete run writes nothing where it is watched: the test could not fail"
    first = min(writes[0], duration)
    print(f"{scenario.name}: {duration:.2f} s, writes from {first:.2f} s")
    new = _states(work, scenario)
    expected_search = _search(work, capsys) if scenario.name == "index-rebuild" else None
    if scenario.name != "index-rebuild":  # the index lives in the cache, checked by search
        assert old != new, "a complete run changes nothing: the test could not fail"
    problems: list[str] = []
    rerun_at = {round(k * (points - 1) / max(RERUNS - 1, 1)) for k in range(RERUNS)}
    for point, delay in enumerate(moments(scenario.name, first, duration, points)):
        reset(work, pristine)
        proc = start(argv, work, broken)
        time.sleep(delay)
        proc.kill()
        proc.wait()
        where = f"{scenario.name} killed at {delay:.2f} s of {duration:.2f} s"
        now = _states(work, scenario)
        found = [f"{where}: {folder}/{p}" for folder in scenario.watched
                 for p in torn_files(now[folder], old[folder], new[folder])]
        if scenario.validates and now["rules"] not in (old["rules"], new["rules"]):
            status, _, err = in_process(["validate", "--rules", str(work / "rules")], capsys)
            if status != 0:
                found.append(f"{where}: validate fails: {err.strip()}")
            now = _states(work, scenario)  # validate completes a change the kill stopped
        if expected_search is not None:
            status, out, err = _search(work, capsys)
            if (status, out) != expected_search[:2] or "warning" in err:
                found.append(f"{where}: search after the kill: exit {status}, {err.strip()}")
        # an edition is added once: when the kill came after the last write, the next
        # `import --history` rightly refuses to add it again
        complete = now == new and scenario.name == "import-history"
        if point in rerun_at and not complete:
            again = run(argv, work, broken)
            if again.returncode != 0:
                found.append(f"{where}: the next run fails: {again.stderr.strip()}")
            elif _without_leftovers(_states(work, scenario), new) != new:
                found.append(f"{where}: the next run does not give the complete run's files")
        problems.extend(found)
    return problems


@pytest.mark.parametrize("name", [s.name for s in SCENARIOS])
def test_a_killed_command_leaves_old_or_new_files(name, small_rulebook, tmp_path, capsys,
                                                  monkeypatch):
    problems = kill_and_check(BY_NAME[name], small_rulebook, tmp_path, capsys, monkeypatch)
    assert not problems, drawn_again(problems)
