"""The one line that sums up an official file: its name, effective date and counts."""

from __future__ import annotations

from pathlib import Path

from ..i18n import _, format_date, format_number, ngettext
from ..cr.official import CRDocument


def summary_line(doc: CRDocument, file) -> str:
    """'rules_20180713.txt: effective July 13, 2018; 8 sections, 1,234 rules, ...'."""
    rules = sum(len(s.rules) for s in doc.sections.values())
    examples = sum(len(r.examples) for s in doc.sections.values() for r in s.rules)
    counts = [ngettext("{n} section", "{n} sections", len(doc.sections)),
              ngettext("{n} rule", "{n} rules", rules),
              ngettext("{n} example", "{n} examples", examples),
              ngettext("{n} glossary term", "{n} glossary terms", len(doc.glossary))]
    values = [len(doc.sections), rules, examples, len(doc.glossary)]
    return _("{file}: effective {date}; {counts}").format(
        file=Path(file).name, date=format_date(doc.effective),
        counts=", ".join(c.format(n=format_number(v)) for c, v in zip(counts, values)))
