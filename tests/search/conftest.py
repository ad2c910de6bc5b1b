"""The search tests' rulebook: the covered sections alone (the project's rules without the
whole CR), so that these tests pin how the covered rules rank among themselves; the whole
CR's English rules are searched in test_whole.py, with the project's rulebook."""

from __future__ import annotations

import shutil

import pytest

from tolaria_testing import REPO


@pytest.fixture(scope="session")
def book(tmp_path_factory):
    from tolaria.rulebook.loader import load_rulebook

    target = tmp_path_factory.mktemp("covered") / "rules"
    shutil.copytree(REPO / "rules", target, ignore=shutil.ignore_patterns("cr"))
    return load_rulebook(target)


@pytest.fixture(scope="session")
def whole_book():
    from tolaria.rulebook.loader import load_rulebook

    return load_rulebook(REPO / "rules")
