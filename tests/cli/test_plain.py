"""A plain command line (cli.plain) is read as argparse reads it, or left to argparse; a
plain `show` imports neither argparse nor re nor gettext."""

import os
import subprocess
import sys

import pytest

from tolaria.cli import main
from tolaria.cli.parser import build_parser
from tolaria.cli.plain import read_plain

PLAIN = [
    ["show", "104.3b"], ["show", "104.3b", "--json"], ["show", "--json", "104.3b"],
    ["show", "702.26d", "--lang", "es"], ["show", "104", "--lang=all", "--json"],
    ["show", "104.3b", "--rules", "rules"], ["show", "104.3b", "--rules=other/rules"],
    ["show", "--glossary", "phased out"], ["show", "--glossary=-x"], ["show"],
    ["show", "104.3b", "--ui-lang", "it"], ["show", "104.3b", "--edition", "2020-01-01"],
    ["show", "rule 104.3B"], ["show", ""], ["show", "512-514", "--lang", "it", "--json"],
]
LEFT_TO_ARGPARSE = [
    [], ["--help"], ["show", "-h"], ["show", "--help"], ["--lang", "es", "show", "104"],
    ["show", "104", "--lang", "xx"], ["show", "104", "--ui-lang", "fr"], ["show", "104", "105"],
    ["show", "104", "--json", "--json"], ["show", "104", "--lang", "es", "--lang", "it"],
    ["show", "--json=yes", "104"], ["show", "--lang"], ["show", "--glossary", "-x"],
    ["show", "--", "104"], ["show", "-1"], ["show", "-"], ["show", "104", "--jso"],
    ["show", "104", "--unknown"], ["search", "phasing"], ["validate"], ["nothing", "104"],
]


def _argparse(argv):
    return vars(build_parser(argv[0]).parse_args(argv))


@pytest.mark.parametrize("argv", PLAIN)
def test_a_plain_line_is_read_as_argparse_reads_it(argv):
    read = read_plain(argv)
    assert read is not None
    assert vars(read) == _argparse(argv)


@pytest.mark.parametrize("argv", LEFT_TO_ARGPARSE)
def test_anything_else_is_left_to_argparse(argv):
    assert read_plain(argv) is None


def test_what_is_left_to_argparse_keeps_its_errors(capsys):
    assert main(["show", "104", "--lang", "xx"]) == 2
    assert "invalid choice: 'xx'" in capsys.readouterr().err


def test_a_plain_show_imports_neither_argparse_nor_re_nor_gettext(tmp_path):
    """Once its cache holds what it reads (the rulebook's snapshot, the whole CR's): the
    first run, in a process of its own and a cache of the test's own, puts it there (in the
    run's cache, the other workers' snapshots of other folders may prune it first)."""
    code = ("import sys\nfrom tolaria.cli import main\nmain(['show', '104.3b', '--lang', 'en'])\n"
            "print(sorted({'argparse', 're', 'gettext', 'enum'} & set(sys.modules)))")
    env = {**os.environ, "LANGUAGE": "en", "TOLARIA_CACHE": str(tmp_path / "cache")}
    for _first_and_second in range(2):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env=env, check=True)
    assert done.stdout.splitlines()[-1] == "[]"
