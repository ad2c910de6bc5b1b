"""The checker: runs worked examples on the engine, reports per rule, measures coverage.

    from tolaria.checker import run_examples
    report = run_examples(book, paths=None)   # the project's examples, or files/folders
    report.examples   # ExampleResult(id, rules, status, message, file, line, titles, ...)
    report.coverage   # CoverageRow(section, subrules, cited, executable, percent) per section
"""

from __future__ import annotations

from typing import NamedTuple

from .reader import Example, example_edition, load_examples
from ..i18n import _, current_language
from ..model import RuleBook
from ..numbering import RuleNumber
from ..engine import EngineError, execute
from ..engine.expect import check

PASSED, FAILED, NOT_EXECUTABLE = "passed", "failed", "not_executable"


class ExampleResult(NamedTuple):
    id: str
    rules: tuple[str, ...]
    status: str  # passed | failed | not_executable
    message: str  # why it failed, or the reason it is not executable; "" when passed
    file: str
    line: int
    titles: dict[str, str]
    explain: dict[str, str] = {}
    cr_example: int | None = None
    edition: str = ""

    def to_json(self) -> dict:
        return {"id": self.id, "rules": list(self.rules), "status": self.status,
                "message": self.message, "file": self.file, "line": self.line,
                "titles": self.titles, "edition": self.edition,
                "cr_example": self.cr_example}


class CoverageRow(NamedTuple):
    section: str
    subrules: int
    cited: int
    executable: int
    percent: float  # executable / subrules, in percent

    def to_json(self) -> dict:
        return self._asdict()


class Report(NamedTuple):
    examples: tuple[ExampleResult, ...]
    coverage: tuple[CoverageRow, ...]  # per section, then a "total" row
    uncovered: tuple[str, ...]  # subrules no example cites
    by_rule: dict[str, tuple[ExampleResult, ...]]  # every rule number -> its examples
    coverage_required: bool = True

    @property
    def failed(self) -> list[ExampleResult]:
        return [r for r in self.examples if r.status == FAILED]

    @property
    def ok(self) -> bool:
        return not self.failed and not (self.coverage_required and self.uncovered)

    def for_section(self, section: str) -> list[ExampleResult]:
        """The examples citing any rule of a section (for the site's pages)."""
        number = RuleNumber.parse(section)
        return [r for r in self.examples
                if any(RuleNumber.parse(n).is_within(number) for n in r.rules)]

    def to_json(self) -> dict:
        return {"examples": [r.to_json() for r in self.examples],
                "coverage": {"sections": [row.to_json() for row in self.coverage[:-1]],
                             "total": self.coverage[-1].to_json(),
                             "uncovered": list(self.uncovered)},
                "ok": self.ok}


def run_example(example: Example, book: RuleBook) -> ExampleResult:
    """Run one example on the engine: passed, failed (the first expectation that did not
    hold, expected vs actual), or not executable."""
    edition = example_edition(example, book)
    base = dict(id=example.id, rules=tuple(str(n) for n in example.rules), file=example.file,
                line=example.line, titles=dict(example.title), explain=dict(example.explain),
                cr_example=example.cr_example, edition=edition.isoformat())
    if example.not_executable is not None:  # the reason in the interface's language
        return ExampleResult(status=NOT_EXECUTABLE, message=example.reason(current_language()),
                             **base)
    try:
        game = execute(example.given, example.do, edition)
    except EngineError as exc:
        return ExampleResult(status=FAILED, message=_(
            "{file}:{line}: the engine cannot run this: {problem}").format(
                file=example.file, line=exc.line or example.line, problem=exc), **base)
    for expectation in example.expect:
        mismatch = check(game, expectation.name, expectation.args)
        if mismatch is not None:
            return ExampleResult(status=FAILED, message=_(
                "{file}:{line}: {what}: expected {expected}, got {actual}").format(
                    file=example.file, line=expectation.line, what=mismatch.what,
                    expected=_show(mismatch.expected), actual=_show(mismatch.actual)), **base)
    return ExampleResult(status=PASSED, message="", **base)


def _show(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    return str(value)


def coverage(book: RuleBook, results) -> tuple[tuple[CoverageRow, ...], tuple[str, ...]]:
    """Per English section: its subrules, how many an example cites, how many an executable
    example cites; and the subrules no example cites."""
    cited: set[str] = set()
    executable: set[str] = set()
    for result in results:
        cited.update(result.rules)
        if result.status != NOT_EXECUTABLE:
            executable.update(result.rules)
    rows, uncovered = [], []
    totals = [0, 0, 0]
    for number in book.section_numbers("en"):
        section = book.section("en", number)
        numbers = [str(r.number) for r in section.rules]
        n_cited = sum(1 for n in numbers if n in cited)
        n_exec = sum(1 for n in numbers if n in executable)
        uncovered.extend(n for n in numbers if n not in cited)
        rows.append(CoverageRow(str(number), len(numbers), n_cited, n_exec,
                                _percent(n_exec, len(numbers))))
        totals = [totals[0] + len(numbers), totals[1] + n_cited, totals[2] + n_exec]
    rows.append(CoverageRow("total", *totals, _percent(totals[2], totals[0])))
    return tuple(rows), tuple(uncovered)


def _percent(part: int, whole: int) -> float:
    return round(100.0 * part / whole, 1) if whole else 100.0


def run_examples(book: RuleBook, paths=None, require_coverage: bool | None = None) -> Report:
    """Run the project's examples (paths=None) or those of the files/folders given.
    Raises DataErrors for malformed files or rules the rulebook lacks. Coverage is required
    of the project's examples (require_coverage overrides)."""
    examples = load_examples(book, paths)
    results = tuple(run_example(e, book) for e in examples)
    rows, uncovered = coverage(book, results)
    by_rule: dict[str, list[ExampleResult]] = {}
    for number in book.all_numbers("en"):
        by_rule[str(number)] = []
    for result in results:
        for number in result.rules:
            by_rule.setdefault(number, []).append(result)
    required = paths is None if require_coverage is None else require_coverage
    return Report(results, rows, uncovered, {k: tuple(v) for k, v in by_rule.items()},
                  required)
