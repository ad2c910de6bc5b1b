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
    parser.add_argument("--history", action="store_true",
                        help=_("add the file as the newest edition of rules/history/ and "
                               "print what changed in the covered rules"))


def run(args) -> int:
    from pathlib import Path

    from ..errors import UserError

    if args.history and (args.sections or args.write):
        raise UserError(_("--history adds the whole file to rules/history/: it takes no "
                          "--sections or --write"))
    if args.write and args.json:
        raise UserError(_("--write writes YAML files and prints their names: it takes no "
                          "--json"))
    if args.history:
        return _add_to_history(args)
    from ..formats.sections import document_json, parse_section_list, write_sections
    from ..formats.official import OfficialFileError, read_official

    try:
        doc = read_official(args.file)
    except OfficialFileError as exc:
        raise UserError(str(exc)) from None
    import sys

    for warning in doc.incomplete + doc.warnings:
        print(_("warning: {warning}").format(warning=warning), file=sys.stderr)
    numbers = parse_section_list(args.sections) if args.sections else None
    if numbers and not (args.write or args.json):
        raise UserError(_("--sections goes with --write or --json (it says which sections to "
                          "write or print)"))
    if args.write:
        if not numbers:
            raise UserError(_("--write needs --sections (e.g. --sections 104,512-514)"))
        for path in write_sections(doc, Path(args.file), numbers, rules_dir(args)):
            print(_("wrote {file}").format(file=path))
        return 0
    if args.json:
        print_json(document_json(doc, numbers))
        return 0
    from ..i18n import format_date, format_number, ngettext

    rules = sum(len(s.rules) for s in doc.sections.values())
    examples = sum(len(r.examples) for s in doc.sections.values() for r in s.rules)
    counts = [ngettext("{n} section", "{n} sections", len(doc.sections)),
              ngettext("{n} rule", "{n} rules", rules),
              ngettext("{n} example", "{n} examples", examples),
              ngettext("{n} glossary term", "{n} glossary terms", len(doc.glossary))]
    values = [len(doc.sections), rules, examples, len(doc.glossary)]
    print(_("{file}: effective {date}; {counts}").format(
        file=Path(args.file).name, date=format_date(doc.effective),
        counts=", ".join(c.format(n=format_number(v)) for c, v in zip(counts, values))))
    return 0


def _add_to_history(args) -> int:
    """Add one official file to rules/history/ and print the covered rules' changes."""
    from pathlib import Path

    from ..history import History
    from ..history.changes import changes
    from ..history.reader import history_dir, read_history
    from ..history.rebuild import add_edition
    from ..history.render import changes_text
    from ..history.storage import write_history
    from ..rulebook.loader import load_rulebook
    from ..yamlfiles.nodes import display_path

    load_rulebook(rules_dir(args))  # a broken rulebook is reported first, and nothing written
    folder = history_dir(rules_dir(args))
    data = read_history(folder)
    before = data.editions[-1].effective
    data, doc = add_edition(data, Path(args.file))
    import sys

    for warning in doc.warnings:
        print(_("warning: {warning}").format(warning=warning), file=sys.stderr)
    found = changes(History(data), before, doc.effective)
    if args.json:
        print_json({"edition": doc.effective.isoformat(), "previous": before.isoformat(),
                    "changes": {unit: [c.to_json() for c in items]
                                for unit, items in found.items()}})
    else:
        print(changes_text(found, before, doc.effective))
    for path in write_history(data, folder):
        print(_("wrote {file}").format(file=display_path(path)), file=sys.stderr)
    return 0
