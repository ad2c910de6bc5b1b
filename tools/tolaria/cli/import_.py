"""tolaria import FILE: read an official CR text file; print it, or store it."""

from __future__ import annotations

from pathlib import Path

from ..i18n import _
from .common import print_json, rules_dir
from .import_parts import add_to_history, refuse_pairings, warn


def HELP() -> str:
    return _("read an official Comprehensive Rules text file (any encoding); print it as JSON, "
             "write the English YAML of the covered sections, add it to the rule history, or "
             "store it as the whole CR in English (rules/cr/en.json)")


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
    parser.add_argument("--history", action="store_true",
                        help=_("add the file as the newest edition of rules/history/ and "
                               "print what changed in the covered rules"))
    parser.add_argument("--whole", action="store_true",
                        help=_("store the whole file (every rule, the glossary) as the whole "
                               "CR in English, rules/cr/en.json, replacing the one there"))


def run(args) -> int:
    from ..errors import UserError
    from ..formats.official import OfficialFileError, read_official

    refuse_pairings(args)
    if args.history:
        return add_to_history(args)
    try:
        doc = read_official(args.file)
        if args.whole:
            from ..cr.store import describe_import, write_whole_cr

            print(describe_import(*write_whole_cr(doc, rules_dir(args))))
            return 0
    except OfficialFileError as exc:
        raise UserError(str(exc)) from None
    warn(doc.incomplete + doc.warnings)
    from ..formats.sections import document_json, document_summary, parse_section_list
    from ..formats.sections import write_sections

    numbers = parse_section_list(args.sections) if args.sections else None
    if args.write:
        for path in write_sections(doc, Path(args.file), numbers, rules_dir(args)):
            print(_("wrote {file}").format(file=path))
    else:
        print_json(document_json(doc, numbers)) if args.json else print(document_summary(doc))
    return 0
