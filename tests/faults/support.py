"""Shared pieces of the fault tests: the writing commands as scenarios (a prepared folder and
a command line), snapshots of bytes, the old-or-new check, and ways to run the CLI.

Everything goes through the CLI (`python -m tolaria`-like subprocesses, or
`tolaria.cli.main(argv)` in-process), so these tests survive a reorganisation of modules.
"""

from __future__ import annotations

import gzip
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable, NamedTuple

from tolaria_testing import FIXTURES, REPO, chance, shared_dir

LAUNCH = Path(__file__).with_name("launch.py")


def moments(label: str, first: float, duration: float, count: int) -> list[float]:
    """count moments (seconds) from first to duration, one drawn in each of count equal
    slices of it, afresh on each run (tolaria_testing.chance; a failure names the seed that
    draws them again: tolaria_testing.drawn_again)."""
    draw = chance(label)
    return [first + (duration - first) * (k + draw.random()) / count for k in range(count)]


def reference() -> Path:
    return shared_dir() / "reference" / "cr-en"


def environment(work: Path, broken: bool = False, slow_rename: float = 0.0,
                trace: Path | None = None) -> dict:
    env = dict(os.environ)
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "TOLARIA_FAULTS_BROKEN",
                "TOLARIA_FAULTS_SLOW_RENAME", "TOLARIA_FAULTS_TRACE"):
        env.pop(var, None)
    env.update(TOLARIA_RULES=str(work / "rules"), TOLARIA_CACHE=str(work / "cache"),
               NO_MKDOCS_2_WARNING="1")
    if broken:
        env["TOLARIA_FAULTS_BROKEN"] = "1"
    if slow_rename:
        env["TOLARIA_FAULTS_SLOW_RENAME"] = str(slow_rename)
    if trace is not None:
        env["TOLARIA_FAULTS_TRACE"] = str(trace)
    return env


def command(argv: list[str]) -> list[str]:
    return [sys.executable, str(LAUNCH), *argv]


def run(argv: list[str], work: Path, broken: bool = False, timeout: float = 300,
        slow_rename: float = 0.0, trace: Path | None = None):
    """The CLI run to its end in a subprocess: CompletedProcess with text output (trace: the
    file where launch.py notes each write, see there)."""
    return subprocess.run(command(argv), cwd=work,
                          env=environment(work, broken, slow_rename, trace),
                          capture_output=True, text=True, timeout=timeout)


def writing_moments(trace: Path, began: float, under: list[Path]) -> list[float]:
    """The moments (seconds after `began`, a time.time()) at which a traced run began a
    write under one of the folders `under`, in order."""
    moments = []
    roots = [str(folder) + os.sep for folder in under]
    for line in trace.read_text(encoding="utf-8").splitlines():
        when, _, path = line.partition(" ")
        if any(path.startswith(root) for root in roots):
            moments.append(float(when) - began)
    return sorted(moments)


