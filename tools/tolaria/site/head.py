"""What a page of the site says to machines, fixed after the theme writes it: the other
languages' versions of the page (hreflang) and the name of the search dialog."""

from __future__ import annotations

import re
from html import escape

# the theme's <link rel="alternate" hreflang> for each language (its home page, relative)
_ALTERNATE = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="([a-z]+)">\n?')
_DIALOG = 'data-md-component="search" role="dialog"'


def alternates(output: str, path: str, site_url: str | None) -> str:
    """Each language's version of this page (path: the page's address in its language, as
    "702.26/"), as an absolute address under site_url; no such links without a site_url
    (search engines take only absolute addresses)."""
    # the theme writes them in the head: only the head is searched, not the whole page
    end = output.find("</head>")
    head, body = (output, "") if end < 0 else (output[:end], output[end:])
    if not site_url:
        return _ALTERNATE.sub("", head) + body
    root = site_url.rstrip("/") + "/"
    return _ALTERNATE.sub(lambda m: f'    <link rel="alternate" href="{escape(root)}'
                                    f'{m.group(1)}/{escape(path)}" hreflang="{m.group(1)}">\n',
                          head) + body


def named_search(output: str, name: str) -> str:
    """The theme's search dialog, named (a dialog without a name is not announced as one)."""
    return output.replace(_DIALOG, f'{_DIALOG} aria-label="{escape(name)}"', 1)
