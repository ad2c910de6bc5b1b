"""The built site, once per test run (shared by the xdist workers): the project's rulebook,
every language, built in the background from the start of the run; one browser per worker."""

from __future__ import annotations

import os
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tolaria_testing import BoxTabs, chromium, made_once, run_cache, serving, start_made_once

# the environment of the tests (tests/conftest.py): the English interface, the project's
# rulebook, a cache of the run's own
BUILD_ENV = {"NO_MKDOCS_2_WARNING": "1", "TOLARIA_RULES": None, "LANGUAGE": None,
             "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}
_BUILDER = pytest.StashKey()  # the build's process, in the process that started it


def _needs_site(item) -> bool:
    return "site" in getattr(item, "fixturenames", ())


def _uses_browser(item) -> bool:
    return "browser" in getattr(item, "fixturenames", ())


def pytest_collection_modifyitems(config, items):
    """The tests that need the built site run last: the build then overlaps with every other
    test. Of those, the modules that drive the browser come first, whole (their tests share
    a tab), and the tests that only read the built files, most of which take milliseconds,
    end the run, so that the xdist workers run out of tests at about the same time."""
    browsing = {item.module for item in items
                if _needs_site(item) and _uses_browser(item) and hasattr(item, "module")}

    def rank(item) -> int:
        if getattr(item, "module", None) in browsing:
            return 1
        return 2 if _needs_site(item) else 0

    items.sort(key=rank)  # stable: each group keeps its order


def pytest_collection_finish(session):
    """The site's build starts as soon as the tests are known, in a process of its own
    (see start_made_once); the `site` fixture waits for it."""
    config = session.config
    factory = getattr(config, "_tmp_path_factory", None)
    if config.option.collectonly or factory is None or not any(map(_needs_site, session.items)):
        return
    env = dict(BUILD_ENV, TOLARIA_CACHE=str(run_cache(factory)))  # the run's one cache
    config.stash[_BUILDER] = start_made_once(factory, "site", "tolaria.site.build:build_site",
                                             env)


def pytest_sessionfinish(session):
    """The build this process started has ended (a build is never left running)."""
    process = session.config.stash.get(_BUILDER, None)
    if process is not None:
        try:
            process.wait(timeout=600)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The site, built in the background (or by the first worker that needs it); read only."""
    from tolaria.site.build import build_site

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    return made_once(tmp_path_factory, "site", build_site)


@pytest.fixture(scope="session")
def server(site):
    """The built site, served on localhost."""
    from tolaria.site.serve import make_server

    with serving(make_server(str(site), 0)) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    with chromium() as instance:
        yield instance


@pytest.fixture(scope="session")
def _box_tabs(browser, server):
    tabs = BoxTabs(browser, server)
    yield tabs
    tabs.close()
    assert tabs.errors == [], f"script errors: {tabs.errors}"


@pytest.fixture
def box_tab(_box_tabs):
    """box_tab(lang): the session's page of lang (BoxTabs: on its home page, its search box
    ready), shared by the tests of the search box; no page may raise a script error (during
    the test, or since the last test that used the pages)."""
    yield _box_tabs
    errors = _box_tabs.errors[:]
    _box_tabs.errors.clear()
    assert errors == [], f"script errors: {errors}"


VIEWPORT = {"width": 1280, "height": 900}


@pytest.fixture(scope="module")
def _tab(browser, server):
    """The module's one browser tab and the requests its context made to other hosts (the
    page fixture hands it to each test in turn: a tab and its context cost more to open
    than a page to load, and its HTTP cache serves the theme's files to every test)."""
    context = browser.new_context(viewport=VIEWPORT, service_workers="block")
    remote: list[str] = []

    def check(request):
        if urlparse(request.url).hostname not in ("127.0.0.1", "localhost"):
            remote.append(request.url)

    context.on("request", check)
    tab = context.new_page()
    tab.base = server
    yield tab, remote
    context.close()


@pytest.fixture
def page(_tab):
    """A page of its own for the test: the module's tab on a blank document, at 1280 by 900,
    with no route and nothing in its storage; any request to another host fails the test
    (the site works offline), and so does a script error. No service worker: a second page
    view or a search would start the offline copy of the whole language in the background
    (tested in test_offline.py, in contexts of its own). An init script a test adds stays
    for the module's later tests."""
    tab, remote = _tab
    errors: list[str] = []

    def error(failure):
        errors.append(str(failure))

    tab.on("pageerror", error)
    try:
        yield tab
    finally:
        tab.remove_listener("pageerror", error)
        tab.unroute_all(behavior="ignoreErrors")
        if tab.url.startswith("http"):
            tab.evaluate("() => { localStorage.clear(); sessionStorage.clear() }")
        tab.goto("about:blank")
        tab.set_viewport_size(VIEWPORT)
    found, remote[:] = list(remote), []
    assert found == [], f"requests to other hosts: {found}"
    assert errors == [], f"script errors: {errors}"


class Ids(HTMLParser):
    """Every id attribute of a page, and every tag name used."""

    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append((tag, attrs))
        if "id" in attrs:
            self.ids.add(attrs["id"])


def parse(path: Path) -> Ids:
    parser = Ids()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


@pytest.fixture(name="parse")
def parse_fixture():
    """parse(path) -> the ids and tags of an HTML page."""
    return parse
