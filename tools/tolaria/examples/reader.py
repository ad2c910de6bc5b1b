"""Reads worked-example files (rules/examples/*.yaml) strictly: every error as file:line.

The format is docs/worked-examples.md. Like the rulebook's loader, this module composes YAML into nodes
(through yamlfiles.YamlFile) so that every value keeps its line; it checks each example
against the vocabulary of the engine and against the rulebook, and returns Examples.
"""

from __future__ import annotations

import difflib
import re
from datetime import date
from pathlib import Path
from typing import Any, NamedTuple

from ..yamlfiles.nodes import (DATE, STR, YamlFile, construct, display_path, is_mapping,
                              is_scalar, is_sequence, kind_of, line_of)
from ..engine.state import Action
from ..engine.vocabulary import (PERMANENT_TYPES, PHASES, STEPS, ZONES, parse_duration,
                                 parse_when)
from .schema import ACTIONS, EXPECTATIONS, GAME_ENDING, GIVEN, TOP, TOP_OPTIONAL
from ..errors import DataError, DataErrors, UserError
from ..i18n import _, ngettext
from ..model import LANGUAGES, RuleBook
from ..numbering import BadNumber, RuleNumber

_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class Check(NamedTuple):
    """One expectation: what it checks, its arguments and its line."""

    name: str
    args: Any
    line: int


class Example(NamedTuple):
    id: str
    rules: tuple[RuleNumber, ...]
    title: dict[str, str]
    file: str
    line: int
    edition: date | None = None
    cr_example: int | None = None
    explain: dict[str, str] = {}
    given: dict = {}
    do: tuple[Action, ...] = ()
    expect: tuple[Check, ...] = ()
    not_executable: str | None = None  # the reason, in English (the contract's form)
    reasons: dict[str, str] = {}  # the reason per language, when given as a mapping

    def reason(self, lang: str) -> str | None:
        """Why the example is not executable, in lang where given, else in English."""
        return self.reasons.get(lang, self.not_executable)


