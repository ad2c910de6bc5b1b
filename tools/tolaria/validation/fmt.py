"""Apply the canonical form to every YAML file of a rulebook folder, all or nothing."""

from __future__ import annotations

from pathlib import Path

from ..errors import DataError, DataErrors, os_error_text
from ..yamlfiles.canonical import format_yaml
from ..yamlfiles.nodes import Unreadable, display_path, load, yaml_module
from ..i18n import _
from .folder import validate_folder
from ..files.atomic import write_files
from ..yamlfiles.problems import decode, describe


def yaml_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.yaml") if not p.name.startswith("."))


def format_rulebook(root: Path, write: bool) -> list[str]:
    """Files not in canonical form (rewritten when write). Refuses an invalid rulebook."""
    validate_folder(root)  # raises DataErrors: nothing is written from invalid data
    changed: list[tuple[Path, str]] = []
    errors: list[DataError] = []
    for path in yaml_files(root):
        display = display_path(path, root)
        try:
            raw = path.read_bytes()
        except OSError as exc:
            errors.append(DataError(display, 1, _("cannot read the file: {problem}").format(
                problem=os_error_text(exc))))
            continue
        text, line, problem = decode(raw)
        if text is None:
            errors.append(DataError(display, line, problem))
            continue
        text = raw.decode("utf-8")  # as written: a byte-order mark and CRLF stay visible
        try:
            canonical = format_yaml(text)
            # a file in canonical form is read no further (its scalars were built writing
            # it); another's value is compared with its canonical form's, never changed
            same = canonical == text or _value(text) == _value(canonical)
        except yaml_module().YAMLError as exc:
            errors.append(DataError(display, *describe(
                exc, text.removeprefix("\ufeff").replace("\r\n", "\n"))))
            continue
        except ValueError as exc:  # a value its tag cannot read (2026-02-30), in a stray file
            errors.append(DataError(display, getattr(exc, "line", 1), _(
                "a value that cannot be read ({problem}): run tolaria validate").format(
                problem=exc if isinstance(exc, Unreadable) else type(exc).__name__)))
            continue
        if not same:  # never change a value
            errors.append(DataError(display, 1, _(
                "the canonical form would change a value here; please report this file")))
            continue
        if canonical != text:
            changed.append((path, canonical))
    if errors:
        raise DataErrors(errors)
    if write:
        write_files(root, dict(changed))  # every file or none
    return [display_path(p, root) for p, _ in changed]


def _value(text: str):
    """What a YAML text holds, read by the loader's parser (libyaml's where present: the
    pure-Python safe_load took most of the time of `fmt`)."""
    return load(text)
