"""tolaria site [--out DIR]: build the static site, every language, into one folder."""

from __future__ import annotations

import os
import time

from ..i18n import _, format_number
from ..site.build import build_site


def HELP() -> str:
    return _("build the static site (English, Spanish and Italian) into one folder")


def EXAMPLE() -> str:
    return _("Example: tolaria site --out site")


def add_arguments(parser) -> None:
    parser.add_argument("--out", metavar=_("DIR"), default="site",
                        help=_("the folder to write (default: site)"))


def run(args) -> int:
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    start = time.perf_counter()
    out = build_site(args.out, rules=getattr(args, "rules", None))
    print(_("Site built in {seconds} s: {path}").format(
        seconds=format_number(time.perf_counter() - start, decimals=1),
        path=os.path.join(out, "index.html")))
    return 0
