"""tolaria index [--rebuild]: build the search index now and say what it holds."""

from __future__ import annotations

import contextlib

from ..i18n import _


def HELP() -> str:
    return _("build the full-text search index (in the user's cache) and report what it holds")


def EXAMPLE() -> str:
    return _("Example: tolaria index --rebuild")


def add_arguments(parser) -> None:
    parser.add_argument("--rebuild", action="store_true",
                        help=_("rebuild even if the index is up to date"))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))
    parser.add_argument("--lang", choices=["en", "es", "it"],
                        help=_("language of the interface"))


@contextlib.contextmanager
def report_warnings():
    """Library warnings (an index rebuilt) as one line each on stderr."""
    import sys
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            yield
        finally:
            for warning in caught:
                print(_("tolaria: warning: {message}").format(message=warning.message),
                      file=sys.stderr)


def run(args) -> int:
    from ..search import build_index
    from .common import print_json, rulebook

    with report_warnings():
        info = build_index(rulebook(args), rebuild=args.rebuild)
    status = 0 if info.saved else 1  # not saved: the warning above says where and why
    if args.json:
        print_json({"path": info.path, "documents": info.documents, "built": info.built,
                    "saved": info.saved, "seconds": round(info.seconds, 3),
                    "languages": list(info.languages)})
        return status
    if not info.saved:
        message = _("indexed {count} documents in {langs} in {seconds:.2f} s, in memory "
                    "only: nothing was saved in {path}")
    elif info.built:
        message = _("indexed {count} documents (sections, rules and subrules with their "
                    "examples and glossary terms) in {langs} in {seconds:.2f} s: {path}")
    else:
        message = _("up to date: {count} documents in {langs}: {path}")
    print(message.format(count=info.documents, langs=", ".join(info.languages),
                         seconds=info.seconds, path=info.path))
    return status
