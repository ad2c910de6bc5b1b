"""The `tolaria` program (cli.program): run() flushes the output itself, so that a write
error is one line (or nothing, when the reader went away), then exits normally."""

import contextlib
import io
import os
import subprocess
import sys

import pytest

from tolaria.cli import main
from tolaria.cli.program import THRESHOLDS
from tolaria_testing import FIXTURES

PROGRAM = [sys.executable, "-m", "tolaria"]


def in_process(*args) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(list(args))
    return status, out.getvalue()


@pytest.mark.parametrize("args", [
    ["show", "104", "--lang", "all"],            # several screens of text
    ["show", "104.3b", "--json"],
    ["search", "phasing", "--lang", "all", "--json"],
    ["show", "999.9"],                           # an error: status 1, nothing on stdout
])
def test_a_program_prints_all_that_main_prints_and_its_status(args):
    status, expected = in_process(*args)
    done = subprocess.run(PROGRAM + args, capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (status, expected)


def test_a_reader_that_goes_away_ends_it_quietly():
    reader = subprocess.Popen(["head", "-c", "10"], stdin=subprocess.PIPE,
                              stdout=subprocess.DEVNULL)
    done = subprocess.run(PROGRAM + ["show", "104", "--lang", "all"], stdout=reader.stdin,
                          stderr=subprocess.PIPE, text=True)
    reader.stdin.close()
    reader.wait()
    assert (done.returncode, done.stderr) == (0, "")


# validate on the tiny rulebook: what these tests look at is the program's way out, not the data
COMMANDS = [["show", "104.3b"], ["search", "phasing"],
            ["validate", "--rules", str(FIXTURES / "rulebook")]]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("command", COMMANDS)
def test_a_full_disk_is_one_line_and_status_2(command):
    with open("/dev/full", "w") as full:
        done = subprocess.run(PROGRAM + command, stdout=full, stderr=subprocess.PIPE, text=True)
    assert done.returncode == 2
    assert done.stderr.startswith("tolaria: ") and len(done.stderr.splitlines()) == 1


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_ends_with_the_interpreters_teardown(command):
    script = ("import atexit, sys\n"
              "atexit.register(lambda: sys.stderr.write('teardown\\n'))\n"
              f"sys.argv = ['tolaria'] + {command!r}\n"
              "from tolaria.cli.program import run\n"
              "run()\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0 and done.stderr == "teardown\n"


def test_a_command_runs_the_garbage_collector_at_the_programs_thresholds():
    """The first two (the third is not kept by every Python version's collector), which
    differ from the interpreter's own."""
    script = ("import gc\nfrom tolaria.cli import program\nprint(*gc.get_threshold())\n"
              "program.main = lambda argv: print(*gc.get_threshold()) or 0\nprogram.run()\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    python, program = (tuple(map(int, line.split()))[:2] for line in done.stdout.splitlines())
    assert program == THRESHOLDS[:2] != python


def test_a_warning_is_one_plain_line_not_pythons(tmp_path):
    """A cache it cannot write: the index is built in memory, and the site's build says so
    in one line of the program's own, where Python printed its own lines (a source file and
    its code) for each site language."""
    (tmp_path / "a-file").write_text("")
    env = dict(os.environ, TOLARIA_CACHE=str(tmp_path / "a-file" / "cache"),
               NO_MKDOCS_2_WARNING="1")
    done = subprocess.run(PROGRAM + ["site", "--out", str(tmp_path / "site"), "--rules",
                                     str(FIXTURES / "rulebook")],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0 and len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith("tolaria: warning: the search index could not be saved in ")
