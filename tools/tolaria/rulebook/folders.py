"""Where the project's rulebook folder is: rules/ beside tools/, or $TOLARIA_RULES."""

from __future__ import annotations

import os


def default_rules_dir() -> str:
    """rules/ of the project, or $TOLARIA_RULES."""
    env = os.environ.get("TOLARIA_RULES")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(here))), "rules")
