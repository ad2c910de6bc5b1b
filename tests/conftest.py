"""Shared test fixtures: the tiny rulebook, the project's rulebook, the shared sources."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tolaria_testing import FIXTURES, REPO, shared_dir


@pytest.hookimpl(trylast=True)
def pytest_configure(config):
    """The tests' cache from the start: a module that loads the rulebook when it is collected
    writes its snapshot there too, never into the user's cache (the fixtures below use the
    same folder)."""
    factory = getattr(config, "_tmp_path_factory", None)
    if factory is not None:
        os.environ["TOLARIA_CACHE"] = str(factory.getbasetemp() / "cache")


@pytest.fixture
def shared() -> Path:
    return shared_dir()


@pytest.fixture
def tiny(tmp_path, monkeypatch) -> Path:
    """A copy of the tiny fixture rulebook at tmp_path/rules, with tmp_path as the cwd."""
    target = tmp_path / "rules"
    shutil.copytree(FIXTURES / "rulebook", target)
    monkeypatch.chdir(tmp_path)
    return target


@pytest.fixture(scope="session")
def book():
    from tolaria.today.loader import load_rulebook

    return load_rulebook(REPO / "rules")


@pytest.fixture(scope="session", autouse=True)
def _own_cache(tmp_path_factory):
    """The session's fixtures (an index, the site's search data) use the tests' cache too,
    never the user's: they are made before any test's own fixtures."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TOLARIA_CACHE", str(tmp_path_factory.getbasetemp() / "cache"))
        yield


@pytest.fixture(autouse=True)
def _english_interface(monkeypatch, tmp_path_factory):
    """Tests see the English interface unless they ask for another language, and a cache
    of their own (never the user's)."""
    from tolaria import i18n

    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path_factory.getbasetemp() / "cache"))
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.delenv("TOLARIA_RULES", raising=False)
    i18n.set_language("en")
    yield
    i18n.set_language("en")
