"""Run every benchmark and write what they print to docs/benchmarks.md (`make bench`).

Each benchmark runs as its own process, one after the other, on one built site (the site's
search and Lighthouse). The page gives for each benchmark what it measures (its docstring),
the machine it ran on (cores, load average before and after), what it printed, and whether
it met its aims (its exit status). Lighthouse runs when it is installed
(`make lighthouse` installs it). Given names, only those run, and the page keeps the other
benchmarks' sections as they were.
Run: .venv/bin/python bench/report.py [--out FILE] [NAME ...]
"""

from __future__ import annotations

import argparse
import ast
import datetime
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import BIN, REPO

LIGHTHOUSE = REPO / "build" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"


def docstring(path: Path) -> str:
    """A benchmark's docstring, without its "Run:" lines (the page says how they are run)."""
    text = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    kept = []
    for line in text.splitlines():
        if line.startswith("Run:"):
            break
        kept.append(line)
    return "\n".join(kept).strip()


def earlier_sections(page: Path) -> dict[str, str]:
    """The sections of a page this script wrote, by benchmark (kept when only some run)."""
    out = {}
    for part in page.read_text(encoding="utf-8").split("\n## ")[1:]:
        name = part.split("\n", 1)[0].strip()
        out[name] = f"## {part.rstrip()}\n"
    return out


def load() -> str:
    return " / ".join(f"{value:.1f}" for value in os.getloadavg())


def run(name: str, argv: list[str], env: dict) -> tuple[str, int, float]:
    """What a benchmark printed (stdout and stderr, in order), its exit status, its seconds."""
    print(f"bench: {name} …", file=sys.stderr, flush=True)
    began = time.perf_counter()
    done = subprocess.run([sys.executable, str(REPO / "bench" / name), *argv], env=env,
                          cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, check=False)
    return done.stdout.rstrip(), done.returncode, time.perf_counter() - began


def benchmarks(site: Path) -> list[tuple[str, list[str], dict]]:
    """(script, arguments, extra environment) of every benchmark to run."""
    out = [("bench_show.py", [], {}), ("bench_search.py", [], {}),
           ("bench_relevance.py", [], {}), ("bench_audit.py", [], {}),
           ("bench_scale_text.py", [], {}),
           ("bench_site_search.py", ["--site", str(site)], {})]
    if LIGHTHOUSE.exists():
        out.append(("bench_lighthouse.py", ["--site", str(site), "--no-build"],
                    {"LIGHTHOUSE": str(LIGHTHOUSE), "CHROME_PATH": CHROMIUM}))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(REPO / "docs" / "benchmarks.md"),
                        help="the page to write (docs/benchmarks.md)")
    parser.add_argument("names", nargs="*", help="only these benchmarks (bench_show.py ...)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tolaria-bench-") as folder:
        env = dict(os.environ, TOLARIA_CACHE=str(Path(folder) / "cache"),
                   NO_MKDOCS_2_WARNING="1")
        site = Path(folder) / "site"
        chosen = [(name, argv, extra) for name, argv, extra in benchmarks(site)
                  if not args.names or name in args.names]
        if any(str(site) in argv for _name, argv, _extra in chosen):  # built once for all
            subprocess.run([str(BIN / "tolaria"), "site", "--out", str(site)], env=env,
                           cwd=REPO, stdout=subprocess.DEVNULL, check=True)
        sections = {}
        for name, argv, extra in chosen:
            before = load()
            printed, status, seconds = run(name, argv, dict(env, **extra))
            verdict = "every aim met" if status == 0 else f"an aim not met (exit status {status})"
            sections[name] = (
                f"## {name}\n\n{docstring(REPO / 'bench' / name)}\n\n"
                f"Measured on {datetime.date.today().isoformat()}: {os.cpu_count()} cores, "
                f"Python {platform.python_version()}, load average (1 / 5 / 15 min) {before} "
                f"before and {load()} after.\n\n"
                f"```text\n{printed}\n```\n\n{verdict}; {seconds:.0f} s.\n")
    out = Path(args.out)
    kept = earlier_sections(out) if args.names and out.exists() else {}
    head = ("# Benchmarks\n\n"
            "Written by `make bench` (`bench/report.py`): every benchmark in `bench/`, run one "
            "after the other. Each compares with a baseline measured in the same run and "
            "prints ratios, because machines are shared and noisy; each figure comes with its "
            "aim, and each benchmark with the machine's load while it ran.\n")
    order = [name for name, _argv, _extra in benchmarks(site)]
    order += [name for name in kept if name not in order]  # one not runnable here (Lighthouse)
    body = [sections.get(name) or kept.get(name) for name in order]
    out.write_text("\n".join([head, *filter(None, body)]), encoding="utf-8")
    print(f"bench: wrote {os.path.relpath(args.out, REPO)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
