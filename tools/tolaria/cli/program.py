"""The `tolaria` program (the console script, and python -m tolaria): main(), then exit."""

from __future__ import annotations

import os
import sys

from ..errors import os_error_text
from ..i18n import _
from . import main
from .interface import command_position

# Commands that only read, and start no thread: their process may end without the
# interpreter's teardown (see run()).
READ_ONLY = ("show", "search")


def run() -> None:
    """The `tolaria` program: main(), then exit with its status.

    A read-only command ends with os._exit once its output is flushed. Python's teardown
    of the modules it loaded (argparse, re, gettext and ours) takes each lookup about
    2.5 ms, as long as the lookup itself (bench/bench_show.py), and frees nothing the
    operating system would not. Any other command exits normally, so that atexit
    handlers, finalizers and threads run as they should."""
    argv = sys.argv[1:]
    status = main(argv)
    at = command_position(argv)
    if at >= len(argv) or argv[at] not in READ_ONLY:
        sys.exit(status)
    try:
        sys.stdout.flush()
    except (BrokenPipeError, ValueError):  # the reader went away (`| head`), or main()
        pass                               # closed the stream for that reason
    except OSError as exc:  # the output could not be written (a full disk)
        print(_("tolaria: {where}{problem}").format(where="", problem=os_error_text(exc)),
              file=sys.stderr)
        status = status or 2
    try:
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(status)