def start(argv: list[str], work: Path, broken: bool = False,
          slow_rename: float = 0.0) -> subprocess.Popen:
    return subprocess.Popen(command(argv), cwd=work,
                            env=environment(work, broken, slow_rename),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def snapshot(folder: Path) -> dict[str, bytes]:
    """relative path -> bytes of every file under folder (gzip files by their content:
    their header holds the time they were written)."""
    out = {}
    if not folder.is_dir():
        return out
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            if path.suffix == ".gz":
                try:
                    data = gzip.decompress(data)
                except (OSError, EOFError):
                    pass  # torn: compared as it is, and found neither old nor new
            out[path.relative_to(folder).as_posix()] = data
    return out


def hidden(relative: str) -> bool:
    """A temporary file no reader picks up: a dot name, not ending in .yaml."""
    return any(part.startswith(".") for part in relative.split("/")) and \
        not relative.endswith(".yaml")


def torn_files(now: dict, old: dict, new: dict) -> list[str]:
    """What is wrong with the files now, each of which must be exactly its old or its new
    content (a file of both that is missing is wrong too; leftovers must be hidden)."""
    problems = []
    for path, data in now.items():
        if old.get(path) == data or new.get(path) == data:
            continue
        if path not in old and path not in new and hidden(path):
            continue
        kind = "a leftover" if path not in old and path not in new else "torn"
        problems.append(f"{path}: {kind} ({len(data)} bytes, neither the old nor the new "
                        f"content)")
    for path in sorted(old.keys() & new.keys() - now.keys()):
        problems.append(f"{path}: missing (it was there before and after a complete run)")
    return problems


def in_process(argv: list[str], capsys) -> tuple[int, str, str]:
    from tolaria.cli import main

    capsys.readouterr()
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


# --- the small rulebook ----------------------------------------------------------------------
# The mechanics under test (atomic writes, locks, readers during a rebuild) do not depend on
# the corpus: the commands run on a small rulebook that validates, made once per session.
SECTIONS = ("104", "512", "513", "514")
EDITIONS = ("20180713", "20230414", "20260417")  # the sections' editions and the newest


def make_small_rulebook(work: Path) -> Path:
    """work/rules: SECTIONS in en, es and it, the glossary, their history through EDITIONS
    (from work/ref, links to the official files); no whole CR. work is returned."""
    rules = work / "rules"
    rules.mkdir(parents=True)
    shutil.copy(REPO / "rules" / "glossary.yaml", rules / "glossary.yaml")
    _editions_of(EDITIONS, REPO / "rules" / "editions.yaml", rules / "editions.yaml")
    for lang in ("en", "es", "it"):
        (rules / lang).mkdir()
        for number in SECTIONS:
            shutil.copy(REPO / "rules" / lang / f"{number}.yaml", rules / lang)
    ref = work / "ref"
    ref.mkdir()
    for edition in EDITIONS:
        os.symlink(reference() / f"rules_{edition}.txt", ref / f"rules_{edition}.txt")
    for argv in (["history", "--rebuild", "--reference", str(ref)], ["validate"]):
        done = run(argv, work)
        assert done.returncode == 0, done.stderr
    return work


def _editions_of(editions, source: Path, target: Path) -> None:
    """editions.yaml narrowed to the editions the small history holds (validate checks that
    every edition listed is one of the history's)."""
    dates = {f"{e[:4]}-{e[4:6]}-{e[6:]}" for e in editions}
    out, keep = [], True
    for line in source.read_text(encoding="utf-8").splitlines(keepends=True):
        if line.startswith("  - effective: "):
            keep = line.split(": ", 1)[1].strip() in dates
        elif not line.startswith("    "):
            keep = True
        if keep:
            out.append(line)
    target.write_text("".join(out), encoding="utf-8")


def copy_small(small: Path, work: Path) -> Path:
    """A copy of the small rulebook at work/rules (its cache is not copied: each test's
    commands read it where they run)."""
    target = work / "rules"
    shutil.copytree(small / "rules", target)
    return target


# --- the writing commands ------------------------------------------------------------------
def copy_tiny(work: Path) -> Path:
    """The tiny fixture rulebook (for the index and the site: the slowest commands)."""
    target = work / "rules"
    shutil.copytree(FIXTURES / "rulebook", target)
    return target


def _edit(path: Path, old: str, new: str, count: int = 0) -> None:
    text = path.read_text(encoding="utf-8")
    changed = text.replace(old, new) if not count else text.replace(old, new, count)
    assert changed != text, f"{path}: no {old!r}"
    path.write_text(changed, encoding="utf-8")


def prepare_fmt(work: Path, small: Path) -> list[str]:
    """Every section file out of canonical form (extra spaces after `number:`)."""
    rules = copy_small(small, work)
    for lang in ("en", "es", "it"):
        for path in sorted((rules / lang).glob("*.yaml")):
            _edit(path, "  - number: ", "  - number:    ")
    return ["fmt"]


def prepare_po_import(work: Path, small: Path) -> list[str]:
    """An Italian PO file that changes a text in each section (four files)."""
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


def prepare_import_sections(work: Path, small: Path) -> list[str]:
    """English sections 512-514 without their header comment: the import writes it again."""
    rules = copy_small(small, work)
    for number in ("512", "513", "514"):
        path = rules / "en" / f"{number}.yaml"
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r"\A(#.*\n)+", "", text), encoding="utf-8")
    return ["import", str(reference() / "rules_20230414.txt"), "--sections", "512-514",
            "--write"]


