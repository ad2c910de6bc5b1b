"""tolaria search QUERY: find rules by number or by words, in one language or all."""

from __future__ import annotations

import argparse
import os
import sys

from ..i18n import _, current_language
from ..rulebook.limits import check_query
from ..search import MAX_LIMIT, search
from ..search.advice import unknown_words
from ..search.parsing import echo
from .common import print_json, rulebook


def limit(text: str) -> int:
    """--limit N: a whole number from 1 to MAX_LIMIT (else a one-line usage error)."""
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not 1 <= value <= MAX_LIMIT:
        raise argparse.ArgumentTypeError(
            _("expected a whole number from 1 to {most}, got '{value}'").format(
                most=MAX_LIMIT, value=echo(text)))
    return value


def use_color(stream) -> bool:
    """Highlight only on a terminal, and never when NO_COLOR is set (https://no-color.org)."""
    return stream.isatty() and not os.environ.get("NO_COLOR")


def HELP() -> str:
    return _("find rules by number (104.3b, 512-514) or by words, in en, es, it or all")


def EXAMPLE() -> str:
    return _('Example: tolaria search "fuera de fase" --lang es')


def add_arguments(parser) -> None:
    parser.add_argument("query", metavar=_("QUERY"), nargs="+",
                        help=_('a rule number or words; "quotes" for a phrase'))
    parser.add_argument("--lang", choices=["en", "es", "it", "all"],
                        help=_("language of the rules (default: the locale's, else en)"))
    parser.add_argument("--limit", type=limit, default=10, metavar="N",
                        help=_("at most N results, 1 to {most} (default 10)").format(
                            most=MAX_LIMIT))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))


def run(args) -> int:
    query = " ".join(args.query)
    check_query(query)
    lang = args.lang or current_language()
    hits = search(rulebook(args), query, lang, args.limit)
    for notice in hits.notices():
        print(notice, file=sys.stderr)
    if not hits and hits.unknown and not args.json:  # words no rule holds
        print(unknown_words(rulebook(args), hits, lang), file=sys.stderr)
    if args.json:
        print_json([h.to_json() for h in hits])
        return 0 if hits else 1
    if not hits:
        if not hits.unknown:
            print(_("no rule matches '{query}'").format(query=echo(query)), file=sys.stderr)
        return 1
    print(hits.text(show_lang=lang == "all", color=use_color(sys.stdout), lang=lang))
    return 0
