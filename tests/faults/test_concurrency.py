"""16 processes searching and showing at once on an empty cache (the index and the snapshot
are first built concurrently), and again while `tolaria index --rebuild` runs: every one
succeeds and prints what a lone run prints.

TOLARIA_FAULTS_BROKEN=1 in the environment runs the 16 readers and the rebuild with the
broken writer of launch.py (every os.replace of a file becomes a slow rewrite in place):
readers then meet half-written snapshots and index files, and this test fails, as it should.
"""

from __future__ import annotations

import os
import shutil
import subprocess

from tolaria_testing import REPO

from .support import command, environment, run

BROKEN = bool(os.environ.get("TOLARIA_FAULTS_BROKEN"))
QUERIES = [["search", "phasing"], ["search", "fuera de fase", "--lang", "es"],
           ["show", "104.3b"], ["show", "702.25b", "--lang", "all"]]


def _together(work, argvs) -> list[tuple[int, str, str]]:
    procs = [subprocess.Popen(command(argv), cwd=work, env=environment(work, BROKEN), text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
             for argv in argvs]
    return [(p.wait(timeout=240), p.stdout.read(), p.stderr.read()) for p in procs]


def test_sixteen_readers_at_once_and_during_a_rebuild(tmp_path):
    work = tmp_path / "work"
    shutil.copytree(REPO / "rules", work / "rules")
    lone_work = tmp_path / "lone"
    shutil.copytree(REPO / "rules", lone_work / "rules")
    lone = {}
    for argv in QUERIES:
        done = run(argv, lone_work)
        lone[tuple(argv)] = (done.returncode, done.stdout)
    assert all(status == 0 and out for status, out in lone.values())
    argvs = [QUERIES[i % len(QUERIES)] for i in range(16)]
    # the outputs name no paths, so runs on another copy of the rulebook print the same
    for round_ in ("empty cache", "during a rebuild"):
        rebuild = None
        if round_ == "during a rebuild":
            rebuild = subprocess.Popen(command(["index", "--rebuild"]), cwd=work,
                                       env=environment(work, BROKEN), stdout=subprocess.DEVNULL,
                                       stderr=subprocess.PIPE, text=True)
        results = _together(work, argvs)
        if rebuild is not None:
            assert rebuild.wait(timeout=240) == 0, rebuild.stderr.read()
        for argv, (status, out, err) in zip(argvs, results):
            assert (status, out) == lone[tuple(argv)], f"{round_}: {argv}: {err}"
            assert "warning" not in err, f"{round_}: {argv}: {err}"
