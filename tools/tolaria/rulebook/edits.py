"""Edit a section file's texts in place: replace texts, add examples and rules, keep comments.

The file is composed into nodes (with their positions), each changed text is replaced in the
source text by a double-quoted scalar, new list items are inserted at line boundaries, and
the result is written again in canonical form by `yamlfiles.canonical.format_yaml`, which keeps every
comment. Used by the PO import; the loader still validates the result.
"""

from __future__ import annotations

import json
from datetime import date
from typing import NamedTuple

from ..yamlfiles.canonical import format_yaml, printable
from ..yamlfiles.nodes import compose, yaml_module
from ..numbering import RuleNumber

# Characters a YAML reader takes as line breaks inside a quoted scalar, or strips.
_ESCAPE_ALWAYS = {"\x85", "\u2028", "\u2029", "\ufeff"}


class Edit(NamedTuple):
    """One text to store: a rule's text, one of its examples, or an earlier wording; or a
    translated rule's base edition (part "base", text its ISO date)."""

    number: RuleNumber
    part: str  # "text", "example", "earlier" or "base"
    text: str
    index: int = 0  # the example's position (0-based)
    since: date | None = None  # the earlier wording's date


def quoted(text: str) -> str:
    """text as a one-line double-quoted YAML scalar that reads back exactly."""
    out = json.dumps(text, ensure_ascii=False)
    return "".join(f"\\u{ord(c):04x}" if (c in _ESCAPE_ALWAYS or not printable(c)) else c
                   for c in out)


def _keys(node) -> dict:
    return {k.value: v for k, v in node.value}


def _line_start(text: str, index: int) -> int:
    return text.rfind("\n", 0, index) + 1


def _after(text: str, node) -> int:
    """The index of the line after node ends (its last value, for collections)."""
    yaml = yaml_module()
    while isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.value:
        last = node.value[-1]
        node = last[1] if isinstance(node, yaml.MappingNode) else last
    end = node.end_mark.index
    if node.end_mark.column == 0:
        return end
    newline = text.find("\n", end)
    return len(text) if newline < 0 else newline + 1


def _before_comments(text: str, index: int) -> int:
    """index moved up over the whole-line comments just above it (they belong to the item
    that follows them)."""
    while index > 0:
        start = _line_start(text, index - 1)
        if not text[start:index].strip().startswith("#"):
            break
        index = start
    return index


def _replacement(text: str, node, value: str) -> tuple[int, int, str]:
    """Replace a scalar node by value, keeping a comment on a block scalar's header line."""
    start, end = node.start_mark.index, node.end_mark.index
    new = quoted(value)
    if node.style in (">", "|"):
        header = text[start:text.find("\n", start) if "\n" in text[start:end] else end]
        if "#" in header:
            new += "  " + header[header.index("#"):].rstrip()
    if text[start:end].endswith("\n"):
        new += "\n"
    return start, end, new


def _item_lines(pad: str, number: RuleNumber, edits: list[Edit]) -> str:
    text = next(e.text for e in edits if e.part == "text")
    lines = [f'{pad}- number: "{number}"']
    lines += [f"{pad}  base: {e.text}" for e in edits if e.part == "base"]
    lines.append(f"{pad}  text: {quoted(text)}")
    examples = sorted((e for e in edits if e.part == "example"), key=lambda e: e.index)
    if examples:
        lines.append(f"{pad}  examples:")
        lines.extend(f"{pad}    - {quoted(e.text)}" for e in examples)
    return "\n".join(lines) + "\n"


def apply_edits(source: str, edits: list[Edit]) -> str:
    """source (a section file's text) with edits applied, in canonical form.

    The caller has checked the edits against the model: an earlier wording exists, examples
    are added after the existing ones, a new rule comes with its text.
    """
    if not source.endswith("\n"):
        source += "\n"
    root = compose(source)
    rules = _keys(root)["rules"]
    items = {RuleNumber.parse(_keys(item)["number"].value): item for item in rules.value}
    dash = " " * rules.start_mark.column
    ops: list[tuple[int, int, str]] = []
    inserts: dict[int, list[str]] = {}
    by_rule: dict[RuleNumber, list[Edit]] = {}
    for edit in edits:
        by_rule.setdefault(edit.number, []).append(edit)
    for number in sorted(by_rule):
        group = by_rule[number]
        item = items.get(number)
        if item is None:
            later = [n for n in items if n > number]
            where = (_before_comments(source, _line_start(source, items[min(later)]
                                                          .start_mark.index))
                     if later else _before_comments(source, _after(source, rules)))
            inserts.setdefault(where, []).append(_item_lines(dash, number, group))
            continue
        keys = _keys(item)
        pad = " " * item.start_mark.column
        added = []
        for edit in group:
            if edit.part == "text":
                ops.append(_replacement(source, keys["text"], edit.text))
            elif edit.part == "base" and "base" in keys:
                node = keys["base"]
                ops.append((node.start_mark.index, node.end_mark.index, edit.text))
            elif edit.part == "base":
                inserts.setdefault(_after(source, keys["number"]), []).append(
                    f"{pad}base: {edit.text}\n")
            elif edit.part == "earlier":
                for wording in keys["earlier"].value:
                    fields = _keys(wording)
                    if fields["since"].value == edit.since.isoformat():
                        ops.append(_replacement(source, fields["text"], edit.text))
            else:
                examples = keys.get("examples")
                if examples is not None and edit.index < len(examples.value):
                    ops.append(_replacement(source, examples.value[edit.index], edit.text))
                else:
                    added.append(edit)
        if added:
            added.sort(key=lambda e: e.index)
            examples = keys.get("examples")
            if examples is not None:
                inner = " " * examples.start_mark.column
                lines = "".join(f"{inner}- {quoted(e.text)}\n" for e in added)
                inserts.setdefault(_after(source, examples), []).append(lines)
            else:
                lines = f"{pad}examples:\n" + "".join(f"{pad}  - {quoted(e.text)}\n"
                                                       for e in added)
                inserts.setdefault(_after(source, item), []).append(lines)
    ops.extend((where, where, "".join(parts)) for where, parts in inserts.items())
    text = source
    for start, end, new in sorted(ops, key=lambda op: (op[0], op[1]), reverse=True):
        text = text[:start] + new + text[end:]
    return format_yaml(text)
