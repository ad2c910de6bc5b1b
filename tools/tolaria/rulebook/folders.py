"""Where the project's rulebook folder is (rules/ beside tools/, or $TOLARIA_RULES), and the
files it is made of."""

from __future__ import annotations

import os

from ..errors import DataError, DataErrors
from ..files.atomic import recover
from ..i18n import _


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


def data_files(root) -> list[str]:
    """Every file under root, hidden files and folders aside, in a stable order: what
    `validate` looks at before it reads anything (rulebook.limits, validation.whole_files)."""
    out = []
    for folder, subfolders, files in os.walk(os.fspath(root)):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
        out.extend(os.path.join(folder, name) for name in sorted(files)
                   if not name.startswith("."))
    return out


def open_folder(root=None) -> str:
    """The rulebook folder root names (rules/ by default), any set of files a killed writer
    left half switched completed first. DataErrors when there is no folder there."""
    root = os.fspath(root) if root is not None else default_rules_dir()
    if not os.path.isdir(root):
        # lazy: saves 21 ms of every command's cold start (import CPU time, min of 5 runs)
        from ..yamlfiles.nodes import display_path

        raise DataErrors([DataError(display_path(root, root), 1, _(
            "no rulebook folder here (give one with --rules DIR or TOLARIA_RULES)"))])
    recover(root)
    return root