class _Reader:
    """One example being read: values with their lines, references checked at the end."""

    def __init__(self, f: YamlFile):
        self.f = f
        self.players: set[str] = set()
        self.ids: set[str] = set()
        self.perm_ids: dict[str, int] = {}
        self.references: list[tuple[str, str, Any]] = []  # (kind, value, node)

    def error(self, node, message: str) -> None:
        self.f.error(node, message)

    # --- scalars -----------------------------------------------------------------------
    def _tag(self, node) -> str:
        return node.tag.rsplit(":", 1)[-1] if is_scalar(node) else ""

    def whole(self, node, what: str, minimum: int | None = None):
        if self._tag(node) != "int":
            self.error(node, _("{what}: expected a whole number, found {found}").format(
                what=what, found=kind_of(node)))
            return None
        value = construct(node)
        if minimum is not None and value < minimum:
            self.error(node, _("{what}: expected a number of at least {minimum}, found "
                               "{value}").format(what=what, minimum=minimum, value=value))
            return None
        return value

    def boolean(self, node, what: str):
        if self._tag(node) != "bool":
            self.error(node, _("{what}: expected true or false, found {found}").format(
                what=what, found=kind_of(node)))
            return None
        return construct(node)

    def text(self, node, what: str):
        if self._tag(node) in ("int", "float", "bool", "timestamp"):  # a name like 1 or no
            return str(node.value)
        return self.f.scalar(node, STR, what)

    def choice(self, node, what: str, allowed, parse=None):
        value = self.text(node, what)
        if value is None:
            return None
        if (parse(value) if parse else value in allowed) in (None, False):
            self.error(node, _("{what}: unknown value '{value}' (allowed: {allowed})").format(
                what=what, value=value, allowed=", ".join(allowed)))
            return None
        return value

    # --- values by kind ----------------------------------------------------------------
    def value(self, node, kind, what: str):
        if isinstance(kind, dict):
            return self.mapping(node, kind, what)
        if isinstance(kind, tuple):  # ("list", schema)
            return [v for v in (self.mapping(item, kind[1], what)
                                for item in self.f.sequence(node)) if v is not None]
        if kind.endswith("?"):
            if self._tag(node) == "null":
                return None
            kind = kind[:-1]
        if kind == "int":
            return self.whole(node, what)
        if kind == "nat":
            return self.whole(node, what, 0)
        if kind == "bool":
            return self.boolean(node, what)
        if kind == "text":
            return self.text(node, what)
        if kind == "phasing":
            return self.boolean(node, what) if self._tag(node) == "bool" else \
                self.whole(node, what, 0)
        if kind in ("player", "id", "target"):
            value = self.text(node, what)
            if value is not None:
                self.references.append((kind, value, node))
            return value
        if kind in ("newid", "permid"):
            value = self.text(node, what)
            if value is not None:
                self.ids.add(value)
                if kind == "permid":
                    if value in self.perm_ids:
                        self.error(node, _("duplicate permanent '{id}' (first at line {line})"
                                           ).format(id=value, line=self.perm_ids[value]))
                    self.perm_ids[value] = line_of(node)
            return value
        if kind == "newplayer":
            value = self.text(node, what)
            if value in self.players:
                self.error(node, _("duplicate player '{name}'").format(name=value))
            if value is not None:
                self.players.add(value)
            return value
        if kind == "step":
            return self.choice(node, what, STEPS)
        if kind == "phase":
            return self.choice(node, what, tuple(PHASES))
        if kind == "type":
            return self.choice(node, what, PERMANENT_TYPES)
        if kind == "zone":
            return self.choice(node, what, ZONES)
        if kind == "when":
            return self.choice(node, what, ("beginning_of_<step>", "beginning_of_your_<step>",
                                            "end_of_combat", "dies", "enters_battlefield",
                                            "leaves_battlefield", "becomes_attached",
                                            "becomes_unattached"), parse_when)
        if kind == "delayed_when":
            return self.choice(node, what, ("beginning_of_next_<step>",),
                               lambda v: parse_when(v, delayed=True))
        if kind == "duration":
            return self.choice(node, what, ("end_of_turn", "this_turn", "end_of_combat",
                                            "end_of_<step or phase>",
                                            "until_<step or phase>"), parse_duration)
        if kind in ("ids", "players", "steps", "types"):
            single = {"ids": "id", "players": "player", "steps": "step", "types": "type"}[kind]
            return [v for v in (self.value(x, single, what) for x in self.f.sequence(node))
                    if v is not None]
        if kind == "id_or_ids":  # one id or a list of ids
            if is_sequence(node):
                return self.value(node, "ids", what)
            return self.value(node, "id", what)
        if kind == "counters":
            return self.number_map(node, what, lambda n, w: self.whole(n, w))
        if kind == "effect_map":
            return self.number_map(node, what, self.boolean, reference=True)
        if kind == "actions":
            return self.actions(node, what)
        raise AssertionError(kind)

    def number_map(self, node, what, read, reference=False) -> dict | None:
        if not is_mapping(node):
            self.error(node, _("{what}: expected a mapping, found {found}").format(
                what=what, found=kind_of(node)))
            return None
        out = {}
        for key_node, value_node in node.value:
            key = self.text(key_node, what)
            if key is None:
                continue
            if reference:
                self.references.append(("id", key, key_node))
            value = read(value_node, f"{what}.{key}")
            if value is not None:
                out[key] = value
        return out

    def mapping(self, node, schema: dict, what: str) -> dict | None:
        required = {k for k, (_kind, req) in schema.items() if req}
        keys = self.f.mapping(node, required, set(schema) - required)
        if keys is None:
            return None
        out = {}
        for key, value_node in keys.items():
            kind = schema[key][0]
            value = self.value(value_node, kind, key)
            if value is not None or (isinstance(kind, str) and kind.endswith("?")):
                out[key] = value
        return out

    # --- actions and expectations --------------------------------------------------------
    def one_key(self, node, table: dict, what: str):
        if not is_mapping(node) or len(node.value) != 1:
            self.error(node, _("{what}: each item is a mapping with one key, the name of the "
                               "{what}").format(what=what))
            return None, None
        key_node, value_node = node.value[0]
        name = key_node.value if is_scalar(key_node) else None
        if name not in table:
            close = difflib.get_close_matches(str(name), list(table), n=1)
            hint = _(" (did you mean '{close}'?)").format(close=close[0]) if close else ""
            self.error(key_node, _("unknown {what} '{name}'{hint}").format(
                what=what, name=name, hint=hint))
            return None, None
        schema = table[name]
        if isinstance(schema, dict):
            if self._tag(value_node) == "null" and not any(r for _k, r in schema.values()):
                value = {}  # `end_the_turn:` reads as `end_the_turn: {}`
            else:
                value = self.mapping(value_node, schema, name)
        else:
            value = self.value(value_node, schema, name)
        return name, value

    def actions(self, node, what: str = "do") -> tuple[Action, ...]:
        out = []
        for item in self.f.sequence(node):
            before = len(self.f.errors)
            name, args = self.one_key(item, ACTIONS, _("action"))
            if name is None or args is None:
                continue
            line = line_of(item)
            reported = len(self.f.errors) > before  # a wrong key or value: said already
            if name == "advance" and len(args) != 1:
                if not reported:
                    self.error(item, _("advance: give either 'to' or 'turns'"))
                continue
            if name == "skip" and sum(k in args for k in ("step", "phase", "turn")) != 1:
                if not reported:
                    self.error(item, _("skip: give one of 'step', 'phase' or 'turn'"))
                continue
            if name == "simultaneously":
                bad = [a for a in args if a.name not in GAME_ENDING]
                if bad:
                    self.error(item, _("simultaneously: only {allowed} can happen at the "
                                       "same time").format(allowed=", ".join(GAME_ENDING)))
                    continue
            out.append(Action(name, args, line))
        return tuple(out)

    def expectations(self, node) -> tuple[Check, ...]:
        out = []
        items = self.f.sequence(node)
        if is_sequence(node) and not items:
            self.error(node, _("expect: the list is empty (an example must check something)"))
        for item in items:
            name, args = self.one_key(item, EXPECTATIONS, _("expectation"))
            if name is not None and args is not None:
                out.append(Check(name, args, line_of(item)))
        return tuple(out)

    def finish(self) -> None:
        players = self.players or {"Ana", "Bo"}
        for kind, value, node in self.references:
            if kind in ("player", "target") and value in players:
                continue
            if kind in ("id", "target") and value in self.ids:
                continue
            if kind == "player" or (kind == "target" and value[:1].isupper()):
                known = ", ".join(sorted(players))
                self.error(node, _("unknown player '{name}' (players: {known})").format(
                    name=value, known=known))
            else:
                self.error(node, _("unknown id '{id}' (not defined in this example)").format(
                    id=value))


