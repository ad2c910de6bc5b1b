"""Apply the canonical form to every YAML file of a rulebook folder, all or nothing."""

from __future__ import annotations

from pathlib import Path

import yaml

from .errors import DataError, DataErrors
from .loader import _display, load_rulebook
from .formatting import format_yaml
from .i18n import _
from .writer import write_atomically


def yaml_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.yaml") if not p.name.startswith("."))


def format_rulebook(root: Path, write: bool) -> list[str]:
    """Files not in canonical form (rewritten when write). Refuses an invalid rulebook."""
    load_rulebook(root)  # raises DataErrors: nothing is written from an invalid corpus
    changed: list[tuple[Path, str]] = []
    errors: list[DataError] = []
    for path in yaml_files(root):
        with open(path, encoding="utf-8", newline="") as stream:  # keep CRLF visible
            text = stream.read()
        try:
            canonical = format_yaml(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            errors.append(DataError(_display(path, root), mark.line + 1 if mark else 1,
                                    _("YAML syntax error: {problem}").format(
                                        problem=getattr(exc, "problem", exc))))
            continue
        if yaml.safe_load(canonical) != yaml.safe_load(text):  # never change a value
            errors.append(DataError(_display(path, root), 1, _(
                "the canonical form would change a value here; please report this file")))
            continue
        if canonical != text:
            changed.append((path, canonical))
    if errors:
        raise DataErrors(errors)
    if write:
        for path, canonical in changed:
            write_atomically(path, canonical)
    return [_display(p, root) for p, _ in changed]
