"""From an imported official document to the project: JSON, and English section files."""

from __future__ import annotations

from pathlib import Path

from ..errors import UserError
from .export import rulebook_json
from ..i18n import _
from .official import CRDocument, OfficialFileError, to_sections
from ..rulebook.loader import load_rulebook
from ..yamlfiles.nodes import display_path
from ..model import Edition, RuleBook
from ..numbering import BadNumber, RuleNumber, expand_range
from ..rulebook.writer import section_yaml, write_atomically

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
                part=part)) from None
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
    written = []
    for target, text in texts:
        write_atomically(target, text)
        written.append(display_path(target, root))
    return written


def document_summary(doc: CRDocument) -> str:
    """One line: the file, its effective date, and how many sections, rules, examples and
    glossary terms it holds."""
    from ..i18n import format_date, format_number, ngettext

    rules = sum(len(s.rules) for s in doc.sections.values())
    examples = sum(len(r.examples) for s in doc.sections.values() for r in s.rules)
    counts = [ngettext("{n} section", "{n} sections", len(doc.sections)),
              ngettext("{n} rule", "{n} rules", rules),
              ngettext("{n} example", "{n} examples", examples),
              ngettext("{n} glossary term", "{n} glossary terms", len(doc.glossary))]
    values = [len(doc.sections), rules, examples, len(doc.glossary)]
    return _("{file}: effective {date}; {counts}").format(
        file=doc.file, date=format_date(doc.effective),
        counts=", ".join(c.format(n=format_number(v)) for c, v in zip(counts, values)))
