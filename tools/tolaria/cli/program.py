"""The `tolaria` program (the console script, and python -m tolaria): main(), then exit."""

from __future__ import annotations

import os
import sys

from ..errors import os_error_text
from ..i18n import _
from . import main


def run() -> None:
    """The `tolaria` program: main(), its output flushed, then exit with its status.

    The output is flushed here, not by the interpreter's shutdown, so that a write error
    is one line and status 2 (a full disk) or nothing at all (a reader that went away,
    `| head`), never a traceback. After such an error standard output is pointed at the
    null device, so that the shutdown's own flush of what is left has nothing to fail on
    (as the signal module's documentation advises for SIGPIPE)."""
    status = main(sys.argv[1:])
    try:
        sys.stdout.flush()
    except ValueError:  # main() closed the stream (the reader went away)
        pass
    except BrokenPipeError:  # the reader went away
        _discard_output()
    except OSError as exc:  # the output could not be written (a full disk)
        _discard_output()
        print(_("tolaria: {where}{problem}").format(where="", problem=os_error_text(exc)),
              file=sys.stderr)
        status = status or 2
    sys.exit(status)


def _discard_output() -> None:
    """Point standard output's file descriptor at the null device."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):
        pass
