"""The fault tests' small rulebook, made once per test run (support.make_small_rulebook),
whichever xdist worker asks first."""

from __future__ import annotations

import pytest

from tolaria_testing import made_once

from .support import make_small_rulebook


@pytest.fixture(scope="session")
def small_rulebook(tmp_path_factory):
    """A folder with rules/ (the small rulebook, never changed by a test: copy it) and ref/
    (the official files its history was built from)."""
    return made_once(tmp_path_factory, "faults-small-rulebook", make_small_rulebook)
