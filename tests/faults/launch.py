"""Run the tolaria CLI as `python launch.py ARGS`, optionally with a deliberately broken
writer, to show that the fault tests notice a file written in place.

TOLARIA_FAULTS_BROKEN=1 turns every os.replace(tmp, target) into an in-place rewrite of
target (truncate, then write slowly in small pieces): what a non-atomic writer does."""

import os
import sys
import time

if os.environ.get("TOLARIA_FAULTS_BROKEN"):
    _replace = os.replace

    def _in_place(src, dst, *args, **kwargs):
        if os.path.isdir(src):
            return _replace(src, dst, *args, **kwargs)
        with open(src, "rb") as stream:
            data = stream.read()
        with open(dst, "wb") as out:  # truncated now: a reader sees a torn file
            for start in range(0, len(data), 2048):
                out.write(data[start:start + 2048])
                out.flush()
                time.sleep(0.002)
        os.unlink(src)

    os.replace = _in_place
    os.rename = _in_place

from tolaria.cli import main  # noqa: E402

sys.exit(main(sys.argv[1:]))
