"""Paths the tests share: the repository, the fixtures and the shared sources.

Imported by conftest.py and by test modules (`from tolaria_testing import REPO`); named
uniquely so that it never collides with the conftest.py files of test subfolders.
"""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def shared_dir(skip: bool = False) -> Path:
    """The shared sources (seeds/, reference/) beside the repository, or $TOLARIA_SHARED.
    Missing, they fail the test, or skip it when skip (a test of data the repository holds,
    which only compares it with its source)."""
    path = Path(os.environ.get("TOLARIA_SHARED", REPO.parent / "shared"))
    if not (path / "reference" / "cr-en").is_dir():
        message = f"the shared sources are not at {path}: set TOLARIA_SHARED"
        if skip:
            pytest.skip(message + " (this test reads the official files)")
        pytest.fail(message)
    return path


# --- the site in Debian's Chromium (tests/site and bench/bench_site_search.py) -------------
CHROMIUM = os.environ.get("TOLARIA_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@contextmanager
def serving(httpd):
    """A server's address while it serves in a thread; shut down after."""
    from tolaria.site.serve import url_of

    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield url_of(httpd)
    finally:
        httpd.shutdown()
        httpd.server_close()


@contextmanager
def chromium():
    """Debian's Chromium, headless, driven by Playwright (a failure when it is missing)."""
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `make browser` installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield instance
        finally:
            instance.close()
