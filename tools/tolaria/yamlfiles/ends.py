"""Every data file shows that it is whole.

A YAML data file ends with the document end line `...` (comments and blank lines may
follow it): a file cut short at any line loses it, and every reader refuses the file with
`file:line`, where a cut that still parses would otherwise read as less data. The JSON
stores (rules/cr/) need no mark: a cut one does not parse. `tolaria validate` runs
`cut_files` over the whole folder before anything else, since no check of a cut file's
content means anything.
"""

from __future__ import annotations

import json
import os

from ..errors import DataError
from ..i18n import _

END = "..."


def end_problem(text: str) -> tuple[int, str] | None:
    """(line, message) when a YAML text does not end with the line `...` (an empty one
    neither), else None."""
    lines = text.split("\n")
    for index in range(len(lines) - 1, -1, -1):
        line = lines[index].rstrip()
        if not line or line.lstrip().startswith("#"):
            continue
        if line == END or line.startswith(END + " #"):
            return None
        return index + 1, _missing()
    return 1, _missing()


def _missing() -> str:
    return _("the file does not end with the line '...' that closes every data file: it may "
             "be cut short. Restore it (for example with git), or end it with a line '...' "
             "if it is whole")


def cut_files(root) -> list[DataError]:
    """Every YAML file under root (hidden ones aside) that lacks its end line, and every
    JSON file that does not parse."""
    from .nodes import display_path

    errors = []
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
        for name in sorted(n for n in files if not n.startswith(".")):
            if not name.endswith((".yaml", ".json")):
                continue
            path = os.path.join(folder, name)
            try:
                with open(path, encoding="utf-8") as stream:
                    text = stream.read()
            except (OSError, UnicodeDecodeError):  # its reader says what is wrong
                continue
            problem = end_problem(text) if name.endswith(".yaml") else _json_problem(text)
            if problem is not None:
                errors.append(DataError(display_path(path), *problem))
    return errors


def _json_problem(text: str) -> tuple[int, str] | None:
    try:
        json.loads(text)
    except ValueError as exc:
        line = getattr(exc, "lineno", 1)
        return line, _("the file is not whole JSON ({problem}): it may be cut short. Restore "
                       "it (for example with git), or import it again").format(
            problem=getattr(exc, "msg", str(exc)))
    return None
