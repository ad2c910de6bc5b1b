"""tolaria import FILE: read an official CR text file; print it, or store it."""

from __future__ import annotations

import sys

from ..errors import UserError
from ..formats.sections import import_official
from ..editions import building, recording
from ..history.adding import add_official_file
from ..i18n import _
from ..yamlfiles.nodes import display_path
from .common import print_json, rules_dir


def HELP() -> str:
    return _("read an official Comprehensive Rules text file (any encoding); print it as JSON, "
             "write the English YAML of the covered sections, add it to the rule history, or "
             "store it as the whole CR in English (rules/cr/en.json)")


def EXAMPLE() -> str:
    return _("Example: tolaria import rules_20180713.txt --sections 104 --write")


def add_arguments(parser) -> None:
    parser.add_argument("file", metavar=_("FILE"), help=_("an official CR .txt file, or a folder"))
    parser.add_argument("--json", action="store_true",
                        help=_("print the whole document as JSON, in the shape of export"))
    parser.add_argument("--sections", metavar=_("LIST"),
                        help=_("sections or keyword rules to take, e.g. 104,512-514,702.25"))
    parser.add_argument("--write", action="store_true",
                        help=_("write rules/en/<section>.yaml for each of --sections"))
    parser.add_argument("--history", action="store_true",
                        help=_("add the file to rules/history/; a file newer than the current "
                               "edition becomes current (rules/cr/en.json too) and what changed "
                               "in the covered rules is printed"))
    parser.add_argument("--whole", action="store_true",
                        help=_("store the whole file (every rule, the glossary) as the whole "
                               "CR in English, rules/cr/en.json, replacing the one there"))
    parser.add_argument("--all-editions", action="store_true", help=_("FILE is a folder of "
        "official files: store every edition older than the whole CR in rules/cr/editions.json"))


def run(args) -> int:
    if args.all_editions and any((args.whole, args.history, args.sections, args.write, args.json)):
        raise UserError(_("--all-editions reads a folder of official files: no other option"))
    if args.whole and (args.history or args.sections or args.write or args.json):
        raise UserError(_("--whole stores the whole file in rules/cr/: it takes no --sections, "
                          "--write, --history or --json"))
    if args.whole or args.all_editions:
        store = building.import_current_whole if args.whole else building.import_all_editions
        print(store(args.file, rules_dir(args)))
        return 0
    if args.history and (args.sections or args.write):
        raise UserError(_("--history adds the whole file to rules/history/: it takes no "
                          "--sections or --write"))
    if args.history:
        added = add_official_file(rules_dir(args), args.file, recording.recorded)
        _warn(added.warnings)
        print_json(added.to_json()) if args.json else print(added.text())
        for path in added.written:
            print(_("wrote {file}").format(file=display_path(path)), file=sys.stderr)
        return 0
    done = import_official(args.file, args.sections, args.write, args.json,
                           getattr(args, "rules", None))
    _warn(done.warnings)
    for path in done.written or ():
        print(_("wrote {file}").format(file=path))
    if done.data is not None:
        print_json(done.data)
    if done.summary is not None:
        print(done.summary)
    return 0


def _warn(warnings) -> None:
    for warning in warnings:
        print(_("warning: {warning}").format(warning=warning), file=sys.stderr)