def prepare_import_history(work: Path, small: Path) -> list[str]:
    """A newer official file (the newest, re-dated) to add to rules/history/."""
    copy_small(small, work)
    newest = sorted(reference().glob("rules_*.txt"))[-1]
    text = newest.read_text(encoding="utf-8-sig")
    dated = re.sub(r"effective as of [A-Z][a-z]+ \d{1,2}, \d{4}",
                   "effective as of December 4, 2026", text, count=1)
    target = work / "rules_20261204.txt"
    target.write_text(dated, encoding="utf-8")
    return ["import", str(target), "--history"]


def prepare_history_rebuild(work: Path, small: Path) -> list[str]:
    """The small rulebook, whose history holds EDITIONS; the rebuild adds the two editions
    before the newest (a reduced reference folder keeps the run short)."""
    copy_small(small, work)
    ref = work / "ref"
    ref.mkdir()
    files = sorted(reference().glob("rules_*.txt"))
    added = [p for p in files[:-1] if p.stem[6:] not in EDITIONS][-2:]
    for path in [p for p in files if p.stem[6:] in EDITIONS] + added:
        os.symlink(path, ref / path.name)
    return ["history", "--rebuild", "--reference", str(ref)]


def prepare_index(work: Path, small: Path) -> list[str]:
    """A saved index already in the cache; the command builds another (tiny rulebook)."""
    copy_tiny(work)
    done = run(["index"], work)
    assert done.returncode == 0, done.stderr
    return ["index", "--rebuild"]


def prepare_site(work: Path, small: Path) -> list[str]:
    """A site already in the folder, built from an older text (tiny rulebook: a build of the
    whole rulebook takes over 5 s, too long to kill 20 times)."""
    rules = copy_tiny(work)
    saved = {p: p.read_bytes() for p in (rules / "es" / "104.yaml", rules / "it" / "104.yaml")}
    _edit(rules / "es" / "104.yaml", "jugador", "participante")
    _edit(rules / "it" / "104.yaml", "giocatore", "partecipante")
    done = run(["site", "--out", str(work / "site")], work)
    assert done.returncode == 0, done.stderr
    for path, data in saved.items():
        path.write_bytes(data)
    return ["site", "--out", str(work / "site")]


class Scenario(NamedTuple):
    name: str
    prepare: Callable[[Path, Path], list[str]]  # (work, the small rulebook's folder)
    watched: tuple[str, ...]  # folders under the work folder: every file old or new
    validates: bool = True  # the rules folder must pass `tolaria validate` after a kill
    writes: tuple[str, ...] = ()  # where the command writes, if not in watched

    @property
    def written(self) -> tuple[str, ...]:
        return self.writes or self.watched


SCENARIOS = [
    Scenario("fmt", prepare_fmt, ("rules",)),
    Scenario("po-import", prepare_po_import, ("rules",)),
    Scenario("import-sections", prepare_import_sections, ("rules",)),
    Scenario("import-history", prepare_import_history, ("rules",)),
    Scenario("history-rebuild", prepare_history_rebuild, ("rules",)),
    Scenario("index-rebuild", prepare_index, ("rules",), writes=("cache/index",)),
    Scenario("site", prepare_site, ("site", "rules"), validates=False),
]
BY_NAME = {s.name: s for s in SCENARIOS}


def reset(work: Path, pristine: Path) -> None:
    """work as pristine again (the same path: a cache keyed by paths and times still fits);
    the working directory, if work, is entered again."""
    inside = Path.cwd() == work
    os.chdir(work.parent)
    shutil.rmtree(work)
    shutil.copytree(pristine, work, symlinks=True)
    if inside:
        os.chdir(work)
