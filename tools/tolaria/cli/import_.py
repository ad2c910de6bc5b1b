"""tolaria import FILE: read an official CR text file; print it, or write English sections."""

from __future__ import annotations

from ..i18n import _
from .common import print_json, rules_dir


def HELP() -> str:
    return _("read an official Comprehensive Rules text file (any encoding); print it as JSON "
             "or write the English YAML of the covered sections")


def EXAMPLE() -> str:
    return _("Example: tolaria import rules_20180713.txt --sections 104 --write")


def add_arguments(parser) -> None:
    parser.add_argument("file", metavar=_("FILE"), help=_("an official CR .txt file"))
    parser.add_argument("--json", action="store_true",
                        help=_("print the whole document as JSON, in the shape of export"))
    parser.add_argument("--sections", metavar=_("LIST"),
                        help=_("sections or keyword rules to take, e.g. 104,512-514,702.25"))
    parser.add_argument("--write", action="store_true",
                        help=_("write rules/en/<section>.yaml for each of --sections"))
    parser.add_argument("--lang", choices=["en", "es", "it"], help=_("interface language"))


def run(args) -> int:
    from pathlib import Path

    from ..errors import UserError
    from ..import_sections import document_json, parse_section_list, write_sections
    from ..importer import ImportError_, read_official

    try:
        doc = read_official(args.file)
    except ImportError_ as exc:
        raise UserError(str(exc)) from None
    import sys

    for warning in doc.warnings:
        print(_("warning: {warning}").format(warning=warning), file=sys.stderr)
    numbers = parse_section_list(args.sections) if args.sections else None
    if args.write:
        if not numbers:
            raise UserError(_("--write needs --sections (e.g. --sections 104,512-514)"))
        for path in write_sections(doc, Path(args.file), numbers, rules_dir(args)):
            print(_("wrote {file}").format(file=path))
        return 0
    if args.json:
        print_json(document_json(doc, numbers))
        return 0
    rules = sum(len(s.rules) for s in doc.sections.values())
    examples = sum(len(r.examples) for s in doc.sections.values() for r in s.rules)
    print(_("{file}: effective {date}; {sections} sections, {rules} rules, {examples} "
            "examples, {terms} glossary terms").format(
        file=Path(args.file).name, date=doc.effective.isoformat(), sections=len(doc.sections),
        rules=rules, examples=examples, terms=len(doc.glossary)))
    return 0
