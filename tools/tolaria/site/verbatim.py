"""A generated page's raw HTML kept out of Markdown's way.

The pages are HTML written by the site's own modules; Markdown copies a raw HTML block as it
is, but parses every tag of it (twice, with mkdocs' anchor collector) to find where the block
ends. `hide` replaces the content of each top-level raw block of a page with a short token
before Markdown runs, and `restore` puts it back into Markdown's output: the page comes out
the same, and Markdown parses only the outer tags.

Only what Markdown surely copies as it is gets hidden: each block a block-level element
opening at a line's start or right after the block before it, whose
content holds nothing that Markdown or its extensions read (Markdown inside HTML, comments,
code fences, tabs, lines of spaces, raw-text elements). Text between blocks (a paragraph) is
left to Markdown, and hiding goes on at the next block after a blank line; it stops at
anything else, and the rest of the page goes to Markdown unchanged.
"""

from __future__ import annotations

import re

from markdown.util import BLOCK_LEVEL_ELEMENTS

TOKEN = "t-verbatim-"
# Content not to hide: what Markdown's preprocessors change (tabs, carriage returns, its own
# placeholder marks, lines of spaces), code fences, and what would change the parse of a raw
# block (Markdown in HTML, comments, declarations, raw-text elements).
_UNSAFE = re.compile(r"[\t\r\x02\x03]|\n +\n|```|~~~|markdown=|<!|<\?"
                     r"|<(?:script|style|pre|textarea|title|xmp|plaintext)\b", re.IGNORECASE)
_OPEN = re.compile(r"<([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>")
_BLOCKS = frozenset(BLOCK_LEVEL_ELEMENTS) - {"hr", "script", "style", "pre", "textarea"}
_RESTORE = re.compile(re.escape(TOKEN) + r"(\d+)\.")
# smaller content is left in place: hiding it would save less than it costs
SMALLEST = 32


def hide(markdown: str) -> tuple[str, list[str]]:
    """markdown with the content of its raw HTML blocks replaced by tokens, and the
    contents, in the order of their tokens (nothing hidden when the page already has a
    token's text)."""
    if TOKEN in markdown:
        return markdown, []
    hidden: list[str] = []
    parts: list[str] = []
    done = position = 0
    size = len(markdown)
    after_block = False
    while position < size:
        start = position
        while start < size and markdown[start] == "\n":
            start += 1
        block = None
        if start == 0 or markdown[start - 1] == "\n" or (after_block and start == position):
            block = _block(markdown, start)
        if block is None:
            # text or an inline element: a paragraph, which a blank line ends; the next
            # block-level element at a line's start after one is a raw block again
            resume = markdown.find("\n\n<", start)
            if resume < 0 or _UNSAFE.search(markdown, start, resume + 2):
                break
            position, after_block = resume + 2, False
            continue
        opened, end = block
        if _UNSAFE.search(markdown, start, end):  # its opening tag too (markdown="1")
            break
        if end - opened >= SMALLEST:
            parts.append(markdown[done:opened])
            parts.append(f"{TOKEN}{len(hidden)}.")
            hidden.append(markdown[opened:end])
            done = end
        position = markdown.index(">", end) + 1
        after_block = True
    parts.append(markdown[done:])
    return "".join(parts), hidden


def _block(markdown: str, start: int) -> tuple[int, int] | None:
    """Where the content of the block-level element opening at start begins and ends, or
    None for anything else."""
    opening = _OPEN.match(markdown, start)
    if opening is None or opening.group(0).endswith("/>"):
        return None
    tag = opening.group(1).lower()
    end = _closing(markdown, tag, opening.end()) if tag in _BLOCKS else -1
    return None if end < 0 else (opening.end(), end)


def _closing(markdown: str, tag: str, start: int) -> int:
    """Where the end tag of the element whose content begins at start is (-1: nowhere), by
    counting the tags of its name as Markdown's parser pairs them."""
    depth = 1
    for match in re.compile(rf"<(/?){tag}\b[^>]*>", re.IGNORECASE).finditer(markdown, start):
        if match.group(1):
            depth -= 1
            if depth == 0:
                return match.start()
        elif not match.group(0).endswith("/>"):
            depth += 1
    return -1


def restore(html: str, hidden: list[str]) -> str:
    """Markdown's output of a hidden page with each token replaced by its content."""
    if not hidden:
        return html
    return _RESTORE.sub(lambda match: hidden[int(match.group(1))], html)
