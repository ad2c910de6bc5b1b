"""The fault tests' small rulebook, made once per session (support.make_small_rulebook)."""

from __future__ import annotations

import pytest

from .support import make_small_rulebook


@pytest.fixture(scope="session")
def small_rulebook(tmp_path_factory):
    """A folder with rules/ (the small rulebook, never changed by a test: copy it) and ref/
    (the official files its history was built from)."""
    return make_small_rulebook(tmp_path_factory.mktemp("small-rulebook"))
