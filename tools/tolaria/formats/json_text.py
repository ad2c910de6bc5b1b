"""JSON text as the commands print it, json.dumps(data, ensure_ascii=False, indent=2), written
here for what they print: dicts with string keys, lists and tuples, strings, integers,
booleans and None. Data with any other value (a float, a key of another kind) is left to
the json module. The json package costs `show --json`'s cold start about 11 ms (python -X
importtime) for its decoder, which compiles regular expressions (re, enum) at import and
which printing never uses; with an indent, json writes its text in Python, as here."""

from __future__ import annotations

# what a JSON string escapes when non-ASCII characters stay as they are (json.encoder's
# ESCAPE_DCT): the quote, the backslash and the control characters below U+0020
_ESCAPES = {code: f"\\u{code:04x}" for code in range(0x20)}
_ESCAPES.update({ord("\\"): "\\\\", ord('"'): '\\"', ord("\b"): "\\b", ord("\f"): "\\f",
                 ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t"})


class _Other(Exception):
    """A value of a kind left to the json module."""


def json_text(data) -> str:
    """data as JSON text, indented by two spaces, its non-ASCII characters as they are."""
    try:
        return "".join(_chunks(data, "\n"))
    except _Other:
        # lazy: saves 11 ms of `show --json`'s cold start (json, re, enum; python -X importtime)
        import json

        return json.dumps(data, ensure_ascii=False, indent=2)


def _chunks(value, newline: str):
    """The pieces of value's JSON text; newline: a new line and the indent value is at."""
    if isinstance(value, str):
        yield '"' + value.translate(_ESCAPES) + '"'
    elif value is None:
        yield "null"
    elif value is True:
        yield "true"
    elif value is False:
        yield "false"
    elif isinstance(value, int):
        yield int.__repr__(value)
    elif isinstance(value, dict):
        if not value:
            yield "{}"
            return
        inner, separator = newline + "  ", "{"
        for key, item in value.items():
            if not isinstance(key, str):
                raise _Other
            yield separator + inner + '"' + key.translate(_ESCAPES) + '": '
            yield from _chunks(item, inner)
            separator = ","
        yield newline + "}"
    elif isinstance(value, (list, tuple)):
        if not value:
            yield "[]"
            return
        inner, separator = newline + "  ", "["
        for item in value:
            yield separator + inner
            yield from _chunks(item, inner)
            separator = ","
        yield newline + "]"
    else:
        raise _Other
