"""Truncation: a data file cut short at a line boundary, where what is left still parses,
fails `validate` (tolaria.validation.folder.validate_folder, in-process) unless what was
cut is only comments and blank lines.

A seeded sample of cuts of the files whose wholeness validate proves against the others:
the rule history (every covered rule tracked, its current wording the whole CR's, titles
reaching the newest edition), the whole CR (JSON: a cut does not parse), and the section
texts (the English is the history's wording; a translation ends with the rule its English
ends with, and no text of it stops mid-sentence where its English ends one).
"""

from __future__ import annotations

import json
import random
import shutil

import pytest
import yaml

from tolaria.errors import DataErrors
from tolaria.validation.folder import validate_folder
from tolaria_testing import REPO

SEED = 20261127
# file pattern under rules/ -> how many cuts of it (a few files picked per pattern)
SAMPLE = {"history/rules.yaml": 4, "history/titles.yaml": 2, "cr/en.json": 1,
          "en/*.yaml": 3, "es/*.yaml": 2, "it/*.yaml": 2}


def _parses(name: str, text: str) -> bool:
    try:
        if name.endswith(".json"):
            json.loads(text)
        else:
            yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (ValueError, yaml.YAMLError):
        return False
    return True


def _only_comments(lines: list[str]) -> bool:
    return all(not line.strip() or line.lstrip().startswith("#") for line in lines)


def _cuts() -> list[tuple[str, int]]:
    """(file under rules/, lines kept): cuts that still parse and leave the data short."""
    rng = random.Random(SEED)
    out = []
    for pattern, count in SAMPLE.items():
        files = sorted(p.relative_to(REPO / "rules").as_posix()
                       for p in (REPO / "rules").glob(pattern))
        for _ in range(count):
            name = rng.choice(files)
            lines = (REPO / "rules" / name).read_text(encoding="utf-8").split("\n")
            candidates = list(range(1, len(lines)))
            rng.shuffle(candidates)
            keep = next((k for k in candidates if not _only_comments(lines[k:])
                         and _parses(name, "\n".join(lines[:k]) + "\n")), None)
            if name.endswith(".json") and keep is None:  # no cut of a JSON file parses
                keep = rng.choice(candidates)
            if keep is not None:
                out.append((name, keep))
    return out


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    root = tmp_path_factory.mktemp("truncation") / "rules"
    shutil.copytree(REPO / "rules", root)
    return root


def test_the_whole_data_passes(copy):
    validate_folder(copy)


@pytest.mark.parametrize("name,keep", _cuts())
def test_a_cut_file_fails_validate(copy, name, keep):
    path = copy / name
    whole = path.read_text(encoding="utf-8")
    lines = whole.split("\n")
    path.write_text("\n".join(lines[:keep]) + "\n", encoding="utf-8")
    try:
        with pytest.raises(DataErrors) as caught:
            validate_folder(copy)
    finally:
        path.write_text(whole, encoding="utf-8")
    assert all(":" in str(e) and str(e).split(":")[1].isdigit() for e in caught.value.errors)


def test_trailing_comments_and_blank_lines_are_still_whole(copy):
    path = copy / "glossary.yaml"
    whole = path.read_text(encoding="utf-8")
    path.write_text(whole + "\n# a trailing comment\n\n", encoding="utf-8")
    try:
        validate_folder(copy)
    finally:
        path.write_text(whole, encoding="utf-8")
