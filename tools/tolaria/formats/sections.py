"""From an imported official document to the project: JSON, and English section files."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from ..errors import UserError
from .export import rulebook_json
from ..i18n import _
from ..cr.official import CRDocument, OfficialFileError, read_official, to_sections
from .summary import summary_line
from ..rulebook.folders import default_rules_dir
from ..today.loader import load_rulebook
from ..yamlfiles.nodes import display_path
from ..model import Edition, RuleBook
from ..numbering import BadNumber, RuleNumber, expand_range
from ..rulebook.writer import section_yaml
from ..files.atomic import write_files

HEADER = ("Section {number}, English: imported verbatim from the official Comprehensive Rules\n"
          "file {file} (effective {date}) by `tolaria import`. Do not edit by hand: import\n"
          "again instead. Rule text © Wizards of the Coast.")


def parse_section_list(text: str) -> list[str]:
    """'104,512-514,702.25' -> ['104', '512', '513', '514', '702.25']."""
    out: list[RuleNumber] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        try:
            if "-" in part:
                first, last = part.split("-", 1)
                out.extend(expand_range(first, last, strict=True))
            else:
                out.append(RuleNumber.parse(part))
        except BadNumber:
            raise UserError(_("--sections: '{part}' is not a section or rule number").format(
                part=repr(part)[1:-1])) from None  # escaped: one line, even for a line break
    for number in out:
        if number.letter:  # a section file holds a section or a rule
            raise UserError(_("--sections: {number} is a subrule; a section file holds a "
                              "section or a rule (e.g. 104, 702.25)").format(number=number))
    return [str(n) for n in out]


def source_file(path: Path) -> str:
    """How a section file names its official source, relative to the shared sources."""
    return f"reference/cr-en/{path.name}" if path.parent.name == "cr-en" else path.name


def document_json(doc: CRDocument, numbers: list[str] | None) -> dict:
    """The document in the shape `export` uses (only English, of course)."""
    chosen = numbers or list(doc.sections)
    edition = Edition(doc.effective, {"en": ""}, doc.file)
    try:
        sections = to_sections(doc, chosen, edition, doc.file)
    except OfficialFileError as exc:
        raise UserError(str(exc)) from None
    book = RuleBook({("en", str(s.number)): s for s in sections}, {doc.effective: edition})
    data = rulebook_json(book)
    data["glossary"] = [{"id": None, "names": {"en": {"name": g.term, "definition": g.definition}}}
                        for g in doc.glossary]
    return data


def write_sections(doc: CRDocument, path: Path, numbers: list[str], root: Path) -> list[str]:
    """Write rules/en/<n>.yaml for each number; nothing at all if anything is wrong."""
    book: RuleBook = load_rulebook(root)  # an invalid corpus stops us before any write
    edition = book.editions.get(doc.effective)
    if edition is None:
        raise UserError(_("the edition {date} is not in {file}: add it there (with its set "
                          "name in en, es and it), then import again").format(
            date=doc.effective.isoformat(), file=display_path(root / "editions.yaml", root)))
    try:
        sections = to_sections(doc, numbers, edition, source_file(path))
    except OfficialFileError as exc:
        raise UserError(str(exc)) from None
    texts = []
    for section in sections:
        header = HEADER.format(number=section.number, file=path.name,
                               date=doc.effective.isoformat())
        texts.append((root / "en" / f"{section.number}.yaml", section_yaml(section, header)))
    write_files(root, dict(texts))  # every section or none
    return [display_path(target, root) for target, _text in texts]


class ImportedFile(NamedTuple):
    """What `tolaria import FILE` made of a file: one of written, data or summary."""
    warnings: list[str]  # what reading the file noted (incomplete sections first)
    written: list[str] | None = None  # with write: the section files written
    data: dict | None = None  # with as_json: the document as JSON
    summary: str | None = None  # else: one line of counts


def import_official(file, sections: str | None = None, write: bool = False,
                    as_json: bool = False, rules_dir=None) -> ImportedFile:
    """Read an official CR text file; write the English YAML of sections (write), or give
    them, or the whole document, as JSON (as_json), or else a summary line."""
    if write and as_json:
        raise UserError(_("--write writes YAML files and prints their names: it takes no "
                          "--json"))
    numbers = parse_section_list(sections) if sections else None
    if numbers and not (write or as_json):
        raise UserError(_("--sections goes with --write or --json (it says which sections to "
                          "write or print)"))
    if write and not numbers:
        raise UserError(_("--write needs --sections (e.g. --sections 104,512-514)"))
    try:
        doc = read_official(file)
    except OfficialFileError as exc:
        raise UserError(str(exc)) from None
    warnings = list(doc.incomplete) + list(doc.warnings)
    if write:
        root = Path(rules_dir) if rules_dir is not None else Path(default_rules_dir())
        return ImportedFile(warnings, written=write_sections(doc, Path(file), numbers, root))
    if as_json:
        return ImportedFile(warnings, data=document_json(doc, numbers))
    return ImportedFile(warnings, summary=summary_line(doc, file))
