"""Helpers for the benchmarks: time fresh processes and functions, print ratios."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def as_installed() -> None:
    """Measure what an ordinary installation runs: compiled bytecode, fresh for every module.

    With PYTHONDONTWRITEBYTECODE set (some shells and CI images set it), a module edited
    since its .pyc was written is compiled again by every fresh process, which would count
    an edit as start-up time."""
    import compileall
    import os

    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False
    compileall.compile_dir(str(REPO / "tools" / "tolaria"), quiet=1)


def wall(command: list[str], runs: int = 21) -> float:
    """Median wall time of a fresh process, in seconds (one warm-up run first)."""
    subprocess.run(command, capture_output=True, check=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def interleaved(commands: dict[str, list[str]], runs: int = 21) -> dict[str, float]:
    """Median wall times of several commands, run in turn so that noise hits all alike."""
    for command in commands.values():
        subprocess.run(command, capture_output=True, check=True)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, capture_output=True, check=True)
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(t) for name, t in times.items()}


def timed(function, runs: int = 50) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        out.append(time.perf_counter() - start)
    return out


def report(name: str, value: float, baseline: float, limit: float) -> bool:
    ratio = value / baseline
    verdict = "ok" if ratio <= limit else "OVER"
    print(f"{name:<40} {value * 1000:8.1f} ms  {ratio:5.2f}x baseline  (aim <= {limit}x) {verdict}")
    return ratio <= limit
