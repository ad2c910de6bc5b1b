"""tolaria validate: check the rulebook and print every error, or ok and counts."""

from __future__ import annotations

from ..i18n import _, format_date, format_number, ngettext
from ..validation.folder import validate_folder


def HELP() -> str:
    return _("check every data file of the rulebook (rule texts, editions, glossary, worked "
             "examples, audit word lists and waivers, rule history, the whole CR) and print every error, "
             "or ok and counts")


def EXAMPLE() -> str:
    return _("Example: tolaria validate --rules my-fork/rules")


def add_arguments(parser) -> None:
    """No options of its own (--rules and --lang are every command's)."""


def run(args) -> int:
    summary = validate_folder(args.rules if getattr(args, "rules", None) else None)
    book = summary.book
    rules = sum(1 for _section_rule in book.rules())
    sections = len(book.sections)
    parts = [
        ngettext("{n} section file", "{n} section files", sections).format(
            n=format_number(sections)),
        ngettext("{n} rule", "{n} rules", rules).format(n=format_number(rules)),
        ngettext("{n} edition", "{n} editions", len(book.editions)).format(
            n=format_number(len(book.editions))),
        ngettext("{n} glossary term", "{n} glossary terms", len(book.glossary)).format(
            n=format_number(len(book.glossary))),
        ngettext("{n} worked example", "{n} worked examples", summary.examples).format(
            n=format_number(summary.examples)),
        ngettext("{n} waiver", "{n} waivers", summary.waivers).format(
            n=format_number(summary.waivers))]
    if summary.history_editions is not None:
        parts.append(ngettext("the rule history of {n} edition",
                              "the rule history of {n} editions",
                              summary.history_editions).format(
            n=format_number(summary.history_editions)))
    whole = summary.whole_cr
    if whole is not None:
        rules = sum(1 for _rule in whole.rules())
        parts.append(ngettext("the whole CR of {date} ({n} rule)",
                              "the whole CR of {date} ({n} rules)", rules).format(
            date=format_date(whole.edition), n=format_number(rules)))
    print(_("ok: {counts}").format(counts=", ".join(parts)))
    return 0
