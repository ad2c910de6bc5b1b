"""`tolaria show 104.3b` as a fresh process vs `python -c pass`; loading the rulebook in-process.

Aims: show at most 2.5x the bare interpreter start-up measured in the same run; the whole
rulebook loaded in-process in under 20 ms, as every command loads it (from the snapshot the
first load after a change of the rules keeps in the cache). That first load, which reads and
checks every YAML file, is printed too, with no aim.
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
    verdict = "ok" if cached < 0.020 else "OVER"
    print(f"{'load (the cached snapshot), in-process':<40} {cached * 1000:8.1f} ms  "
          f"(aim < 20 ms) {verdict}")
    print(f"{'load + check every YAML file, in-process':<40} {cold * 1000:8.1f} ms  "
          "(no aim: a first run after the rules changed)")
    return 0 if ok and cached < 0.020 else 1


if __name__ == "__main__":
    sys.exit(main())
