"""`tolaria audit` as a fresh process vs `python -c pass`; run_audit in-process.

Aim: the whole audit, all ten checks over every Spanish and Italian text, in
under 5 s as a fresh process.
"""

from __future__ import annotations

import statistics
import sys

import subprocess
import time

from common import BIN, REPO, as_installed, timed

sys.path.insert(0, str(REPO / "tools"))


def main() -> int:
    as_installed()
    python = sys.executable
    # `tolaria audit` exits 1 while a critical finding is not waived: time it without
    # common.interleaved, which insists on exit status 0.
    commands = {"python -c pass": [python, "-c", "pass"],
                "tolaria audit --json": [str(BIN / "tolaria"), "audit", "--json"]}
    samples: dict[str, list[float]] = {name: [] for name in commands}
    for run in range(6):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, capture_output=True)
            if run:  # the first round warms the caches
                samples[name].append(time.perf_counter() - start)
    times = {name: statistics.median(t) for name, t in samples.items()}
    base = times["python -c pass"]
    audit = times["tolaria audit --json"]
    print(f"{'python -c pass (baseline)':<40} {base * 1000:8.1f} ms")
    print(f"{'tolaria audit --json':<40} {audit * 1000:8.1f} ms  {audit / base:5.1f}x baseline"
          f"  (aim < 5000 ms) {'ok' if audit < 5.0 else 'OVER'}")

    from tolaria.audit import run_audit
    from tolaria.audit.runner import default_history
    from tolaria.today.loader import load_rulebook

    book = load_rulebook(REPO / "rules")
    history = default_history(book.root)
    inner = statistics.median(timed(lambda: run_audit(book, history=history), runs=5))
    print(f"{'run_audit (in-process, history loaded)':<40} {inner * 1000:8.1f} ms")
    return 0 if audit < 5.0 else 1


if __name__ == "__main__":
    sys.exit(main())
