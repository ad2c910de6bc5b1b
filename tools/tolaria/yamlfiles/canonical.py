"""The canonical form of the rulebook's YAML, written losslessly: values and comments kept.

`format_yaml(text)` parses a document into nodes, remembers every comment (whole-line
comments belong to the node that follows them, end-of-line comments to the node on their
line) and writes the document again in one form: two-space indentation, keys in the
rulebook's order, short mappings of plain values inline, long texts as folded `>-` blocks
wrapped at WIDTH columns, paragraphs separated by an empty line.
"""

from __future__ import annotations

import functools
import json
import re
import textwrap
from datetime import date

import yaml

from .ends import END
from .nodes import compose, construct

WIDTH = 96
# Keys are written in this order where present; others keep their order, after these.
KEY_ORDER = ["editions", "terms", "section", "id", "effective", "set", "title", "lang",
             "edition", "kind", "number", "since", "base", "text", "examples", "earlier",
             "name", "definition", "variants", "obsolete_names", "file", "source", "claims",
             "claims_text", "translated_from", "rules", "obsolete", "note", "en", "es", "it"]
_ORDER = {key: i for i, key in enumerate(KEY_ORDER)}
_TRAILING = re.compile(r"^\s*:?\s*(?:[>|][-+0-9]*)?\s*(#.*)$")
# libyaml's emitter where present: a scalar it writes is the pure-Python emitter's but for the
# document end marker ("..."), which _text removes either way, and takes a fifth of the time
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_FLOW_SAFE = re.compile(r"[^\W\d_][\w .’'()/-]*")  # plain inside {…} and […]; else quoted
_RULE_NUMBER = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?$")  # always quoted: "104.10", not 104.1


class _Comments:
    """Comments of the source text, handed out to nodes as the writer meets them."""

    def __init__(self, text: str, root: yaml.Node):
        self.lines = text.split("\n")
        self.own_line = {}  # line index -> comment text, for whole-line comments
        for index, line in enumerate(self.lines):
            if line.strip().startswith("#"):
                self.own_line[index] = line.strip()
        self.used: set[int] = set()
        self.last_line = root.end_mark.line

    def before(self, node: yaml.Node) -> list[str]:
        """Whole-line comments above node not yet given to an earlier node."""
        out = []
        for index in sorted(self.own_line):
            if index >= node.start_mark.line:
                break
            if index not in self.used:
                self.used.add(index)
                out.append(self.own_line[index])
        return out

    def after(self, node: yaml.Node) -> str | None:
        """An end-of-line comment on the line where node ends."""
        index = node.end_mark.line
        column = node.end_mark.column
        if isinstance(node, yaml.ScalarNode) and node.style in (">", "|"):
            index, column = node.start_mark.line, node.start_mark.column
        if index >= len(self.lines) or ("eol", index) in self.used:
            return None
        match = _TRAILING.match(self.lines[index][column:])
        if match:
            self.used.add(("eol", index))
            return match.group(1)
        return None

    def rest(self) -> list[str]:
        return [self.own_line[i] for i in sorted(self.own_line) if i not in self.used]


def format_yaml(text: str) -> str:
    """The canonical form of a YAML document (raises yaml.YAMLError if it does not parse).

    The canonical form has no byte-order mark and LF line endings; comments are kept.
    """
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    root = compose(text)
    if root is None:
        return text
    comments = _Comments(text, root)
    out: list[str] = []
    _block(root, 0, out, comments)
    out.append(END)  # the mark of a whole file (yamlfiles.ends)
    out.extend(comments.rest())
    return "\n".join(out) + "\n"


def _ordered(node: yaml.MappingNode) -> list[tuple[yaml.Node, yaml.Node]]:
    pairs = list(node.value)
    return sorted(pairs, key=lambda kv: (_ORDER.get(kv[0].value, len(_ORDER)),
                                         pairs.index(kv)))


def _block(node: yaml.Node, indent: int, out: list[str], comments: _Comments,
           first_prefix: str | None = None) -> None:
    """Write a mapping or sequence node as block lines at indent.

    first_prefix replaces the indentation of the first line (for '- ' items).
    """
    pad = " " * indent
    prefix = first_prefix
    if isinstance(node, yaml.MappingNode):
        for key, value in _ordered(node):
            for comment in comments.before(key):
                out.append(pad + comment)
            lead = prefix if prefix is not None else pad
            prefix = None
            _pair(key, value, lead, indent, out, comments)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            for comment in comments.before(item):
                out.append(pad + comment)
            lead = (prefix if prefix is not None else pad) + "- "
            prefix = None
            if isinstance(item, yaml.MappingNode) and item.value or \
                    isinstance(item, yaml.SequenceNode) and item.value and not _inline(item, len(lead)):
                _block(item, indent + 2, out, comments, first_prefix=lead)
            else:
                _value_lines(item, lead, indent + 2, out, comments)
    else:
        _value_lines(node, prefix if prefix is not None else pad, indent, out, comments)


