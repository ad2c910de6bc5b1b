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


def os_error_text(exc: OSError) -> str:
    """What an operating-system error means, in the interface's language."""
    import errno

    from .i18n import _

    known = {errno.ENOENT: _("no such file or folder"), errno.EACCES: _("permission denied"),
             errno.EPERM: _("permission denied"), errno.EISDIR: _("it is a folder, not a file"),
             errno.ENOTDIR: _("a part of the path is not a folder"),
             errno.ENOSPC: _("no space left on the device"),
             errno.EROFS: _("the file system is read-only")}
    return known.get(exc.errno, exc.strerror or str(exc))


class UserError(Exception):
    """A problem the user caused outside the data (a bad argument, a missing file)."""

    def __init__(self, message: str, status: int = 2):
        self.status = status
        super().__init__(message)
