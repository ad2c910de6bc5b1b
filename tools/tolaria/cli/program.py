"""The `tolaria` program (the console script, and python -m tolaria): main(), then exit."""

from __future__ import annotations

import gc
import os
import sys

from ..errors import os_error_text
from ..i18n import _
from . import main

# The cyclic garbage collector's thresholds for a command (Python 3.11's: 700, 10, 10). A
# command builds many objects that live until it ends (the rulebook, the caches' tables, the
# index's terms) and few reference cycles, and each full pass of the collector walks every
# object alive. On Python 3.11, collecting takes `validate` about 0.3 s of its 2 s with
# Python's thresholds and 0.04 s with these; a whole `tolaria site` on an empty cache, 3.2 s
# and 0.8 s.
THRESHOLDS = (50_000, 20, 100)


def tune_collector() -> None:
    """The collector run as seldom as THRESHOLDS say, for the rest of the process."""
    gc.set_threshold(*THRESHOLDS)


def run() -> None:
    """The `tolaria` program: main(), its output flushed, then exit with its status.

    The output is flushed here, not by the interpreter's shutdown, so that a write error
    is one line and status 2 (a full disk) or nothing at all (a reader that went away,
    `| head`), never a traceback. After such an error standard output is pointed at the
    null device, so that the shutdown's own flush of what is left has nothing to fail on
    (as the signal module's documentation advises for SIGPIPE)."""
    tune_collector()
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
