"""Shared test fixtures: the tiny rulebook, the project's rulebook, the shared sources."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
from pathlib import Path
from typing import NamedTuple

import pytest
from hypothesis import settings

from tolaria.cli.program import tune_collector
from tolaria_testing import FIXTURES, REPO, SEED, run_cache, shared_dir

# No time limit per example: on a machine shared by several runs, a first call that loads
# data takes longer than the default 200 ms and fails as "flaky"; max_examples bound the work.
settings.register_profile("tolaria", deadline=None)
settings.load_profile("tolaria")


@pytest.hookimpl(trylast=True)
def pytest_configure(config):
    """The tests' cache from the start: a module that loads the rulebook when it is collected
    writes its snapshot there too, never into the user's cache (the fixtures below use the
    same folder). The run's seed (tolaria_testing.SEED), for every worker. The garbage
    collector run as the tolaria program runs it (tests call its main() in process)."""
    factory = getattr(config, "_tmp_path_factory", None)
    if factory is not None:
        os.environ["TOLARIA_CACHE"] = str(run_cache(factory))
    os.environ["TOLARIA_TEST_SEED"] = SEED  # the run's one seed, for the workers it starts
    tune_collector()


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
        patch.setenv("TOLARIA_CACHE", str(run_cache(tmp_path_factory)))
        yield


@pytest.fixture(autouse=True)
def _english_interface(monkeypatch, tmp_path_factory):
    """Tests see the English interface unless they ask for another language, and the run's
    cache (never the user's)."""
    from tolaria import i18n

    monkeypatch.setenv("TOLARIA_CACHE", str(run_cache(tmp_path_factory)))
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.delenv("TOLARIA_RULES", raising=False)
    i18n.set_language("en")
    yield
    i18n.set_language("en")


class Validated(NamedTuple):
    status: int
    out: str
    err: str
    summary: object  # validation.folder.Summary, None when validate found errors

    def ok(self):
        """The Summary; a failure that shows validate's errors when it found some."""
        assert self.status == 0 and self.summary is not None, self.err
        return self.summary


@pytest.fixture(scope="session")
def validated() -> Validated:
    """`tolaria validate` of the project's rules/ (the default folder), in English, and the
    Summary validate_folder() gives of it: run once for the tests that check what it says of
    the unchanged project (a whole validation takes seconds; the second one here reuses what
    the first read, rulebook.readings)."""
    from tolaria import i18n
    from tolaria.cli import main
    from tolaria.validation.folder import validate_folder

    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "TOLARIA_RULES"):
            patch.delenv(var, raising=False)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(["validate"])
        i18n.set_language("en")
        summary = validate_folder() if status == 0 else None
    return Validated(status, out.getvalue(), err.getvalue(), summary)


def _listing(root: Path) -> dict[Path, tuple[int, int]]:
    """(size, modification time) of every file under root, by path."""
    out = {}
    for path in root.rglob("*"):
        if path.is_file():
            stat = path.stat()
            out[path] = (stat.st_size, stat.st_mtime_ns)
    return out


@pytest.fixture(scope="session")
def _project_copy(tmp_path_factory):
    """One copy of the project's rules/ for the session, and what it holds."""
    parent = tmp_path_factory.mktemp("project")
    shutil.copytree(REPO / "rules", parent / "rules")
    return parent, _listing(parent)


@pytest.fixture
def project(_project_copy, monkeypatch) -> Path:
    """A copy of the project's rules/ at PARENT/rules, with PARENT as the cwd; whatever a test
    changes under PARENT is put back after it. The copy stays at one place, so that what
    validate read of the files a test left alone is reused (rulebook.readings)."""
    parent, pristine = _project_copy
    monkeypatch.chdir(parent)
    yield parent / "rules"
    now = _listing(parent)
    for path in now.keys() - pristine.keys():
        path.unlink()
    for path, stamp in pristine.items():
        if now.get(path) != stamp:
            path.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / path.relative_to(parent), path)
    for folder in sorted((p for p in parent.rglob("*") if p.is_dir()), reverse=True):
        if not any(folder.iterdir()) and not any(folder in f.parents for f in pristine):
            folder.rmdir()
    assert _listing(parent) == pristine, "the project's copy could not be put back"
