"""The search tests' rulebook: the covered sections alone (the project's rules without the
whole CR), so that these tests pin how the covered rules rank among themselves; the whole
CR's English rules are searched in test_whole.py, with the project's rulebook."""

from __future__ import annotations

import json
import shutil

import pytest

from tolaria_testing import REPO, made_once


@pytest.fixture(scope="session")
def book(tmp_path_factory):
    from tolaria.today.loader import load_rulebook

    target = tmp_path_factory.mktemp("covered") / "rules"
    shutil.copytree(REPO / "rules", target, ignore=shutil.ignore_patterns("cr"))
    return load_rulebook(target)


@pytest.fixture(scope="session")
def whole_book():
    from tolaria.today.loader import load_rulebook

    return load_rulebook(REPO / "rules")


@pytest.fixture(scope="session")
def site_data(request, tmp_path_factory):
    """The search data the site exports, of the project's rulebook (the whole CR in English
    included), as JSON gives it back: exported once per test run, read by every worker."""
    from tolaria.search.export import search_data
    from tolaria.search.payload import dumps

    def export(folder):
        folder.mkdir(parents=True, exist_ok=True)
        data = search_data(request.getfixturevalue("whole_book"))
        (folder / "search-data.json").write_text(dumps(data), encoding="utf-8")

    folder = made_once(tmp_path_factory, "search-data", export)
    return json.loads((folder / "search-data.json").read_text(encoding="utf-8"))
