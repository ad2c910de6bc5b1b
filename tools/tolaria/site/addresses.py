"""Where a covered section lives on the site: under today's number, with a redirect page at
every number it had.

A covered section's page, and its compare page, are named for the section's number in the
current edition (/es/702.26/, /es/compare/724/); a section with no counterpart today (the
pre-2009 rule 300) keeps its own. Every other number the section had (the rulebook's 702.25,
717 and 723 of other editions) gets a static redirect page to today's address, which keeps
the address's #anchor: the site needs no server logic for them.
"""

from __future__ import annotations

import json
import os
from html import escape

from ..i18n import _
from ..model import RuleBook


def today_number(book: RuleBook, number) -> str:
    """The number a covered rule or section has today (702.26 for the rulebook's 702.25);
    its own where it has none today or is not covered."""
    today = book.today_of(str(number))
    return today.number if today is not None and today.number else str(number)


def section_path(book: RuleBook, number, folder: str = "") -> str:
    """The source path of a section's page (702.26.md; compare/702.26.md with folder
    'compare/')."""
    return f"{folder}{today_number(book, number)}.md"


def former_numbers(book: RuleBook, sections) -> dict[str, str]:
    """Every number a section of sections had but not today -> today's number (702.25 ->
    702.26, 717 -> 724), except a number that is a page of today itself."""
    current = {today_number(book, n) for n in sections}
    out: dict[str, str] = {}
    for number in sections:
        here = today_number(book, number)
        today = book.today_of(str(number))
        others = [str(number), *(a.number for a in (today.aliases if today else ()))]
        for old in others:
            if old != here and old not in current:
                out.setdefault(old, here)
    return out


REDIRECT = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{title}</title>
<meta name="robots" content="noindex">
<link rel="canonical" href="{href}">
<script>location.replace({target} + location.hash)</script>
<noscript><meta http-equiv="refresh" content="0; url={href}"></noscript>
</head>
<body>
<p><a href="{href}">{said}</a></p>
</body>
</html>
"""


def redirect_page(lang: str, old: str, new: str) -> str:
    """A page at an address a section had: sends the reader on to today's page (a sibling
    folder), #anchor kept."""
    href = f"../{new}/"
    said = _("Rule {old} is rule {new} today: its page has moved.").format(old=old, new=new)
    return REDIRECT.format(lang=escape(lang), title=escape(said), href=escape(href),
                           target=json.dumps(href), said=escape(said))


def write_redirects(site_dir: str, lang: str, moved: dict[str, str],
                    folders=("", "compare/")) -> list[str]:
    """The redirect pages of moved (old number -> today's) in each of folders of site_dir;
    an address that has a page is left alone. Returns the files written."""
    written = []
    for folder in folders:
        for old, new in sorted(moved.items()):
            path = os.path.join(site_dir, folder, old, "index.html")
            if os.path.exists(path):
                continue
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as stream:
                stream.write(redirect_page(lang, old, new))
            written.append(path)
    return written
