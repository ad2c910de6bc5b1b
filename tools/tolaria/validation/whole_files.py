"""`tolaria validate`'s first look: every data file of the folder whole (yamlfiles.ends),
since no check of a cut file's content means anything."""

from __future__ import annotations

from ..errors import DataError
from ..yamlfiles.ends import end_problem, json_problem
from ..rulebook.folders import data_files
from ..rulebook.readings import reuse, stamps
from ..yamlfiles.nodes import display_path


def cut_files(root) -> list[DataError]:
    """Every YAML file under root (hidden ones aside) that lacks its end line, and every
    JSON file that does not parse (what a JSON file that has not changed gave is reused:
    parsing the whole CR is most of a repeated validate's work)."""
    errors = []
    for path in data_files(root):
        if path.endswith(".yaml"):
            problem = _problem(path, end_problem)
        elif path.endswith(".json"):
            problem = reuse(f"whole JSON {path}", stamps([path]),
                            lambda: _problem(path, json_problem))
        else:
            continue
        if problem is not None:
            errors.append(DataError(display_path(path), *problem))
    return errors


def _problem(path: str, check):
    """check(the file's text), or None when it cannot be read (its reader says why)."""
    try:
        with open(path, encoding="utf-8") as stream:
            text = stream.read()
    except (OSError, UnicodeDecodeError):
        return None
    return check(text)
