"""The built site, once per test run (shared by the xdist workers): the project's rulebook,
every language; one browser per worker."""

from __future__ import annotations

import os
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tolaria_testing import chromium, made_once, serving


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The site, built by the first worker that needs it; read only."""
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


@pytest.fixture
def page(browser, server):
    """A fresh page; any request to another host fails the test (the site works offline)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    remote: list[str] = []

    def check(request):
        if urlparse(request.url).hostname not in ("127.0.0.1", "localhost"):
            remote.append(request.url)

    context.on("request", check)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.base = server
    yield tab
    context.close()
    assert remote == [], f"requests to other hosts: {remote}"
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
