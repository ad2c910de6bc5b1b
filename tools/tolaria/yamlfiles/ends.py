"""Every data file shows that it is whole.

A YAML data file ends with the document end line `...` (comments and blank lines may
follow it): a file cut short at any line loses it, and every reader refuses the file with
`file:line`, where a cut that still parses would otherwise read as less data. The JSON
stores (rules/cr/) need no mark: a cut one does not parse. `tolaria validate` looks at
every file of the folder this way before anything else (validation.whole_files).
"""

from __future__ import annotations

import json

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


def json_problem(text: str) -> tuple[int, str] | None:
    """(line, message) when a JSON text does not parse (a cut one does not), else None."""
    try:
        json.loads(text)
    except ValueError as exc:
        line = getattr(exc, "lineno", 1)
        return line, _("the file is not whole JSON ({problem}): it may be cut short. Restore "
                       "it (for example with git), or import it again").format(
            problem=getattr(exc, "msg", str(exc)))
    return None
