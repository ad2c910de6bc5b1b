"""tolaria check: run the worked examples on the engine; per rule, how each ended; coverage."""

from __future__ import annotations

from pathlib import Path

from ..i18n import _
from ..examples.checker import run_examples
from ..examples.report import format_plain, write_junit
from .common import print_json, rulebook


def HELP() -> str:
    return _("run the worked examples (the project's, or the files and folders given) on the "
             "rules engine, and report per rule how each ended, with coverage per section")


def EXAMPLE() -> str:
    return _("Example: tolaria check rules/examples/702.25.yaml --json")


def add_arguments(parser) -> None:
    parser.add_argument("paths", nargs="*", metavar=_("PATH"),
                        help=_("example files or folders (default: the rulebook's examples/)"))
    parser.add_argument("--json", action="store_true", help=_("print the report as JSON"))
    parser.add_argument("--junit", metavar=_("FILE"), help=_("also write a JUnit XML report"))
    parser.add_argument("--coverage", action="store_true",
                        help=_("with PATHs, also fail when a subrule has no example (always "
                               "so for the project's own examples)"))


def run(args) -> int:
    book = rulebook(args)
    paths = args.paths or None
    report = run_examples(book, paths, require_coverage=True if args.coverage else None)
    if args.junit:
        write_junit(report, Path(args.junit))
    if args.json:
        print_json(report.to_json())
    else:
        print(format_plain(report))
    return 0 if report.ok else 1
