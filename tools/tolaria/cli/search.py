"""tolaria search QUERY: find rules by number or by words, in one language or all."""

from __future__ import annotations

from ..i18n import _, current_language


def HELP() -> str:
    return _("find rules by number (104.3b, 512-514) or by words, in en, es, it or all")


def EXAMPLE() -> str:
    return _('Example: tolaria search "fuera de fase" --lang es')


def add_arguments(parser) -> None:
    parser.add_argument("query", metavar=_("QUERY"), nargs="+",
                        help=_('a rule number or words; "quotes" for a phrase'))
    parser.add_argument("--lang", choices=["en", "es", "it", "all"],
                        help=_("language of the rules (default: the locale's, else en)"))
    parser.add_argument("--limit", type=int, default=10, metavar="N",
                        help=_("at most N results (default 10)"))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))


def run(args) -> int:
    import sys

    from ..search import search
    from .common import print_json, rulebook
    from .index import report_warnings

    query = " ".join(args.query)
    lang = args.lang or current_language()
    with report_warnings():
        hits = search(rulebook(args), query, lang, max(1, args.limit))
    if args.json:
        print_json([h.to_json() for h in hits])
        return 0
    if not hits:
        print(_("no rule matches '{query}'").format(query=query), file=sys.stderr)
        return 1
    color = sys.stdout.isatty()
    lines = []
    for hit in hits:
        head = f"{hit.number} · {hit.title}" + (f" · {hit.lang}" if lang == "all" else "")
        lines.append(f"\033[1m{head}\033[0m" if color else head)
        lines.append("  " + (hit.marked("\033[1;33m", "\033[0m") if color else hit.snippet))
    print("\n".join(lines))
    return 0
