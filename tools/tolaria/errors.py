"""The one error type for data problems: a file, a 1-based line and a message."""

from __future__ import annotations

from .tuples import named
import errno
from .i18n import _


class DataError(named("DataError", "file line message")):

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
    """What an operating-system error means, in the interface's language (an errno without
    words of its own is still named, by its symbol: EXDEV…)."""
    known = {errno.ENOENT: _("no such file or folder"), errno.EACCES: _("permission denied"),
             errno.EPERM: _("permission denied"), errno.EISDIR: _("it is a folder, not a file"),
             errno.ENOTDIR: _("a part of the path is not a folder"),
             errno.ENOSPC: _("no space left on the device"),
             errno.EROFS: _("the file system is read-only"),
             errno.ENAMETOOLONG: _("the file name is too long"),
             errno.ELOOP: _("too many symbolic links (a link that points to itself?)"),
             errno.EEXIST: _("it exists already"),
             errno.EBUSY: _("it is in use by another program"),
             errno.ENOTEMPTY: _("the folder is not empty"),
             errno.EMFILE: _("too many open files"),
             errno.ENFILE: _("too many open files"),
             errno.EDQUOT: _("the disk quota is exceeded"),
             errno.EFBIG: _("the file is too large"),
             errno.EIO: _("an input/output error of the device"),
             errno.EXDEV: _("it cannot be moved to another file system"),
             errno.EADDRINUSE: _("the address is already in use (is another server "
                                 "running?)"),
             errno.EADDRNOTAVAIL: _("the address is not available on this machine"),
             errno.ETXTBSY: _("it is in use by another program")}
    if exc.errno in known:
        return known[exc.errno]
    symbol = errno.errorcode.get(exc.errno) if exc.errno is not None else None
    if symbol:
        return _("the operating system refused ({symbol})").format(symbol=symbol)
    return _("the operating system refused ({problem})").format(problem=exc.strerror or exc)


class UserError(Exception):
    """A problem the user caused outside the data (a bad argument, a missing file)."""

    def __init__(self, message: str, status: int = 2):
        self.status = status
        super().__init__(message)
