"""Truncation: any data file of rules/ cut short at a line boundary fails `validate`
(tolaria.validation.folder.validate_folder, in-process) with a `file:line` error naming
that file, unless what was cut is only comments and blank lines after the file's end.

Every data file is cut, at a seeded sample of its line boundaries (at least CUTS in all;
every boundary of a short file), whether or not what is left still parses: a YAML file
must end with its end line `...` (yamlfiles.ends), a JSON store must parse. A whole
folder still passes, with comments after the end line too.
"""

from __future__ import annotations

import random
import shutil

import pytest

from tolaria.errors import DataErrors
from tolaria.validation.folder import validate_folder
from tolaria_testing import REPO

SEED = 20261127
CUTS = 210  # at least this many cuts over all the data files
RULES = REPO / "rules"


def _data_files() -> list[str]:
    return sorted(p.relative_to(RULES).as_posix() for p in RULES.rglob("*")
                  if p.suffix in (".yaml", ".json") and not p.name.startswith("."))


def _meaningless(lines: list[str]) -> bool:
    return all(not line.strip() or line.lstrip().startswith("#") for line in lines)


def _cuts() -> list[tuple[str, int]]:
    """(file under rules/, lines kept): cuts that leave the data short."""
    rng = random.Random(SEED)
    files = _data_files()
    share = -(-CUTS // len(files))  # per file, rounded up
    out = []
    for name in files:
        lines = (RULES / name).read_text(encoding="utf-8").split("\n")
        boundaries = [k for k in range(len(lines)) if not _meaningless(lines[k:])]
        out.extend((name, k) for k in sorted(rng.sample(boundaries, min(share, len(boundaries)))))
    return out


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    root = tmp_path_factory.mktemp("truncation") / "rules"
    shutil.copytree(RULES, root)
    return root


def test_the_sample_cuts_every_data_file_often_enough():
    cuts = _cuts()
    assert len(cuts) >= CUTS
    assert {name for name, _ in cuts} == set(_data_files())
    assert len(_data_files()) >= 40  # sections, examples, history, whole CR, word lists, tables


def test_the_whole_data_passes(copy):
    validate_folder(copy)


@pytest.mark.parametrize("name,keep", _cuts())
def test_a_cut_file_fails_validate(copy, name, keep):
    path = copy / name
    whole = path.read_text(encoding="utf-8")
    path.write_text("\n".join(whole.split("\n")[:keep]) + "\n", encoding="utf-8")
    try:
        with pytest.raises(DataErrors) as caught:
            validate_folder(copy)
    finally:
        path.write_text(whole, encoding="utf-8")
    errors = [str(e) for e in caught.value.errors]
    assert any(e.split(":")[0].endswith(f"rules/{name}") for e in errors), errors
    assert all(e.split(":")[1].isdigit() for e in errors), errors


def test_comments_and_blank_lines_after_the_end_are_still_whole(copy):
    path = copy / "glossary.yaml"
    whole = path.read_text(encoding="utf-8")
    path.write_text(whole + "\n# a trailing comment\n\n", encoding="utf-8")
    try:
        validate_folder(copy)
    finally:
        path.write_text(whole, encoding="utf-8")


def test_a_file_without_its_end_line_is_refused_where_it_ends(copy):
    path = copy / "search" / "filler.yaml"
    whole = path.read_text(encoding="utf-8")
    body = whole[:whole.rindex("...")]
    path.write_text(body, encoding="utf-8")
    try:
        with pytest.raises(DataErrors) as caught:
            validate_folder(copy)
    finally:
        path.write_text(whole, encoding="utf-8")
    last = len(body.rstrip("\n").split("\n"))
    [error] = [str(e) for e in caught.value.errors]
    assert error.split(":")[0].endswith("rules/search/filler.yaml")
    assert error.split(":")[1] == str(last) and "'...'" in error
