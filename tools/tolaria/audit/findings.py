"""What the audit reports: one Finding per problem, with its severity and place."""

from __future__ import annotations

from typing import NamedTuple

from ..i18n import N_, _
from ..numbering import RuleNumber

# Most severe first. critical: a reader following the translation would apply another rule
# (a rule missing, shifted, a number changed); functional: the text misleads or fails a
# reader (a wrong citation, term or card name, English left in); cosmetic: typography and
# spelling.
SEVERITIES = ("critical", "functional", "cosmetic")

CHECKS = ("alignment", "structure", "cross-references", "numbers", "glossary", "card-names",
          "edition", "untranslated", "punctuation", "spelling", "waiver")

# What people read for the codes above (the codes stay English: waivers and JSON use them).
_LABELS = {
    "critical": N_("critical"), "functional": N_("functional"), "cosmetic": N_("cosmetic"),
    "alignment": N_("alignment"), "structure": N_("structure"),
    "cross-references": N_("cross-references"), "numbers": N_("numbers"),
    "glossary": N_("glossary"), "card-names": N_("card names"), "edition": N_("edition"),
    "untranslated": N_("untranslated"), "punctuation": N_("punctuation"),
    "spelling": N_("spelling"), "waiver": N_("waiver"),
}


def label(code: str) -> str:
    """A check's or a severity's name in the interface language."""
    return _(_LABELS[code]) if code in _LABELS else code


class Finding(NamedTuple):
    lang: str
    rule: str  # the translation's rule number (or the section's, for section-wide findings)
    check: str
    severity: str
    expected: str
    found: str
    file: str
    line: int
    key: str  # what was found, short and stable: with (lang, rule, check) a waiver's target
    section: str = ""
    waived: bool = False
    waiver: dict | None = None  # reason, by, date of the waiver, when waived

    @property
    def identity(self) -> tuple[str, str, str, str]:
        return (self.lang, self.rule, self.check, self.key)

    def sort_key(self) -> tuple:
        try:
            number = RuleNumber.parse(self.rule).sort_key()
        except ValueError:
            number = (0, 0, 0)
        return (SEVERITIES.index(self.severity), self.lang, number, CHECKS.index(self.check),
                self.key)

    def to_json(self) -> dict:
        out = {"lang": self.lang, "rule": self.rule, "check": self.check,
               "severity": self.severity, "expected": self.expected, "found": self.found,
               "file": self.file, "line": self.line, "waived": self.waived, "key": self.key,
               "section": self.section, "check_label": label(self.check),
               "severity_label": label(self.severity)}
        if self.waiver:
            out["waiver"] = self.waiver
        return out


def finding(check: str, severity: str, lang: str, rule, expected: str, found: str,
            where, key: str, section="") -> Finding:
    """A Finding; where is a Rule, Section or Paragraph-like thing with file and line, or a
    (file, line) pair."""
    if isinstance(where, tuple) and len(where) == 2 and isinstance(where[1], int):
        file, line = where
    else:
        file, line = getattr(where, "file", ""), getattr(where, "line", 0)
    return Finding(lang, str(rule), check, severity, expected, found, file, line, key,
                   str(section))
