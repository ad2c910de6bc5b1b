"""Eight processes (READERS) searching and showing at once on an empty cache (the index and
the snapshot are first built concurrently), and again while `tolaria index --rebuild` runs,
started one after another until it ends (so that some read the index while the rebuild
points at its new folder): every one succeeds and prints what a lone run prints. The
mechanics do not depend on the corpus: the processes read the small rulebook
(support.make_small_rulebook).

TOLARIA_FAULTS_BROKEN=1 in the environment runs the readers and the rebuild with the
broken writer of launch.py (every os.replace of a file becomes a slow rewrite in place):
a reader then meets the index's half-written pointer file, and this test fails, as it
should.
"""

from __future__ import annotations

import os
import subprocess
import time

from .support import command, copy_small, environment, run

BROKEN = bool(os.environ.get("TOLARIA_FAULTS_BROKEN"))
READERS = 8  # at once on two cores, four processes to a core
QUERIES = [["search", "cleanup step"], ["search", "paso de limpieza", "--lang", "es"],
           ["show", "104.3b"], ["show", "514.1", "--lang", "all"]]


def _start(work, argv) -> subprocess.Popen:
    return subprocess.Popen(command(argv), cwd=work, env=environment(work, BROKEN), text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _results(started) -> list[tuple[list[str], int, str, str]]:
    results = []
    for argv, proc in started:
        out, err = proc.communicate(timeout=240)
        results.append((argv, proc.returncode, out, err))
    return results


def _together(work, argvs) -> list[tuple[list[str], int, str, str]]:
    return _results([(argv, _start(work, argv)) for argv in argvs])


def _during(work, argvs, rebuild, pause: float) -> list[tuple[list[str], int, str, str]]:
    """The readers started one after another, pause apart, until the rebuild has ended
    (all of argvs at least, three times as many at most). With the broken writer, a reader
    every 0.15 s until the rebuild ends: the pointer file stays torn for 0.6 s only, and a
    reader starts in about 25 ms, so that a few readers spread over the whole rebuild
    might all miss it."""
    most = 3 * len(argvs)
    if BROKEN:
        pause, most = min(pause, 0.15), 20 * len(argvs)
    started = []
    while len(started) < len(argvs) or (rebuild.poll() is None and len(started) < most):
        argv = argvs[len(started) % len(argvs)]
        started.append((argv, _start(work, argv)))
        time.sleep(pause)
    return _results(started)


def test_readers_at_once_and_during_a_rebuild(small_rulebook, tmp_path):
    work = tmp_path / "work"
    copy_small(small_rulebook, work)
    lone_work = tmp_path / "lone"
    copy_small(small_rulebook, lone_work)
    lone = {}
    for argv in QUERIES:
        began = time.perf_counter()
        done = run(argv, lone_work)
        lone[tuple(argv)] = (done.returncode, done.stdout)
        if len(lone) == 1:  # the first builds the index on an empty cache: as long as a rebuild
            rebuilding = time.perf_counter() - began
    assert all(status == 0 and out for status, out in lone.values())
    argvs = [QUERIES[i % len(QUERIES)] for i in range(READERS)]
    # the outputs name no paths, so runs on another copy of the rulebook print the same
    for round_ in ("empty cache", "during a rebuild"):
        if round_ == "empty cache":
            results = _together(work, argvs)
        else:
            rebuild = subprocess.Popen(command(["index", "--rebuild"]), cwd=work,
                                       env=environment(work, BROKEN), stdout=subprocess.DEVNULL,
                                       stderr=subprocess.PIPE, text=True)
            results = _during(work, argvs, rebuild, rebuilding / len(argvs))
            assert rebuild.wait(timeout=240) == 0, rebuild.stderr.read()
        for argv, status, out, err in results:
            assert (status, out) == lone[tuple(argv)], f"{round_}: {argv}: {err}"
            assert "warning" not in err, f"{round_}: {argv}: {err}"
