"""What `tolaria changes` prints: an edition's changes (editions.changes' data) for a
terminal, section by section, with word diffs and the translations each change makes
stale."""

from __future__ import annotations

import textwrap

from ..history.changes import EXAMPLES, RENUMBERED, REWORDED, TYPOGRAPHY, render_diff
from ..i18n import _, format_date, format_number, ngettext

WIDTH = 88


def _wrapped(text: str, indent: str = "      ") -> list[str]:
    lines = []
    for paragraph in text.split("\n"):
        lines.extend(textwrap.wrap(paragraph, WIDTH, initial_indent=indent,
                                   subsequent_indent=indent))
    return lines


def _stale(item: dict) -> list[str]:
    if not item.get("stale"):
        return []
    texts = ", ".join(f"{s['lang']} {s['rule']}" for s in item["stale"])
    return _wrapped(_("makes stale: {texts}").format(texts=texts))


def counts_line(counts: dict) -> str:
    """The counts of an edition's changes in one line ("18 added, 0 removed, ...")."""
    words = {"added": ngettext("{n} added", "{n} added", counts["added"]),
             "removed": ngettext("{n} removed", "{n} removed", counts["removed"]),
             "moved": ngettext("{n} moved", "{n} moved", counts["moved"]),
             REWORDED: ngettext("{n} reworded", "{n} reworded", counts[REWORDED]),
             RENUMBERED: ngettext("{n} with only cross-reference numbers changed",
                                  "{n} with only cross-reference numbers changed",
                                  counts[RENUMBERED]),
             TYPOGRAPHY: ngettext("{n} with only typography changed",
                                  "{n} with only typography changed", counts[TYPOGRAPHY]),
             EXAMPLES: ngettext("{n} with only examples changed",
                                "{n} with only examples changed", counts[EXAMPLES]),
             "shifted": ngettext("{n} renumbered by rules inserted or removed above it",
                                 "{n} renumbered by rules inserted or removed above them",
                                 counts["shifted"])}
    return ", ".join(word.format(n=format_number(counts[kind])) for kind, word in words.items()
                     if counts[kind] or kind in ("added", "removed", "moved", REWORDED))


def changes_text(data: dict) -> str:
    """The changes of one edition since another, for a terminal."""
    labels = {REWORDED: _("reworded"), RENUMBERED: _("cross-reference numbers only"),
              TYPOGRAPHY: _("typography only"), EXAMPLES: _("examples only")}
    lines = [_("What the edition of {date} ({source}) changed since that of {since}:").format(
        date=format_date(data["edition"]), source=data["source"],
        since=format_date(data["since"])), counts_line(data["counts"])]
    for part in data["sections"]:
        lines += ["", f"{part['section']} · {part['title']}"]
        for item in part["added"]:
            lines.append(_("  added {number}").format(number=item["number"]))
            lines += _wrapped(item["text"]) + _stale(item)
        for item in part["removed"]:
            lines.append(_("  removed {number}").format(number=item["number"]))
            lines += _wrapped(item["text"]) + _stale(item)
        for item in part["moved"]:
            lines.append(_("  moved {before} → {after}").format(**item))
        for item in part["reworded"]:
            number = item["after"] if item["before"] == item["after"] else \
                f"{item['before']} → {item['after']}"
            lines.append(_("  {change} {number}").format(change=labels[item["change"]],
                                                         number=number))
            if item["change"] != EXAMPLES:
                diff = [(d["op"], d["text"]) for d in item["diff"]]
                lines += _wrapped(render_diff(diff))
            lines += _stale(item)
        if part["shifted"]:
            lines.append(ngettext(
                "  {n} rule renumbered by rules inserted or removed above it",
                "  {n} rules renumbered by rules inserted or removed above them",
                len(part["shifted"])).format(n=format_number(len(part["shifted"]))))
    if not data["sections"]:
        lines += ["", _("no change")]
    return "\n".join(lines)
