"""Where the project's rulebook folder is (rules/ beside tools/, or $TOLARIA_RULES), and the
files it is made of."""

from __future__ import annotations

import os


def default_rules_dir() -> str:
    """rules/ of the project, or $TOLARIA_RULES."""
    env = os.environ.get("TOLARIA_RULES")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(here))), "rules")


# Folders of rules/ that hold other data than section texts.
NON_LANGUAGE_DIRS = {"examples", "history", "audit", "search", "cr"}


def rulebook_files(root) -> list[str]:
    """Every file the rulebook is made of, in a stable order (for fingerprints too)."""
    root = os.fspath(root)
    files = [os.path.join(root, "editions.yaml"), os.path.join(root, "glossary.yaml")]
    with os.scandir(root) as entries:
        folders = sorted(e.name for e in entries if e.is_dir() and e.name not in NON_LANGUAGE_DIRS)
    for folder in folders:
        path = os.path.join(root, folder)
        with os.scandir(path) as entries:
            files.extend(sorted(os.path.join(path, e.name) for e in entries
                                if e.name.endswith(".yaml") and not e.name.startswith(".")))
    return files
