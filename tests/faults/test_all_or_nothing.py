"""The commands that change several files change all of them or none, also under SIGKILL.

`import --history` of a newer edition (the whole CR and the history), `import --whole` and
`po import` (four section files) are killed at KILLS random moments each (one in each of
KILLS equal slices of the part of the run that writes, from its first write as a traced
complete run shows to its end, drawn afresh on each run: support.moments), on a disk whose
renames are slow (see launch.py),
so that many kills fall between the renames of one change. After each kill the next command
(`tolaria validate`) runs, and then the rulebook's files, hidden ones included, must be
exactly those before the command or exactly those after a complete run: not one file new
and another old, and no temporary file left behind.

The kills are made on the small rulebook (four sections in three languages, their history
through three editions; see support.make_small_rulebook) with the whole CR.
TOLARIA_FAULT_KILLS sets the number of kills per command (default 5; a long run takes 40
or more)."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import time

import pytest

from tolaria_testing import drawn_again, made_once

from .support import (EDITIONS, SECTIONS, copy_small, in_process, moments, reference, reset, run,
                      start, writing_moments)

KILLS = int(os.environ.get("TOLARIA_FAULT_KILLS", "5"))
SLOW_RENAME = 0.08  # seconds before each rename of a file: a slow disk


@pytest.fixture(scope="session")
def small(small_rulebook, tmp_path_factory):
    """The small rulebook (support.make_small_rulebook) with the whole CR of the newest
    edition; and a cache that knows it (made once per test run)."""

    def make(work):
        copy_small(small_rulebook, work)
        for argv in (["import", str(reference() / f"rules_{EDITIONS[-1]}.txt"), "--whole"],
                     ["validate"]):
            done = run(argv, work)
            assert done.returncode == 0, done.stderr

    return made_once(tmp_path_factory, "faults-small-whole", make)


def prepare_import_history(small, work) -> list[str]:
    """The newest official file re-dated, with rule 104.3b reworded: a newer edition."""
    copy_small(small, work)
    text = (reference() / f"rules_{EDITIONS[-1]}.txt").read_text(encoding="utf-8-sig")
    text = re.sub(r"effective as of [A-Z][a-z]+ \d{1,2}, \d{4}",
                  "effective as of December 4, 2026", text, count=1)
    text, count = re.subn(r"^(104\.3b .*?) the next time ", r"\1 as soon as ", text, count=1,
                          flags=re.M)
    assert count == 1
    (work / "rules_20261204.txt").write_text(text, encoding="utf-8")
    return ["import", str(work / "rules_20261204.txt"), "--history"]


def prepare_import_whole(small, work) -> list[str]:
    """The newest official file with a rule no section covers reworded (a corrected issue of
    the current edition), to store as the whole CR in place of the one there."""
    copy_small(small, work)
    text = (reference() / f"rules_{EDITIONS[-1]}.txt").read_text(encoding="utf-8-sig")
    text, count = re.subn(r"^(704\.5a .*?)\.?$", r"\1 (corrected).", text, count=1,
                          flags=re.M)
    assert count == 1
    (work / f"rules_{EDITIONS[-1]}.txt").write_text(text, encoding="utf-8")
    return ["import", str(work / f"rules_{EDITIONS[-1]}.txt"), "--whole"]


def prepare_po_import(small, work) -> list[str]:
    """An Italian PO file that changes a text in each of the four sections."""
    from babel.messages.pofile import read_po, write_po

    copy_small(small, work)
    po = work / "it.po"
    done = run(["po", "export", "--lang", "it", "--out", str(po)], work)
    assert done.returncode == 0, done.stderr
    with open(po, "rb") as stream:
        catalog = read_po(stream)
    for number in SECTIONS:
        message = next(m for m in catalog if m.id and m.string
                       and (m.context or "").startswith(number + "."))
        message.string += " (rivisto)"
    with open(po, "wb") as out:
        write_po(out, catalog, width=76, sort_output=False)
    return ["po", "import", str(po)]


def _hashes(folder) -> dict[str, str]:
    """relative path -> digest of every file under folder (hidden ones too)."""
    return {p.relative_to(folder).as_posix(): hashlib.blake2b(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _difference(now: dict, other: dict) -> list[str]:
    return sorted(k for k in now.keys() | other.keys() if now.get(k) != other.get(k))


def kill_and_check(prepare, small, tmp_path, capsys, monkeypatch,
                   kills: int = KILLS) -> list[str]:
    """Kill the command prepare gives at `kills` moments; the problems found."""
    work = tmp_path / "work"
    work.mkdir()
    argv = prepare(small, work)
    warm = run(["validate"], work)  # the cache knows the rulebook where the runs read it
    assert warm.returncode == 0, warm.stderr
    monkeypatch.chdir(work)
    monkeypatch.setenv("TOLARIA_RULES", str(work / "rules"))
    monkeypatch.setenv("TOLARIA_CACHE", str(work / "cache"))
    pristine = tmp_path / "pristine"
    shutil.copytree(work, pristine, symlinks=True)
    old = _hashes(work / "rules")
    trace = tmp_path / "trace"
    began, clock = time.perf_counter(), time.time()
    done = run(argv, work, slow_rename=SLOW_RENAME, trace=trace)
    duration = time.perf_counter() - began
    assert done.returncode == 0, done.stderr
    writes = writing_moments(trace, clock, [work / "rules"])
    assert writes, "the complete run wrote nothing in the rulebook"
    first = min(writes[0], duration)
    new = _hashes(work / "rules")
    changed = _difference(new, old)
    assert len(changed) >= 1 and all(not p.split("/")[-1].startswith(".") for p in new)
    label = " ".join(a for a in argv if not os.path.isabs(a))  # "po import"
    # what validate says of the new files: a kill that leaves the new files must say the same
    new_verdict = in_process(["validate", "--rules", str(work / "rules")], capsys)[0::2]
    print(f"{label}: {duration:.2f} s, writes from {first:.2f} s, {len(changed)} files change")
    problems, counts = [], {"old": 0, "new": 0}
    for delay in moments(label, first, duration, kills):
        reset(work, pristine)
        proc = start(argv, work, slow_rename=SLOW_RENAME)
        time.sleep(delay)
        proc.kill()
        proc.wait()
        where = f"{label} killed at {delay:.2f} s of {duration:.2f} s"
        if _hashes(work / "rules") != old:  # something to complete or to remove: validate
            status, _out, err = in_process(["validate", "--rules", str(work / "rules")],
                                           capsys)
            if status != 0 and not (_hashes(work / "rules") == new
                                    and (status, err) == new_verdict):
                problems.append(f"{where}: validate fails: {err.strip()[:300]}")
        now = _hashes(work / "rules")
        if now == old or now == new:
            counts["old" if now == old else "new"] += 1
            continue
        newer, older = _difference(now, old), _difference(now, new)
        problems.append(f"{where}: neither all old nor all new: differs from the old files in "
                        f"{newer[:4]}, from the new in {older[:4]}")
    print(f"  after {kills} kills: {counts['old']} all old, {counts['new']} all new")
    return problems


@pytest.mark.parametrize("prepare", [prepare_import_history, prepare_import_whole,
                                     prepare_po_import],
                         ids=["import-history", "import-whole", "po-import"])
def test_a_killed_change_leaves_every_file_old_or_every_file_new(prepare, small, tmp_path,
                                                                 capsys, monkeypatch):
    problems = kill_and_check(prepare, small, tmp_path, capsys, monkeypatch)
    assert not problems, f"{len(problems)} of {KILLS} kills:\n" + drawn_again(problems)
