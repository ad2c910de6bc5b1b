"""`tolaria validate`'s first look: every data file of the folder whole (yamlfiles.ends),
since no check of a cut file's content means anything."""

from __future__ import annotations

import os

from ..errors import DataError
from ..yamlfiles.ends import end_problem, json_problem
from ..yamlfiles.nodes import display_path


def cut_files(root) -> list[DataError]:
    """Every YAML file under root (hidden ones aside) that lacks its end line, and every
    JSON file that does not parse."""
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
            problem = end_problem(text) if name.endswith(".yaml") else json_problem(text)
            if problem is not None:
                errors.append(DataError(display_path(path), *problem))
    return errors
