"""Cost against the size of one rule text: index build and warm search, 100 kB to 5 MB.

A copy of the project's rules/ in which the Spanish rule 104.1 is made 100 kB, 1 MB and 5 MB
long (words of the Spanish rules, drawn at random with a fixed seed), measured against the
copy as it is (the baseline, in the same run). For each size: what `validate` says (the
stated limits of rulebook/limits.py refuse such a text, or such a file, in one line), the time
to build the search index (every document, one process), and the median of warm searches that
match words of the long text (their snippets are cut from it). The cost over the baseline is
then given per MB of text, and the growth from one size to the next against the growth of
the text: at most the text's ratio (x1.5 for noise) is linear.
Run: .venv/bin/python bench/bench_scale_text.py
"""

from __future__ import annotations

import os
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from common import REPO

sys.path.insert(0, str(REPO / "tools"))

SIZES = (100_000, 1_000_000, 5_000_000)
QUERIES = ("jugador concede la partida", "permanente fuera de fase", "turno del jugador")
RULE = '  - number: "104.1"\n    text: >-\n'


def long_text(size: int) -> str:
    """About size characters of words of the Spanish rules, a line of YAML each 80 or so."""
    words = re.findall(r"\w+", "".join(p.read_text(encoding="utf-8")
                                       for p in sorted((REPO / "rules" / "es").glob("*.yaml"))))
    pick = random.Random(104).choice
    lines, total = [], 0
    while total < size:
        line = " ".join(pick(words) for _ in range(12))
        lines.append("      " + line)
        total += len(line) + 1
    return "\n".join(lines) + "\n"


def copy_with(base: Path, size: int | None) -> Path:
    """A copy of rules/ under base, its Spanish 104.1 about size characters long (None: as is)."""
    root = base / f"rules-{size or 0}"
    shutil.copytree(REPO / "rules", root)
    if size:
        path = root / "es" / "104.yaml"
        text = path.read_text(encoding="utf-8")
        assert RULE in text
        path.write_text(text.replace(RULE, RULE + long_text(size), 1), encoding="utf-8")
    return root


def verdict(root: Path) -> str:
    from tolaria.errors import DataErrors
    from tolaria.validation.folder import validate_folder

    try:
        validate_folder(root)
    except DataErrors as exc:
        first = str(exc.errors[0]).replace(f"{root.parent}{os.sep}", "")
        return first if len(exc.errors) == 1 else f"{first} (+{len(exc.errors) - 1})"
    return "ok"


def measure(root: Path) -> tuple[float, float, float]:
    """(load, index build, median warm search) seconds for the rulebook at root."""
    from tolaria.today.loader import load_rulebook
    from tolaria.search import build_index, search

    start = time.perf_counter()
    book = load_rulebook(root, use_cache=False)
    load = time.perf_counter() - start
    start = time.perf_counter()
    build_index(book, rebuild=True)
    build = time.perf_counter() - start
    for query in QUERIES:
        search(book, query, "es")
    samples = []
    for _ in range(5):
        for query in QUERIES:
            start = time.perf_counter()
            search(book, query, "es")
            samples.append(time.perf_counter() - start)
    return load, build, statistics.median(samples)


def main() -> int:
    base = Path(tempfile.mkdtemp(prefix="tolaria-scale-text-"))
    os.environ["TOLARIA_CACHE"] = str(base / "cache")
    rows = []
    try:
        for size in (None,) + SIZES:
            root = copy_with(base, size)
            said = verdict(root) if size else "ok"
            load, build, warm = measure(root)
            rows.append((size or 0, load, build, warm))
            label = f"{size / 1e6:g} MB" if size else "baseline"
            print(f"{label:>9}  load {load:6.2f} s  index {build:6.1f} s  "
                  f"search {warm * 1000:7.1f} ms  validate: {said}", flush=True)
            shutil.rmtree(root, ignore_errors=True)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    ok = True
    _, _, build0, warm0 = rows[0]
    print("\ncost over the baseline, per MB of text (linear: the same at every size, x1.5 "
          "for noise; an extra cost within the baseline's noise, under 5 % of it, is not "
          "compared)")
    for name, column, zero in (("index", 2, build0), ("search", 3, warm0)):
        compared = [(row[0], row[column] - zero) for row in rows[1:]
                    if row[column] - zero > 0.05 * zero]
        print(f"  {name:<6} " + "  ".join(f"{size / 1e6:g} MB: {extra / size * 1e6:.3g} s/MB"
                                          for size, extra in compared))
        for (small, extra_a), (large, extra_b) in zip(compared, compared[1:]):
            growth, ratio = extra_b / extra_a, large / small
            fine = growth <= ratio * 1.5
            ok &= fine
            print(f"  {name:<6} {small / 1e6:g} MB -> {large / 1e6:g} MB: text x{ratio:g}, "
                  f"cost x{growth:.2f}  {'ok' if fine else 'OVER'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
