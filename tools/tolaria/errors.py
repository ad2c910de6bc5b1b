"""The one error type for data problems: a file, a 1-based line and a message."""

from __future__ import annotations

from collections import namedtuple


class DataError(namedtuple("DataError", "file line message")):

    __slots__ = ()
    # file: str
    # line: int
    # message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


class DataErrors(Exception):
    """Every data error of one run, reported together."""

    def __init__(self, errors: list[DataError]):
        self.errors = sorted(set(errors))
        super().__init__("\n".join(str(e) for e in self.errors))


class UserError(Exception):
    """A problem the user caused outside the data (a bad argument, a missing file)."""

    def __init__(self, message: str, status: int = 2):
        self.status = status
        super().__init__(message)
