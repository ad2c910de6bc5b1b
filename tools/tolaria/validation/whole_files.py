"""`tolaria validate`'s first look: every data file of the folder whole (yamlfiles.ends),
since no check of a cut file's content means anything."""

from __future__ import annotations

from ..errors import DataError
from ..yamlfiles.ends import end_problem, json_problem
from ..rulebook.folders import data_files
from ..yamlfiles.nodes import display_path


def cut_files(root) -> list[DataError]:
    """Every YAML file under root (hidden ones aside) that lacks its end line, and every
    JSON file that does not parse."""
    errors = []
    for path in data_files(root):
        if not path.endswith((".yaml", ".json")):
            continue
        try:
            with open(path, encoding="utf-8") as stream:
                text = stream.read()
        except (OSError, UnicodeDecodeError):  # its reader says what is wrong
            continue
        problem = end_problem(text) if path.endswith(".yaml") else json_problem(text)
        if problem is not None:
            errors.append(DataError(display_path(path), *problem))
    return errors
