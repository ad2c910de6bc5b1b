"""What `tolaria check` prints: per rule, its examples and how each ended; coverage; JUnit."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from .checker import FAILED, NOT_EXECUTABLE, PASSED, Report
from ..i18n import _, format_number, ngettext
from ..rulebook.writer import write_output


def _status(status: str) -> str:
    return {PASSED: _("passed"), FAILED: _("FAILED"),
            NOT_EXECUTABLE: _("not executable")}[status]


def format_plain(report: Report, only_problems: bool = False) -> str:
    lines: list[str] = []
    for number, results in report.by_rule.items():
        if not results:
            if report.coverage_required and number in report.uncovered:
                lines.append(number)
                lines.append("  " + _("no example cites this rule"))
            continue
        shown = [r for r in results if not only_problems or r.status == FAILED]
        if not shown:
            continue
        lines.append(number)
        for r in shown:
            text = f"  {_status(r.status):<15} {r.id}"
            if r.status == FAILED:
                text += "\n      " + r.message
            elif r.status == NOT_EXECUTABLE:
                text += "  (" + r.message + ")"
            lines.append(text)
    lines.append("")
    lines.append(_("Coverage"))
    header = (_("section"), _("subrules"), _("cited"), _("executable"), "%")
    lines.append(f"  {header[0]:<10}{header[1]:>10}{header[2]:>8}{header[3]:>12}{header[4]:>8}")
    for row in report.coverage:
        name = _("total") if row.section == "total" else row.section
        subrules, cited, executable = (format_number(n) for n in
                                       (row.subrules, row.cited, row.executable))
        lines.append(f"  {name:<10}{subrules:>10}{cited:>8}{executable:>12}"
                     f"{format_number(row.percent, 1):>8}")
    counts = {s: sum(1 for r in report.examples if r.status == s)
              for s in (PASSED, FAILED, NOT_EXECUTABLE)}
    total = len(report.examples)
    lines.append("")
    lines.append(_("{examples}: {passed}, {failed}, {skipped}").format(
        examples=ngettext("{n} example", "{n} examples", total).format(n=format_number(total)),
        passed=ngettext("{n} passed", "{n} passed", counts[PASSED]).format(
            n=format_number(counts[PASSED])),
        failed=ngettext("{n} failed", "{n} failed", counts[FAILED]).format(
            n=format_number(counts[FAILED])),
        skipped=ngettext("{n} not executable", "{n} not executable",
                         counts[NOT_EXECUTABLE]).format(n=format_number(counts[NOT_EXECUTABLE]))))
    if report.uncovered and report.coverage_required:
        lines.append(_("rules without any example: {rules}").format(
            rules=", ".join(report.uncovered)))
    return "\n".join(lines)


def write_junit(report: Report, path) -> None:
    """A JUnit XML file: one test case per example (not executable ones as skipped)."""
    counts = {s: sum(1 for r in report.examples if r.status == s)
              for s in (PASSED, FAILED, NOT_EXECUTABLE)}
    suites = ET.Element("testsuites")
    suite = ET.SubElement(suites, "testsuite", name="tolaria check",
                          tests=str(len(report.examples)), failures=str(counts[FAILED]),
                          skipped=str(counts[NOT_EXECUTABLE]), errors="0")
    for r in report.examples:
        case = ET.SubElement(suite, "testcase", classname=r.file, name=r.id,
                             file=r.file, line=str(r.line))
        ET.SubElement(case, "properties").extend(
            [ET.Element("property", name="rule", value=n) for n in r.rules])
        if r.status == FAILED:
            ET.SubElement(case, "failure", message=r.message).text = r.message
        elif r.status == NOT_EXECUTABLE:
            ET.SubElement(case, "skipped", message=r.message)
    if report.uncovered and report.coverage_required:
        case = ET.SubElement(suite, "testcase", classname="coverage", name="every-rule-cited")
        message = _("rules without any example: {rules}").format(
            rules=", ".join(report.uncovered))
        ET.SubElement(case, "failure", message=message).text = message
        suite.set("tests", str(len(report.examples) + 1))
        suite.set("failures", str(counts[FAILED] + 1))
    ET.indent(suites)
    data = ET.tostring(suites, encoding="unicode", xml_declaration=True) + "\n"
    write_output(path, data)
