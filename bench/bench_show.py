"""`tolaria show 104.3b` as a fresh process vs `python -c pass`; loading the rulebook in-process.

Aims: show at most 2.5x the bare interpreter start-up measured in the same run; the whole
rulebook loaded in-process in under 20 ms.
"""

from __future__ import annotations

import statistics
import sys

from common import BIN, REPO, as_installed, interleaved, report, timed

sys.path.insert(0, str(REPO / "tools"))


def main() -> int:
    as_installed()
    python = sys.executable
    times = interleaved({
        "python -c pass": [python, "-c", "pass"],
        "tolaria show 104.3b": [str(BIN / "tolaria"), "show", "104.3b"],
        "tolaria show 104.3b --json": [str(BIN / "tolaria"), "show", "104.3b", "--json"],
    })
    base = times["python -c pass"]
    print(f"{'python -c pass (baseline)':<40} {base * 1000:8.1f} ms")
    ok = report("tolaria show 104.3b", times["tolaria show 104.3b"], base, 2.5)
    ok &= report("tolaria show 104.3b --json", times["tolaria show 104.3b --json"], base, 2.5)

    from tolaria.today.loader import load_rulebook

    load_rulebook(REPO / "rules", use_cache=False)  # PyYAML imported, files in the OS cache
    cold = statistics.median(timed(lambda: load_rulebook(REPO / "rules", use_cache=False),
                                   runs=30))
    load_rulebook(REPO / "rules")
    cached = statistics.median(timed(lambda: load_rulebook(REPO / "rules"), runs=30))
    for name, value in (("load + check every YAML file, in-process", cold),
                        ("load from the cached snapshot, in-process", cached)):
        verdict = "ok" if value < 0.020 else "OVER"
        print(f"{name:<40} {value * 1000:8.1f} ms  (aim < 20 ms) {verdict}")
    median = max(cold, cached)
    return 0 if ok and median < 0.020 else 1


if __name__ == "__main__":
    sys.exit(main())