def example_files(paths) -> list[Path]:
    """The YAML files named, folders searched for *.yaml (sorted)."""
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.yaml") if not p.name.startswith(".")))
        elif path.is_file():
            files.append(path)
        else:
            raise UserError(_("no such file or folder: {path}").format(path=raw))
    return files


def default_examples_dir(book: RuleBook) -> Path:
    return Path(book.root) / "examples"


def load_examples(book: RuleBook, paths=None) -> tuple[Example, ...]:
    """Every example of the files or folders given (the rulebook's examples/ by default).
    Raises DataErrors with every problem found."""
    if paths is None:
        folder = default_examples_dir(book)
        paths = [folder] if folder.is_dir() else []
    errors: list[DataError] = []
    examples: list[Example] = []
    seen: dict[str, tuple[str, int]] = {}
    rules = Path(book.root).resolve()
    for path in example_files(paths):
        # the rulebook's files end with their end line; a file of someone else's need not
        f = YamlFile(path, display_path(path), errors, ended=path.resolve().is_relative_to(rules))
        root = f.compose()
        if root is None:
            continue
        for item in f.sequence(root):
            example = _read_example(f, item, book)
            if example is None:
                continue
            if example.id in seen:
                first = seen[example.id]
                f.error(item, _("duplicate example id '{id}' (first at {file}:{line})").format(
                    id=example.id, file=first[0], line=first[1]))
                continue
            seen[example.id] = (example.file, example.line)
            examples.append(example)
    if errors:
        raise DataErrors(errors)
    return tuple(examples)


