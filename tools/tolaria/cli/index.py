"""tolaria index [--rebuild]: build the search index now and say what it holds."""

from __future__ import annotations


from ..i18n import _, format_list, format_number, language_name, ngettext


def HELP() -> str:
    return _("build the full-text search index (in the user's cache) and report what it holds")


def EXAMPLE() -> str:
    return _("Example: tolaria index --rebuild")


def add_arguments(parser) -> None:
    parser.add_argument("--rebuild", action="store_true",
                        help=_("rebuild even if the index is up to date"))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))


def run(args) -> int:
    from ..search import build_index
    from .common import print_json, report_warnings, rulebook

    with report_warnings():
        info = build_index(rulebook(args), rebuild=args.rebuild)
    status = 0 if info.saved else 1  # not saved: the warning above says where and why
    if args.json:
        print_json({"path": info.path, "documents": info.documents, "built": info.built,
                    "saved": info.saved, "seconds": round(info.seconds, 3),
                    "languages": list(info.languages)})
        return status
    n = info.documents
    if not info.saved:
        message = ngettext("indexed {count} document in {langs} in {seconds} s, in memory "
                           "only: nothing was saved in {path}",
                           "indexed {count} documents in {langs} in {seconds} s, in memory "
                           "only: nothing was saved in {path}", n)
    elif info.built:
        message = ngettext("indexed {count} document (sections, rules and subrules with their "
                           "examples and glossary terms) in {langs} in {seconds} s: {path}",
                           "indexed {count} documents (sections, rules and subrules with "
                           "their examples and glossary terms) in {langs} in {seconds} s: "
                           "{path}", n)
    else:
        message = ngettext("up to date: {count} document in {langs}: {path}",
                           "up to date: {count} documents in {langs}: {path}", n)
    print(message.format(count=format_number(n),
                         langs=format_list([language_name(c) for c in info.languages]),
                         seconds=format_number(info.seconds, decimals=2), path=info.path))
    return status
