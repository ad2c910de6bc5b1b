"""tolaria validate: check the rulebook and print every error, or ok and counts."""

from __future__ import annotations

from ..i18n import _, format_number, ngettext
from .common import rulebook


def HELP() -> str:
    return _("check every file of the rulebook and print every error, or ok and counts")


def EXAMPLE() -> str:
    return _("Example: tolaria validate --rules my-fork/rules")


def add_arguments(parser) -> None:
    parser.add_argument("--lang", choices=["en", "es", "it"], help=_("interface language"))


def run(args) -> int:
    book = rulebook(args)
    rules = sum(1 for _section_rule in book.rules())
    sections = len(book.sections)
    print(_("ok: {sections}, {rules}, {editions}, {terms}").format(
        sections=ngettext("{n} section file", "{n} section files", sections).format(
            n=format_number(sections)),
        rules=ngettext("{n} rule", "{n} rules", rules).format(n=format_number(rules)),
        editions=ngettext("{n} edition", "{n} editions", len(book.editions)).format(
            n=format_number(len(book.editions))),
        terms=ngettext("{n} glossary term", "{n} glossary terms", len(book.glossary)).format(
            n=format_number(len(book.glossary)))))
    return 0
