"""The product describes itself: README.md, docs/, bench/, rules/ and tools/ tell what the
product is and does, never how it was developed (git log keeps that). A numbered work
period, an issue number or a numbered blind set's history is a finding, reported as
file:line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tolaria_testing import REPO

PLACES = ["README.md", "docs", "bench", "rules", "tools"]
SUFFIXES = {".md", ".py", ".yaml", ".yml", ".js", ".css", ".html", ".txt", ".cfg", ".toml"}
# Official texts quoted verbatim: their words are Wizards of the Coast's, not the project's.
VERBATIM = {"rules/cr", "rules/history"}

CHRONICLE = re.compile(
    r"\b(?:at|this|that|next|last|each|every) stop\b"   # a work period, unnumbered
    r"|\bstops? \d+\b"                                  # stop 24, stops 21, 22
    r"|\bissues? \d+\b"                                 # issue 15
    r"|(?<![^\s(\[])#\d+\b(?![.\w])"                    # #15 (not an anchor like #104.3b)
    r"|blind\d+"                                        # blind9, queries_situations_blind4
    r"|\b(?:written|added) by (?:a|an|another|two|three) helper"
    r"|\bhelper sessions?\b",
    re.IGNORECASE)


def chronicle_lines(text: str, name: str) -> list[str]:
    """Every line of text that tells the development story, as name:line: text."""
    return [f"{name}:{number}: {line.strip()}"
            for number, line in enumerate(text.splitlines(), start=1)
            if CHRONICLE.search(line)]


def _product_files(root: Path):
    for place in PLACES:
        path = root / place
        files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for file in files:
            name = file.relative_to(root).as_posix()
            if file.suffix in SUFFIXES and not any(name.startswith(v + "/") for v in VERBATIM):
                yield name, file


@pytest.mark.parametrize("line, told", [
    ("Measured at stop 24: hit@3 .933.", True),
    ("since stop 23, the table holds", True),
    ("the aim of issue 15 holds", True),
    ("fixed in #12", True),
    ("bench/queries_situations_blind9.yaml", True),
    ("Written by a helper session from the rule texts", True),
    ("made when this stop began", True),
    ("an anchor per rule (`/es/104/#104.3b`)", False),
    ("a held-out set, never tuned against", False),
])
def test_a_chronicle_line_is_told_from_a_product_line(line, told):
    assert bool(chronicle_lines(line, "x")) == told


def test_the_product_tells_no_development_chronicle():
    found = [finding for name, file in _product_files(REPO)
             for finding in chronicle_lines(file.read_text(encoding="utf-8"), name)]
    assert found == [], "\n".join(found[:40])
