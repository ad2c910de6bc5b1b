"""The YAML reading layer: files composed into nodes that keep their 1-based lines, read
strictly (every problem recorded as `file:line: message`), and paths as a user reads them.

Every reader of the project's YAML data (the rulebook, worked examples, the history, the
audit's tables) reads through YamlFile; `line_of` is the one place a 0-based YAML mark
becomes a 1-based line.

PyYAML is imported on first use only (yaml_module()): a fresh process that finds the
rulebook's snapshot in the cache never needs it, and start-up is the CLI's hot path. That
is also why the few imports inside functions below stay there (difflib, for a misspelt
key only, costs a start 1 ms).
"""

from __future__ import annotations

import functools
import os
from typing import Any

from ..errors import DataError, os_error_text
from ..i18n import _
from ..numbering import BadNumber, RuleNumber
from .ends import end_problem
from .problems import decode, describe

yaml = None  # the module, once imported
_loader_class = None  # the C parser's safe loader where present; the pure-Python one behaves the same
_constructor = None

STR, DATE = "str", "date"
_TAGS = {STR: "tag:yaml.org,2002:str", DATE: "tag:yaml.org,2002:timestamp"}


def yaml_module():
    """PyYAML, imported on first use."""
    global yaml, _loader_class, _constructor
    if yaml is None:
        # lazy: saves 21 ms of `show`'s cold start (import CPU time, min of 5 runs)
        import yaml as module

        yaml = module
        _loader_class = getattr(module, "CSafeLoader", module.SafeLoader)
        _constructor = module.constructor.SafeConstructor()
    return yaml


def safe_loader():
    """The safe loader class (libyaml's where present)."""
    yaml_module()
    return _loader_class


def compose(text: str):
    """The node tree of a YAML text (safe), or None for an empty one; yaml.YAMLError else."""
    return yaml_module().compose(text, Loader=safe_loader())


def load(text: str):
    """The plain data of a YAML text (safe)."""
    return yaml_module().load(text, Loader=safe_loader())


class Unreadable(ValueError):
    """A scalar whose tag cannot read its text (2026-02-30, `!!timestamp xx`, `!!int x`), with
    its 1-based line."""

    def __init__(self, node):
        super().__init__(f"!!{node.tag.rpartition(':')[2]} cannot read {node.value!r}")
        self.line = line_of(node)


def construct(node):
    """The Python value of a scalar node (a date, a bool, a number); Unreadable when its tag
    cannot read its text (PyYAML's own constructors then fail with errors of their own)."""
    yaml_module()
    try:
        return _constructor.construct_object(node)
    except (ArithmeticError, AttributeError, LookupError, TypeError, ValueError):
        raise Unreadable(node) from None


def line_of(node) -> int:
    """The 1-based line where a node (or a key node) starts."""
    return node.start_mark.line + 1


def is_mapping(node) -> bool:
    return isinstance(node, yaml_module().MappingNode)


def is_sequence(node) -> bool:
    return isinstance(node, yaml_module().SequenceNode)


def is_scalar(node) -> bool:
    return isinstance(node, yaml_module().ScalarNode)