def _read_example(f: YamlFile, node, book: RuleBook) -> Example | None:
    before = len(f.errors)
    keys = f.mapping(node, TOP, TOP_OPTIONAL)
    if keys is None:
        return None
    r = _Reader(f)
    eid = r.text(keys["id"], "id") if "id" in keys else None
    if eid is not None and not _ID.match(eid):
        f.error(keys["id"], _("example id '{id}' must be lowercase words joined by '-'"
                              ).format(id=eid))
    rules = _read_rules(f, keys["rules"], book) if "rules" in keys else ()
    title = _languages(f, keys["title"], "title") if "title" in keys else None
    explain = _languages(f, keys["explain"], "explain") if "explain" in keys else {}
    edition = f.scalar(keys["edition"], DATE, "edition") if "edition" in keys else None
    cr_example = r.whole(keys["cr_example"], "cr_example", 1) if "cr_example" in keys else None
    if cr_example is not None and rules:
        rule = book.find("en", rules[0])
        count = len(getattr(rule, "examples", ()))
        if cr_example > count:
            f.error(keys["cr_example"], ngettext(
                "cr_example {n}: rule {rule} has {count} Example paragraph",
                "cr_example {n}: rule {rule} has {count} Example paragraphs", count).format(
                n=cr_example, rule=rules[0], count=count))
    reason, reasons = None, {}
    if "not_executable" in keys and is_mapping(keys["not_executable"]):
        reasons = _languages(f, keys["not_executable"], "not_executable") or {}
        reason = reasons.get("en")  # addition: the reason in each language
    elif "not_executable" in keys:
        reason = r.text(keys["not_executable"], "not_executable")
    given, do, expect = {}, (), ()
    if "not_executable" in keys:
        for key in ("given", "do", "expect"):
            if key in keys:
                f.error(keys[key], _("an example that is not executable has no '{key}'"
                                     ).format(key=key))
        if "explain" not in keys:
            f.error(node, _("an example that is not executable needs 'explain'"))
    else:
        if "expect" not in keys:
            f.error(node, _("missing key 'expect' (or 'not_executable' with the reason)"))
        given = r.mapping(keys["given"], GIVEN, "given") if "given" in keys else {}
        do = r.actions(keys["do"]) if "do" in keys else ()
        expect = r.expectations(keys["expect"]) if "expect" in keys else ()
        r.finish()
    if len(f.errors) > before or eid is None or title is None or given is None:
        return None
    return Example(eid, tuple(rules), title, f.display, line_of(node), edition,
                   cr_example, explain, given, do, expect, reason, reasons)


def _read_rules(f: YamlFile, node, book: RuleBook) -> tuple[RuleNumber, ...]:
    out = []
    items = f.sequence(node)
    if is_sequence(node) and not items:
        f.error(node, _("rules: the list is empty"))
    for item in items:
        if not is_scalar(item):
            f.error(item, _("rules: expected a rule number, found {found}").format(
                found=kind_of(item)))
            continue
        try:  # unquoted 104.10 stays "104.10": the node keeps the text as written
            number = RuleNumber.parse(str(item.value))
        except BadNumber:
            f.error(item, _("malformed rule number '{number}' (expected e.g. 104, 104.3 or "
                            "104.3b; subrule letters skip l and o)").format(number=item.value))
            continue
        if book.find("en", number) is None:
            near = ", ".join(str(n) for n in book.nearby("en", number))
            f.error(item, _("rule {number} is not in the rulebook (nearby: {near})").format(
                number=number, near=near or "-"))
            continue
        out.append(number)
    return tuple(out)


def _languages(f: YamlFile, node, what: str) -> dict[str, str] | None:
    keys = f.mapping(node, {"en"}, set(LANGUAGES) - {"en"})
    if keys is None:
        return None
    values = {lang: f.scalar(keys[lang], STR, f"{what}.{lang}") for lang in keys}
    if any(v is None for v in values.values()) or "en" not in values:
        return None
    return values


def example_edition(example: Example, book: RuleBook) -> date:
    """The example's edition, else that of the first rule it cites (its `since`, else its
    section's edition)."""
    if example.edition is not None:
        return example.edition
    number = example.rules[0]
    section = book.section_for("en", number)
    rule = section.rule(number) if section is not None else None
    if rule is not None and rule.since is not None:
        return rule.since
    return section.edition.effective
