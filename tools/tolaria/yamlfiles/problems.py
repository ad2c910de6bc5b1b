"""YAML syntax errors in plain words, in the interface's language: what, where, what to do.

PyYAML reports a syntax error in the words of the parser that found it: libyaml's (the C
parser the loader uses where present) or PyYAML's own pure-Python one, which word the same
problem differently ("did not find expected ',' or ']'" / "expected ',' or ']', but got
':'"). Both are matched here, so that a judge reads the same sentence whichever parser ran.
`describe(exc, text)` gives the 1-based line and the message for any error yaml raised.
"""

from __future__ import annotations

import re

from ..i18n import N_, _
import yaml

# PyYAML is imported where used: reading the rulebook from its cache (`tolaria show`) never
# needs it, and start-up is the CLI's hot path.

# (pattern on "context | problem", message); the first match wins. A message may name
# {char} (the character at the problem), {line} (the line of the context: where the bracket
# or the first anchor is) and {open}/{close} (the brackets of a flow list or mapping).
_PROBLEMS = [
    # a tab, wherever libyaml or PyYAML meets it
    (r"found character '\\t' that cannot start any token|tab character",
     N_("a tab: indent with spaces")),
    (r"found (a )?character .*that cannot start any token",
     N_("the character '{char}' cannot start a value: put the text in quotes")),
    (r"mapping values are not allowed (here|in this context)",
     N_("a ':' where no key can start (is a line indented too far, or a text with ': ' "
        "left unquoted?)")),
    (r"block sequence entries are not allowed",
     N_("a '- ' item where no list can start (check its indentation)")),
    (r"mapping keys are not allowed",
     N_("a '? ' key where no key can start (check its indentation)")),
    (r"could not find expected ':'",
     N_("a key without ':' (or a text that needs quotes)")),
    (r"found unexpected end of stream",
     N_("the file ends inside a quoted text (a quote is not closed)")),
    (r"found unexpected document indicator",
     N_("a quoted text is not closed before a line '---' or '...'; close the quote")),
    (r"expected ',' or '\]'",
     N_("a list opened with '{open}' at line {line} is not closed with '{close}' (or an "
        "item lacks its ',')")),
    (r"expected ',' or '\}'",
     N_("a mapping opened with '{open}' at line {line} is not closed with '{close}' (or an "
        "item lacks its ',')")),
    (r"duplicate anchor|second occurrence",
     N_("this anchor (&name) is already defined at line {line}: give each anchor its own "
        "name")),
    (r"found undefined alias", N_("an alias (*name) with no anchor (&name)")),
    (r"unknown escape character|hexadecimal|hexdecimal|Unicode character escape",
     N_("a '\\' in a double-quoted text that is not a valid escape: write '\\\\' for a "
        "backslash, or put the text in single quotes")),
    (r"directive|incompatible YAML document",
     N_("a YAML directive (a line starting with '%') that is unknown, repeated or for "
        "another YAML version: remove the line")),
    (r"but found another document",
     N_("a second document (after a line '---') in the file: a data file holds one "
        "document")),
    (r"document start",
     N_("text after the end of the document (a line '...' or a '%' line above?): remove "
        "it")),
    (r"block scalar.*(comment or line break|indicator|range 1-9)",
     N_("after '|' or '>' only '+' or '-', a digit from 1 to 9 and a comment may follow")),
    (r"expected comment or line break",
     N_("unexpected text at the end of the line: only a comment may follow here")),
    (r"node content|expected the node content",
     N_("a value is missing here (two commas in a row, or a ',' or ':' with nothing "
        "before it?)")),
    (r"tag handle|tag URI|while (scanning|parsing) a tag|expected '>'|URI escaped",
     N_("a tag ('!...') that YAML does not know: remove it, or put the text in quotes")),
    (r"alphabetic or numeric character",
     N_("'&' or '*' must be followed by a name (an anchor or an alias): put the text in "
        "quotes")),
    (r"did not find expected key|block mapping.*expected <block end>",
     N_("a line that is not a key of the mapping above (check its indentation)")),
    (r"did not find expected '-' indicator|block collection.*expected <block end>",
     N_("a line that is not an item of the list above (check its indentation)")),
    (r"expected <block end>, but found",
     N_("the indentation does not match the lines above")),
    (r"found unexpected ':'",
     N_("a ':' that needs quotes around its text")),
]


def problem_text(problem: str, context: str = "", char: str = "", line: int = 0) -> str:
    """A parser's problem (and context) in plain words, translated; an unknown one is
    still introduced in the interface's language, with the parser's own words."""
    if char == "\t" and "cannot start any token" in (problem or ""):
        problem = "tab character"  # libyaml does not name the character
    said = f"{context or ''} | {problem or ''}"  # e.g. "while parsing a flow sequence | …"
    for pattern, message in _PROBLEMS:
        if re.search(pattern, said):
            brackets = "[]" if "\\]" in pattern else "{}"
            return _(message).format(char=char, line=line, open=brackets[0],
                                     close=brackets[1])
    detail = "; ".join(p for p in (context, problem) if p)
    return _("the YAML parser does not understand this line ({detail})").format(
        detail=detail) if detail else _("invalid YAML")


def describe(exc, text: str) -> tuple[int, str]:
    """(1-based line, message) for an error yaml raised while reading text."""
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        char = ""
        if mark is not None:
            lines = text.split("\n")
            if mark.line < len(lines) and mark.column < len(lines[mark.line]):
                char = lines[mark.line][mark.column]
        context_line = exc.context_mark.line + 1 if exc.context_mark else line
        return line, _("YAML syntax error: {problem}").format(problem=problem_text(
            exc.problem or "", exc.context or "", char, context_line))
    position = getattr(exc, "position", 0) or 0  # a character YAML does not allow
    code = getattr(exc, "character", 0)
    code = ord(code) if isinstance(code, str) else code
    return text[:position].count("\n") + 1, _(
        "the character U+{code:04X} is not allowed in YAML; remove it").format(code=code or 0)


def decode(raw: bytes) -> tuple[str | None, int, str]:
    """(text, 0, "") for UTF-8 bytes (a byte-order mark is dropped); else (None, line of
    the first bad byte, message)."""
    try:
        return raw.decode("utf-8-sig"), 0, ""
    except UnicodeDecodeError as exc:
        return None, raw[:exc.start].count(b"\n") + 1, _(
            "not UTF-8 text (byte 0x{byte:02x}): save the file as UTF-8").format(
                byte=raw[exc.start])
