"""Paths the tests share: the repository, the fixtures and the shared sources.

Imported by conftest.py and by test modules (`from tolaria_testing import REPO`); named
uniquely so that it never collides with the conftest.py files of test subfolders.
"""

from __future__ import annotations

import os
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
