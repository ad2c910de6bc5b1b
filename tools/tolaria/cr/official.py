"""Official CR text files: decode whatever Wizards shipped and parse every rule and term.

The files come in Windows-1252, UTF-8 with or without a byte-order mark and UTF-16 (both
byte orders), with CRLF, bare CR, LF or mixed line endings, and with a few typographic
slips in the numbering ("118.1d.", "606.5 If", "901.4.All"). The parser reads the body of
the document (between the table of contents and the glossary), the glossary, and the
effective date, keeping every text verbatim (only line endings and trailing blanks go).
A file cut short (sections its contents list but its body lacks, no glossary, no credits)
is said so in `CRDocument.incomplete`; what must not build on it (the history) refuses it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from ..errors import os_error_text
from ..i18n import _
from ..model import Paragraph, Rule, Section, Source
from ..numbering import RuleNumber

_EFFECTIVE = re.compile(r"effective as of\s+(?P<date>[A-Z][a-z]+\.?\s+\d{1,2},\s+\d{4})")
_SECTION = re.compile(r"^(?P<number>[1-9]\d{2})\.\s+(?P<title>\S.*)$")
_RULE = re.compile(r"^(?P<number>[1-9]\d{2}\.\d+[a-z]?)(?:\.\s*|\s+)(?P<text>\S.*)$")
_CHAPTER = re.compile(r"^(?P<number>[1-9])\.\s+(?P<title>\S.*)$")
_EXAMPLE = re.compile(r"^Example:")


class OfficialFileError(Exception):
    """The file cannot be read as a CR document; the message says what and where."""


@dataclass
class ImportedRule:
    number: str
    text: str
    line: int
    examples: list[str] = field(default_factory=list)


@dataclass
class ImportedSection:
    number: str
    title: str
    line: int
    rules: list[ImportedRule] = field(default_factory=list)


@dataclass
class GlossaryEntry:
    term: str
    definition: str
    line: int


@dataclass
class CRDocument:
    """One official edition of the Comprehensive Rules."""

    file: str
    effective: date
    sections: dict[str, ImportedSection]
    glossary: list[GlossaryEntry]
    warnings: list[str] = field(default_factory=list)  # slips of the file, kept as printed
    incomplete: list[str] = field(default_factory=list)  # how the file is cut short, if it is
    chapters: dict[str, str] = field(default_factory=dict)  # "1" -> "Game Concepts"

    def rule(self, number: str) -> ImportedRule | None:
        section = self.sections.get(number.split(".")[0])
        if section is None:
            return None
        for rule in section.rules:
            if rule.number == number:
                return rule
        return None

    def extract(self, number: str) -> ImportedSection | None:
        """A section ('104') or a rule with its subrules ('702.25') as a section of its own."""
        if "." not in number:
            return self.sections.get(number)
        head = self.rule(number)
        if head is None:
            return None
        section = self.sections[number.split(".")[0]]
        rules = [r for r in section.rules if r.number != number
                 and re.fullmatch(re.escape(number) + r"[a-z]", r.number)]
        title = head.text.rstrip(".")
        return ImportedSection(number, title, head.line, rules)

    def term(self, name: str) -> GlossaryEntry | None:
        for entry in self.glossary:
            if entry.term.lower() == name.lower():
                return entry
        return None


def decode(raw: bytes) -> str:
    """Text of an official file, whatever its encoding, with '\\n' line endings."""
    if raw.startswith(b"\xef\xbb\xbf"):
        text = raw[3:].decode("utf-8")
    elif raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = raw.decode("utf-16")
    elif len(raw) > 1 and raw[1:2] == b"\x00" and raw[0:1] != b"\x00":
        text = raw.decode("utf-16-le")  # UTF-16 without a byte-order mark
    elif len(raw) > 1 and raw[0:1] == b"\x00":
        text = raw.decode("utf-16-be")
    else:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("cp1252", errors="replace")
    text = text.lstrip("\ufeff")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def effective_date(text: str) -> date | None:
    match = _EFFECTIVE.search(text[:5000])
    if not match:
        return None
    raw = re.sub(r"\s+", " ", match["date"].replace(".", ""))
    for fmt in ("%B %d, %Y", "%b %d, %Y"):
        try:
            return datetime.strptime(raw, fmt).date()
        except ValueError:
            continue
    return None


def read_official(path: Path | str) -> CRDocument:
    """Parse a whole official CR text file. Raises OfficialFileError with a clear message."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise OfficialFileError(_("{file}: cannot read the file: {problem}").format(
            file=path, problem=os_error_text(exc))) from None
    return parse_official(decode(raw), path.name)