def _pair(key: yaml.Node, value: yaml.Node, lead: str, indent: int, out: list[str],
          comments: _Comments) -> None:
    head = f"{lead}{_plain(key)}:"
    if isinstance(value, (yaml.MappingNode, yaml.SequenceNode)) and value.value \
            and not _inline(value, len(head) + 1):
        note = comments.after(key)
        out.append(head + (f"  {note}" if note else ""))
        child = indent + 2
        _block(value, child, out, comments)
    else:
        _value_lines(value, head + " ", indent + 2, out, comments, key=key)


def _value_lines(node: yaml.Node, lead: str, indent: int, out: list[str], comments: _Comments,
                 key: yaml.Node | None = None) -> None:
    """Write a scalar (or an inline collection) after lead, folding long text."""
    note = comments.after(node) or (comments.after(key) if key is not None else None)
    suffix = f"  {note}" if note else ""
    if isinstance(node, yaml.ScalarNode):
        value = construct(node)
        # a text longer than the line is longer on one line too (quoting only adds): folded
        # without writing its one-line form, which is most of the time of `fmt`
        if isinstance(value, str) and (len(lead) + len(value) > WIDTH or "\n" in value
                                       or len(lead) + len(_scalar(value)) > WIDTH) \
                and _foldable(value):
            out.append(lead + ">-" + suffix)
            out.extend(_fold(value, indent))
            return
        out.append(lead + _scalar(value) + suffix)
        return
    out.append(lead + _flow(node) + suffix)


def _inline(node: yaml.Node, column: int) -> bool:
    """Whether a collection is written inline: only plain scalars, and it fits."""
    if isinstance(node, yaml.MappingNode):
        items = [v for kv in node.value for v in kv]
    else:
        items = list(node.value)
    if not all(isinstance(x, yaml.ScalarNode) for x in items):
        return False
    if isinstance(node, yaml.MappingNode) and len(node.value) > 3:
        return False
    return column + len(_flow(node)) <= WIDTH


def _flow(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "{" + ", ".join(f"{_plain(k)}: {_plain(v)}" for k, v in _ordered(node)) + "}"
    if isinstance(node, yaml.SequenceNode):
        return "[" + ", ".join(_plain(v) for v in node.value) + "]"
    return _plain(node)


def _plain(node: yaml.Node) -> str:
    return _scalar(construct(node), flow=True)


def _scalar(value: object, flow: bool = False) -> str:
    """One-line form of a scalar: plain where YAML reads it back the same, else quoted."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float, date)):
        return value.isoformat() if isinstance(value, date) else str(value)
    return _text(str(value), flow)


@functools.lru_cache(maxsize=65536)
def _text(text: str, flow: bool) -> str:
    """One-line form of a text (the rulebook repeats its keys, numbers and names: each is
    written through YAML's emitter once)."""
    dumped = yaml.dump(text, Dumper=DUMPER, allow_unicode=True, width=10**9,
                       default_flow_style=True)
    dumped = dumped.removesuffix("\n").removesuffix("\n...").removesuffix("...").strip()
    needs_quotes = (dumped.startswith(("'", '"')) or _RULE_NUMBER.match(text)
                    or not text or text != text.strip()
                    or (flow and not (_FLOW_SAFE.fullmatch(text) and text == text.strip())))
    if needs_quotes or "\n" in dumped or not all(map(printable, text)):
        quoted = json.dumps(text, ensure_ascii=False)
        return "".join(c if printable(c) else f"\\u{ord(c):04x}" for c in quoted)
    return dumped


def printable(char: str) -> bool:
    """Characters YAML allows unescaped (YAML 1.1, 5.1), minus the line breaks it folds."""
    code = ord(char)
    return (code in (0x9, 0xA, 0xD) or 0x20 <= code <= 0x7E or 0xA0 <= code <= 0xD7FF
            or 0xE000 <= code <= 0xFFFD or 0x10000 <= code <= 0x10FFFF) \
        and char not in "\ufeff"


def _foldable(text: str) -> bool:
    """A text a folded block scalar holds exactly."""
    if text != text.strip() or "  " in text or "\t" in text or "\n\n" in text:
        return False
    if not all(printable(c) for c in text.replace("\n", "")) or "\r" in text:
        return False
    return all(p and p == p.strip() for p in text.split("\n"))


def _fold(text: str, indent: int) -> list[str]:
    pad = " " * indent
    out: list[str] = []
    for number, paragraph in enumerate(text.split("\n")):
        if number:
            out.append("")
        out.extend(textwrap.wrap(paragraph, width=max(WIDTH - indent, 40), initial_indent=pad,
                                 subsequent_indent=pad, break_long_words=False,
                                 break_on_hyphens=False))
    return out
