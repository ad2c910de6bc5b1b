"""The limits of what Tolaria reads, stated once: input past one is refused with one line.

| what | at most | for scale |
|---|---|---|
| a rule text, a worked example or an earlier wording | MAX_TEXT characters | the longest rule of the whole CR has about 2,800 |
| a data file under `rules/` | MAX_FILE bytes | the whole CR, `rules/cr/en.json`, is about 1 MB |
| a search query | MAX_QUERY characters | the first `search.parsing.MAX_CHARS` are read |
| a typed rule number | MAX_NUMBER characters | longer text is words |
| a typed range | MAX_RANGE numbers | a section has at most about 60 rules |

`tolaria validate` checks the data (check_files before reading any file, check_texts on what
was read); `search` checks its query (check_query); `search` and `show` read numbers and
ranges through `lookup.typed_numbers`. Search, snippets and the index build cost time in
proportion to the text, so these limits keep every command quick, not merely possible.
"""

from __future__ import annotations

import os

from ..errors import DataError, UserError
from ..i18n import _, format_number
from .folders import data_files

MAX_TEXT = 20_000
MAX_FILE = 4_000_000
MAX_QUERY = 1_000
MAX_NUMBER = 40
MAX_RANGE = 200


def check_query(query: str) -> None:
    """A one-line UserError for a search query past MAX_QUERY characters."""
    if len(query) > MAX_QUERY:
        raise UserError(_("the query has {count} characters, more than the limit of {limit}: "
                          "search for a few words or a rule number").format(
            count=format_number(len(query)), limit=format_number(MAX_QUERY)))


def check_files(root) -> list[DataError]:
    """Every data file under root (hidden ones aside) larger than MAX_FILE bytes: such a file
    is not read at all."""
    # lazy: saves 23 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from ..yamlfiles.nodes import display_path

    errors = []
    for path in data_files(root):
        try:
            size = os.path.getsize(path)
        except OSError:  # gone or unreadable: its reader says so
            continue
        if size > MAX_FILE:
            errors.append(DataError(display_path(path), 1, _(
                "the file has {size} bytes, more than the limit of {limit} for a data "
                "file").format(size=format_number(size), limit=format_number(MAX_FILE))))
    return errors


def check_texts(book, whole=None) -> list[DataError]:
    """Every rule text, worked example and earlier wording of the rulebook, and every rule
    text and example of the whole CR (cr.WholeCR), past MAX_TEXT characters."""
    errors = []
    for section, rule in book.rules():
        texts = [(rule.text, rule.line)] + [(p.text, p.line) for p in rule.examples]
        texts += [(w.text, w.line) for w in rule.earlier]
        errors.extend(_too_long(rule.file or section.file, line, str(rule.number), text)
                      for text, line in texts if len(text) > MAX_TEXT)
    if whole is not None:
        # lazy: saves 10 ms of `show`'s cold start (import CPU time, min of 5 runs)
        from ..cr.store import NAME, FOLDER
        from ..yamlfiles.nodes import display_path

        path = os.path.join(book.root, FOLDER, NAME)
        for rule in whole.rules():
            if any(len(text) > MAX_TEXT for text in (rule.text, *rule.examples)):
                errors.append(_too_long(display_path(path), _line_of(path, rule.number),
                                        rule.number, max((rule.text, *rule.examples),
                                                         key=len)))
    return errors


def _too_long(file: str, line: int, number: str, text: str) -> DataError:
    return DataError(file, line, _("a text of rule {number} has {count} characters, more "
                                   "than the limit of {limit}").format(
        number=number, count=format_number(len(text)), limit=format_number(MAX_TEXT)))


def _line_of(path: str, number: str) -> int:
    """The line of a rule in the whole CR's file (one rule a line: `["704.5a", …`), else 1."""
    start = f'["{number}",'
    try:
        with open(path, encoding="utf-8") as stream:
            for line, text in enumerate(stream, 1):
                if text.startswith(start):
                    return line
    except (OSError, UnicodeDecodeError):
        pass
    return 1