class YamlFile:
    """One YAML file being read: its display name and the errors found in it. A data file
    of the project ends with the line `...` (yamlfiles.ends); ended=False reads a file of
    someone else's, such as worked examples given to `tolaria check`, without it."""

    def __init__(self, path: Path, display: str, errors: list[DataError], ended: bool = True):
        self.path, self.display, self.errors, self.ended = path, display, errors, ended

    def error(self, node_or_line: Any, message: str) -> None:
        line = node_or_line if isinstance(node_or_line, int) else line_of(node_or_line)
        self.errors.append(DataError(self.display, line, message))

    def compose(self) -> yaml.Node | None:
        yaml_module()
        try:
            with open(self.path, "rb") as stream:
                raw = stream.read()
        except OSError as exc:
            self.error(1, _("cannot read the file: {problem}").format(problem=os_error_text(exc)))
            return None
        text, line, problem = decode(raw)
        if text is None:
            self.error(line, problem)
            return None
        try:
            node = compose(text)
        except yaml.YAMLError as exc:  # a syntax error, or a character YAML does not allow
            self.error(*describe(exc, text))
            return None
        if node is None:
            self.error(1, _("the file is empty"))
            return None
        cut = end_problem(text) if self.ended else None
        if cut is not None:
            self.error(*cut)
            return None
        return node

    # --- structure ------------------------------------------------------------------
    def mapping(self, node: yaml.Node, required: set[str],
                optional: set[str] | None = frozenset()) -> dict[str, yaml.Node] | None:
        """The keys of a mapping node; reports duplicates, unknown and missing keys.
        optional=None: any text is a key (keys that are data, such as glossary term ids)."""
        if not isinstance(node, yaml.MappingNode):
            self.error(node, _("expected a mapping of keys to values, found {found}").format(
                found=kind_of(node)))
            return None
        out: dict[str, yaml.Node] = {}
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            line = line_of(key_node)
            if key in seen:
                self.error(key_node, _("duplicate key '{key}' (first at line {line})").format(
                    key=key, line=seen[key]))
                continue
            if key is None or (optional is not None and key not in required
                               and key not in optional):
                known = sorted(required | set(optional or ()))
                # lazy: saves 1 ms of `search`'s cold start (import CPU time, min of 5 runs)
                import difflib

                close = difflib.get_close_matches(str(key), known, n=1)
                if close:
                    self.error(key_node, _("unknown key '{key}' (did you mean '{close}'?)"
                                           ).format(key=key, close=close[0]))
                else:
                    self.error(key_node, _("unknown key '{key}' (allowed: {allowed})").format(
                        key=key, allowed=", ".join(known)))
                continue
            seen[key] = line
            out[key] = value_node
        for key in sorted(required - set(out)):
            self.error(node, _("missing key '{key}'").format(key=key))
        return out

    def sequence(self, node: yaml.Node) -> list[yaml.Node]:
        if not isinstance(node, yaml.SequenceNode):
            self.error(node, _("expected a list, found {found}").format(found=kind_of(node)))
            return []
        return list(node.value)

    def scalar(self, node: yaml.Node, kind: str, what: str) -> Any:
        """A scalar of the given kind (str or date), or None after reporting an error."""
        if not isinstance(node, yaml.ScalarNode) or node.tag != _TAGS[kind]:
            expected = _("a date (YYYY-MM-DD)") if kind == DATE else _("a text")
            self.error(node, _("{what}: expected {expected}, found {found}").format(
                what=what, expected=expected, found=kind_of(node)))
            return None
        try:  # a text is node.value, what PyYAML's str constructor returns, without its cost
            value = node.value if kind == STR else construct(node)
        except ValueError:  # 2026-02-30: the shape of a date, but no day of the calendar
            self.error(node, _("{what}: '{value}' is no day of the calendar (write a date "
                               "that exists, as YYYY-MM-DD)").format(what=what,
                                                                     value=node.value))
            return None
        except yaml.constructor.ConstructorError as exc:
            self.error(node, _("{what}: {problem}").format(what=what, problem=exc.problem))
            return None
        if kind == STR and not value.strip():
            self.error(node, _("{what} is empty").format(what=what))
            return None
        return value

    def number(self, node: yaml.Node, what: str) -> RuleNumber | None:
        if isinstance(node, yaml.ScalarNode) and node.tag in ("tag:yaml.org,2002:float",
                                                               "tag:yaml.org,2002:int"):
            self.error(node, _("{what}: write the number in quotes (\"{value}\"), or 104.10 "
                               "would read as 104.1").format(what=what, value=node.value))
            return None
        text = self.scalar(node, STR, what)
        if text is None:
            return None
        try:
            return RuleNumber.parse(text)
        except BadNumber:
            self.error(node, _("malformed rule number '{number}' (expected e.g. 104, 104.3 "
                               "or 104.3b; subrule letters skip l and o)").format(number=text))
            return None

    def boolean(self, node: yaml.Node, what: str) -> bool | None:
        """A true/false value, or None after reporting an error."""
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:bool":
            try:
                return construct(node)
            except Unreadable:  # !!bool maybe
                pass
        self.error(node, _("{what}: expected true or false, found {found}").format(
            what=what, found=kind_of(node)))
        return None


def kind_of(node: yaml.Node) -> str:
    """What a node is, in words, for a message: 'a list', "'x' (number)"."""
    if isinstance(node, yaml.MappingNode):
        return _("a mapping")
    if isinstance(node, yaml.SequenceNode):
        return _("a list")
    tag = node.tag.rsplit(":", 1)[-1]
    if tag == "null":
        return _("nothing")
    kinds = {"str": _("text"), "int": _("number"), "float": _("number"),
             "timestamp": _("date"), "bool": _("true/false")}
    return _("'{value}' ({kind})").format(value=node.value, kind=kinds.get(tag, tag))



def display_path(path, base=None) -> str:
    """A path as the user should read it: relative to the working directory when under it."""
    absolute = os.path.realpath(path)
    cwd = _real_folder(os.getcwd())
    if absolute.startswith(cwd + os.sep):
        return absolute[len(cwd) + 1:].replace(os.sep, "/")
    return absolute


@functools.lru_cache(maxsize=8)
def _real_folder(folder: str) -> str:
    """The real path of a working directory (asked once per folder, not once per file)."""
    return os.path.realpath(folder)


def scalar_lines(path, key: str) -> dict[str, int]:
    """value -> 1-based line of the first `key: value` (or `- key: value`) of a file, its
    value unquoted: where a checker that holds a file's records, not its nodes, points at
    one of them. {} when the file cannot be read."""
    out: dict[str, int] = {}
    prefix = key + ":"
    try:
        with open(path, encoding="utf-8") as stream:
            for number, line in enumerate(stream, 1):
                stripped = line.strip().removeprefix("- ")
                if stripped.startswith(prefix):
                    value = stripped[len(prefix):].split(" #")[0].strip().strip("\"'")
                    out.setdefault(value, number)
    except (OSError, UnicodeDecodeError):
        return {}
    return out


def line_count(path) -> int:
    """The number of lines of a file (1 when it cannot be read): where an error about what
    a file lacks at its end points."""
    try:
        with open(path, "rb") as stream:
            return max(1, sum(1 for _line in stream))
    except OSError:
        return 1
