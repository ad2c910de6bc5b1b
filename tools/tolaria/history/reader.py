"""Reading rules/history/ strictly, in the loader's way: every error as file:line."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path

from ..errors import DataError, DataErrors
from ..i18n import _
from ..rulebook.folders import default_rules_dir
from ..yamlfiles.nodes import DATE, STR, YamlFile, display_path, is_sequence, line_of
from ..numbering import BadNumber, RuleNumber
from . import RULES_FILE, TITLES_FILE
from .records import EditionRef, HistoryData, Span, Tracked, Unit, Version


def read_history(folder: Path) -> HistoryData:
    """The history files of folder (rules/history/). Raises DataErrors."""
    folder = Path(folder)
    errors: list[DataError] = []
    if not folder.is_dir():
        raise DataErrors([DataError(display_path(folder), 1, _(
            "no history here: build it with `tolaria history --rebuild`"))])
    reader = _Reader(YamlFile(folder / RULES_FILE, display_path(folder / RULES_FILE), errors))
    editions, units = reader.rules_file()
    titles = _Reader(YamlFile(folder / TITLES_FILE, display_path(folder / TITLES_FILE), errors),
                     reader.known).titles_file()
    if errors:
        raise DataErrors(errors)
    return HistoryData(editions, units, titles)


class _Reader:
    def __init__(self, f: YamlFile, known: set[date] | None = None):
        self.f, self.known = f, set(known or ())

    # --- rules.yaml ---------------------------------------------------------------------
    def rules_file(self) -> tuple[tuple[EditionRef, ...], tuple[Unit, ...]]:
        f = self.f
        root = f.compose()
        top = f.mapping(root, {"editions", "units"}) if root is not None else None
        if not top or len(top) < 2:
            return (), ()
        editions = []
        for item in f.sequence(top["editions"]):
            keys = f.mapping(item, {"effective"}, {"file"})
            if not keys or "effective" not in keys:
                continue
            effective = f.scalar(keys["effective"], DATE, "effective")
            file = f.scalar(keys["file"], STR, "file") if "file" in keys else None
            if effective is None:
                continue
            if editions and effective <= editions[-1].effective:
                f.error(item, _("editions must be listed oldest first, each once ({date})"
                                ).format(date=effective))
                continue
            editions.append(EditionRef(effective, file))
        self.known = {e.effective for e in editions}
        units, seen = [], {}
        for item in f.sequence(top["units"]):
            unit = self.unit(item)
            if unit is None:
                continue
            if unit.key in seen:
                f.error(item, _("duplicate unit {number} (first at line {line})").format(
                    number=unit.key, line=seen[unit.key]))
                continue
            seen[unit.key] = line_of(item)
            units.append(unit)
        return tuple(editions), tuple(units)

    def unit(self, node) -> Unit | None:
        f = self.f
        keys = f.mapping(node, {"unit", "anchor", "numbers", "titles", "tracked"})
        if not keys or len(keys) < 5:
            return None
        key = f.number(keys["unit"], "unit")
        anchor = self.edition(keys["anchor"], "anchor")
        numbers = self.spans(keys["numbers"], number=True)
        titles = tuple(v for v in (self.version(x) for x in f.sequence(keys["titles"])) if v)
        tracked, seen = [], {}
        for item in f.sequence(keys["tracked"]):
            rule = self.tracked(item, allow_becomes=True)
            if rule is None:
                continue
            if rule.key in seen:
                f.error(item, _("duplicate rule {number} (first at line {line})").format(
                    number=rule.key, line=seen[rule.key]))
                continue
            seen[rule.key] = line_of(item)
            tracked.append(rule)
        if key is None or anchor is None or numbers is None:
            return None
        head = Tracked(str(key), numbers, titles)
        return Unit(str(key), anchor, head, tuple(tracked))

    def tracked(self, node, allow_becomes: bool) -> Tracked | None:
        f = self.f
        optional = {"becomes"} if allow_becomes else set()
        keys = f.mapping(node, {"rule", "numbers", "versions"}, optional)
        if not keys or len(keys) < 3:
            return None
        key = self.key(keys["rule"])
        numbers = self.spans(keys["numbers"], number=True)
        versions = tuple(v for v in (self.version(x) for x in f.sequence(keys["versions"])) if v)
        becomes = tuple(b for b in (self.tracked(x, False) for x in f.sequence(
            keys["becomes"])) if b) if "becomes" in keys else ()
        if key is None or numbers is None or not versions:
            if key is not None and numbers is not None and is_sequence(
                    keys["versions"]):
                f.error(keys["versions"], _("versions: the list is empty"))
            return None
        return Tracked(key, numbers, versions, becomes)

    def key(self, node) -> str | None:
        """A rule's key: its number, or NUMBER@FIRST-EDITION."""
        text = self.f.scalar(node, STR, "rule")
        if text is None:
            return None
        number, _at, when = text.partition("@")
        try:
            RuleNumber.parse(number)
            if when:
                date.fromisoformat(when)
        except (BadNumber, ValueError):
            self.f.error(node, _("malformed rule key '{key}' (expected e.g. 717.1 or "
                                 "513.1@2016-07-22)").format(key=text))
            return None
        return text

    def version(self, node) -> Version | None:
        f = self.f
        keys = f.mapping(node, {"editions", "wording"}, {"same_wording", "example_texts"})
        if not keys or "editions" not in keys or "wording" not in keys:
            return None
        span = self.pair(keys["editions"])
        text = f.scalar(keys["wording"], STR, "wording")
        examples = tuple(e for e in (f.scalar(x, STR, "example") for x in f.sequence(
            keys["example_texts"])) if e) if "example_texts" in keys else ()
        same = False
        if "same_wording" in keys:
            same = f.boolean(keys["same_wording"], "same_wording")
            if same is False:  # only true is written: the key is left out otherwise
                f.error(keys["same_wording"], _("same_wording: write true, or leave the key "
                                                "out"))
            same = bool(same)
        if span is None or text is None:
            return None
        return Version(span[0], span[1], text, examples, same)

    def pair(self, node) -> tuple[date, date] | None:
        items = self.f.sequence(node)
        if len(items) != 2:
            if is_sequence(node):
                self.f.error(node, _("expected [first edition, last edition]"))
            return None
        return self.dates(items, node)

    def dates(self, items: list, node, narrowed: bool = False) -> tuple[date, date] | None:
        """The [first, last] editions of two items (of node, where errors point); narrowed:
        to the editions of the history, None when it has none of them. titles.yaml is read
        so: rules.yaml's list of editions says which the history holds, and titles of any
        other edition are left out."""
        first, last = (self.f.scalar(x, DATE, "edition") if narrowed
                       else self.edition(x, "edition") for x in items)
        if first is None or last is None:
            return None
        if last < first:
            self.f.error(node, _("the last edition {last} comes before the first {first}"
                                 ).format(first=first, last=last))
            return None
        if narrowed:
            within = sorted(e for e in self.known if first <= e <= last)
            return (within[0], within[-1]) if within else None
        return first, last

    def edition(self, node, what: str) -> date | None:
        value = self.f.scalar(node, DATE, what)
        if value is not None and value not in self.known:
            self.f.error(node, _("{what} {date} is not an edition of the history").format(
                what=what, date=value))
            return None
        return value

    def spans(self, node, number: bool) -> tuple[Span, ...] | None:
        """[value, first, last] items; numbers checked as rule numbers."""
        out = []
        for item in self.f.sequence(node):
            items = self.f.sequence(item)
            if len(items) != 3:
                if is_sequence(item):
                    self.f.error(item, _("expected [number, first edition, last edition]"))
                continue
            value = (self.f.number(items[0], "number") if number
                     else self.f.scalar(items[0], STR, "title"))
            pair = self.dates(items[1:], item)
            if value is None or pair is None:
                continue
            out.append(Span(str(value), *pair))
        return tuple(out) if out or not self.f.sequence(node) else None

    # --- titles.yaml --------------------------------------------------------------------
    def titles_file(self) -> dict[str, tuple[Span, ...]]:
        f = self.f
        root = f.compose()
        top = f.mapping(root, {"titles"}) if root is not None else None
        if not top or "titles" not in top:
            return {}
        out: dict[str, list[Span]] = {}
        for item in f.sequence(top["titles"]):
            items = f.sequence(item)
            if len(items) != 4:
                if is_sequence(item):
                    f.error(item, _("expected [number, title, first edition, last edition]"))
                continue
            number = f.number(items[0], "number")
            title = f.scalar(items[1], STR, "title")
            pair = self.dates(items[2:], item, narrowed=True)
            if number is None or title is None or pair is None:
                continue
            out.setdefault(str(number), []).append(Span(title, *pair))
        return {number: tuple(spans) for number, spans in out.items()}


def history_dir(rules_dir) -> Path:
    return Path(os.fspath(rules_dir) if rules_dir is not None else default_rules_dir()) / "history"