def parse_official(text: str, name: str) -> CRDocument:
    lines = [line.rstrip() for line in text.split("\n")]
    effective = effective_date(text)
    if effective is None:
        raise OfficialFileError(_("{file}:1: no line 'These rules are effective as of …': is this "
                             "an official Comprehensive Rules text file?").format(file=name))
    body_start = _body_start(lines)
    if body_start is None:
        if _contents(lines, len(lines)):
            raise OfficialFileError(_("{file}:{line}: the file ends in its table of contents, "
                                      "before any rule: is it cut short?").format(
                file=name, line=_last_line(lines)))
        raise OfficialFileError(_("{file}:1: no numbered rules found (expected lines like "
                             "'100.1. …')").format(file=name))
    sections: dict[str, ImportedSection] = {}
    current: ImportedSection | None = None
    rule: ImportedRule | None = None
    glossary_at = None
    chapters: dict[str, str] = {}
    before = next((lines[i] for i in range(body_start - 1, -1, -1) if lines[i]), "")
    if match := _CHAPTER.match(before):  # the first chapter's heading precedes the body
        chapters[match["number"]] = match["title"]
    for index in range(body_start, len(lines)):
        line = lines[index]
        if not line:
            continue
        if line.strip() == "Glossary" and sections:
            glossary_at = index + 1
            break
        if (match := _RULE.match(line)) and current is not None \
                and match["number"].split(".")[0] == current.number:
            rule = ImportedRule(match["number"], match["text"], index + 1)
            current.rules.append(rule)
        elif match := _SECTION.match(line):
            current = ImportedSection(match["number"], match["title"], index + 1)
            sections.setdefault(current.number, current)
            rule = None
        elif match := _CHAPTER.match(line):
            chapters.setdefault(match["number"], match["title"])
            rule = None
        elif rule is not None and _EXAMPLE.match(line):
            rule.examples.append(line)
        elif rule is not None:  # a paragraph that continues the rule above it
            rule.text += "\n" + line
    glossary = _read_glossary(lines, glossary_at) if glossary_at else []
    last = _last_line(lines)
    incomplete = [_("{file}:{line}: the file ends before section {number}, which its contents "
                    "list (line {listed}): is it cut short?").format(
        file=name, line=last, number=number, listed=listed)
        for number, listed in _contents(lines, body_start) if number not in sections][:1]
    if not glossary:
        incomplete.append(_("{file}:{line}: no glossary after the rules: is the file complete?"
                            ).format(file=name, line=last))
    elif not any(line.strip() == "Credits" for line in lines[glossary_at:]):
        incomplete.append(_("{file}:{line}: no credits after the glossary: is the file "
                            "complete?").format(file=name, line=last))
    return CRDocument(name, effective, sections, glossary, _duplicates(name, sections),
                      incomplete, chapters)


def _contents(lines: list[str], end: int) -> list[tuple[str, int]]:
    """(number, line) of each section the table of contents lists (before index end)."""
    start = next((i for i, line in enumerate(lines[:end]) if line.strip() == "Contents"), None)
    if start is None:
        return []
    return [(match["number"], index + 1) for index in range(start + 1, end)
            if (match := _SECTION.match(lines[index]))]


def _last_line(lines: list[str]) -> int:
    """The 1-based number of the last line that is not blank."""
    return next((i + 1 for i in range(len(lines) - 1, -1, -1) if lines[i].strip()), 1)


def _duplicates(name: str, sections: dict[str, ImportedSection]) -> list[str]:
    """Numbers the file prints twice (2024-09-20 has two rules 702.175); both are kept."""
    first: dict[str, int] = {}
    out = []
    for section in sections.values():
        for rule in section.rules:
            if rule.number in first:
                out.append(_("{file}:{line}: rule {number} appears twice (first at line "
                             "{first}); both are kept").format(
                    file=name, line=rule.line, number=rule.number, first=first[rule.number]))
            else:
                first[rule.number] = rule.line
    return out


def _body_start(lines: list[str]) -> int | None:
    """Index of the first section heading of the body (the contents list them too)."""
    for index, line in enumerate(lines):
        if _RULE.match(line):
            for back in range(index - 1, -1, -1):
                if _SECTION.match(lines[back]):
                    return back
            return index
    return None


def _read_glossary(lines: list[str], start: int) -> list[GlossaryEntry]:
    entries: list[GlossaryEntry] = []
    block: list[tuple[int, str]] = []
    for index in range(start, len(lines) + 1):
        line = lines[index] if index < len(lines) else ""
        if line.strip() == "Credits":
            line = ""
            stop = True
        else:
            stop = False
        if line:
            block.append((index + 1, line))
        elif block:
            if len(block) >= 2:
                entries.append(GlossaryEntry(block[0][1], "\n".join(t for _, t in block[1:]),
                                             block[0][0]))
            block = []
        if stop:
            break
    return entries


def to_sections(doc: CRDocument, numbers: list[str], edition, source_file: str) -> list:
    """The given sections (or keyword rules such as 702.25) of doc as model Sections."""
    out = []
    for number in numbers:
        part = doc.extract(number)
        if part is None:
            raise OfficialFileError(_("{file}: has no section or rule {number}").format(
                file=doc.file, number=number))
        source = Source("official", "Magic: The Gathering Comprehensive Rules, effective "
                        + doc.effective.isoformat(), source_file)
        rules = tuple(Rule.of(RuleNumber.parse(r.number), r.text,
                              tuple(Paragraph.of(e, r.line) for e in r.examples),
                              file=doc.file, line=r.line) for r in part.rules)
        out.append(Section(RuleNumber.parse(number), part.title, "en", edition, source, rules,
                           doc.file, part.line))
    return out
