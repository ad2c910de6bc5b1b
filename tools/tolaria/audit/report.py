"""The audit as plain text: a summary per language, then each section's findings, most
severe first."""

from __future__ import annotations

from itertools import groupby

from ..i18n import (_, format_date, format_number, format_percent, language_name, ngettext,
                    source_kind_label)
from ..numbering import RuleNumber
from .findings import SEVERITIES, Finding, label
from .runner import AuditReport


def _section_key(f: Finding) -> tuple:
    try:
        number = RuleNumber.parse(f.section).sort_key() if f.section else (9999, 0, 0)
    except ValueError:
        number = (9999, 0, 0)
    return (f.lang, number)


def _severity_count(severity: str, count: int) -> str:
    """'1 critical', '2 critical' / '1 crítico', '2 críticos': real plural forms."""
    n = format_number(count)
    if severity == "critical":
        return ngettext("{count} critical", "{count} critical", count).format(count=n)
    if severity == "functional":
        return ngettext("{count} functional", "{count} functional", count).format(count=n)
    return ngettext("{count} cosmetic", "{count} cosmetic", count).format(count=n)


def render_text(report: AuditReport) -> str:
    lines = [_("Translation audit"), ""]
    for lang, s in report.summary.items():
        counts = ", ".join(_severity_count(sev, s["findings"][sev]) for sev in SEVERITIES)
        g = s["glossary"]
        sections = ngettext("{n} section", "{n} sections", s["sections"]).format(
            n=format_number(s["sections"]))
        rules = ngettext("{n} rule checked", "{n} rules checked", s["rules_checked"]).format(
            n=format_number(s["rules_checked"]))
        terms = ngettext("{n} term used", "{n} terms used", g["terms_used"]).format(
            n=format_number(g["terms_used"]))
        lines.append(_("{lang} ({code}): {sections}, {rules}; "
                       "findings: {counts}; waived: {waived}; glossary: {approved} of {uses} "
                       "uses approved ({coverage}), {terms}").format(
            lang=language_name(lang), code=lang, sections=sections,
            rules=rules, counts=counts, waived=format_number(s["waived"]),
            approved=format_number(g["approved"]), uses=format_number(g["uses"]),
            coverage=format_percent(g["coverage"]), terms=terms))
        behind = s.get("behind_current")
        if behind is not None:
            lines.append("  " + _(
                "against the current edition ({edition}), not a finding: {stale} stale since "
                "their base, {missing} not translated (tolaria status --lang {code})").format(
                edition=format_date(behind["edition"]),
                stale=format_number(behind["stale"]),
                missing=format_number(behind["untranslated"]), code=lang))
    info = {(s["lang"], s["section"]): s for s in report.sections}
    for (lang, _key), group in groupby(sorted(report.findings, key=_section_key),
                                       key=_section_key):
        group = sorted(group, key=lambda f: (SEVERITIES.index(f.severity), f.sort_key()))
        section = group[0].section
        lines.append("")
        lines.append(_header(lang, section, info.get((lang, section))))
        for f in group:
            mark = (_(" (waived: {reason}, {by}, {date})").format(
                reason=f.waiver["reason"], by=f.waiver["by"],
                date=format_date(f.waiver["date"])) if f.waived else "")
            lines.append(f"  [{label(f.severity)}] {f.rule} {label(f.check)}{mark}  "
                         f"{f.file}:{f.line}")
            lines.append("      " + _("expected: {text}").format(text=f.expected))
            lines.append("      " + _("found:    {text}").format(text=f.found))
    if not report.findings:
        lines += ["", _("No findings.")]
    if report.notes:
        lines += ["", _("Notes:")] + [f"  - {note}" for note in report.notes]
    return "\n".join(lines)


def _header(lang: str, section: str, info: dict | None) -> str:
    if not section:
        return _("== {lang}: waivers").format(lang=lang)
    if info is None:
        return f"== {lang} {section}"
    compared = info["compared_with"]
    if compared is None:
        return _("== {lang} {section} ({source}; no English to compare with)").format(
            lang=lang, section=section, source=source_kind_label(info["source"]))
    return _("== {lang} {section} ({source}, {file}; claims {claims}; compared with the "
             "English {number} of {edition})").format(
        lang=lang, section=section, source=source_kind_label(info["source"]), file=info["file"],
        claims=format_date(info["claims"]), number=compared["number"],
        edition=format_date(compared["edition"]))


