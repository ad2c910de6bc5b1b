"""Every worked example of the project runs as its own test (ids are the example ids)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tolaria.examples.checker import NOT_EXECUTABLE, PASSED, run_example
from tolaria.examples.reader import load_examples
from tolaria.today.loader import load_rulebook
from tolaria.model import LANGUAGES

REPO = Path(__file__).resolve().parents[2]
BOOK = load_rulebook(REPO / "rules")
EXAMPLES = load_examples(BOOK)


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_example(example):
    result = run_example(example, BOOK)
    if result.status == NOT_EXECUTABLE:
        assert example.not_executable.strip()
        pytest.skip(f"not executable: {example.not_executable}")
    assert result.status == PASSED, result.message


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_example_speaks_three_languages(example):
    assert set(example.title) == set(LANGUAGES), example.id
    assert set(example.explain) == set(LANGUAGES), example.id


def test_every_cr_example_paragraph_has_its_worked_example():
    wanted = {(str(rule.number), i + 1) for _section, rule in BOOK.rules("en")
              for i, _paragraph in enumerate(rule.examples)}
    found = {(str(e.rules[0]), e.cr_example) for e in EXAMPLES if e.cr_example}
    assert wanted and wanted <= found
    executable = {(str(e.rules[0]), e.cr_example) for e in EXAMPLES
                  if e.cr_example and e.not_executable is None}
    assert wanted <= executable


def test_examples_live_in_the_file_of_their_section():
    for example in EXAMPLES:
        section = BOOK.section_for("en", example.rules[0])
        assert Path(example.file).name == f"{section.number}.yaml", example.id
