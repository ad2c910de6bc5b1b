"""Reads rules/*.yaml strictly into a RuleBook, or reports every error.

Only this module walks the rulebook's YAML (the loader, today.loader, calls it when the
user's cache has no snapshot of the files). It reads each file through yamlfiles.nodes
(nodes that keep their lines), checks the structure against the schema below, and builds
the frozen model. Errors are collected across all files and raised together as DataErrors,
each `file:line: message` with 1-based lines.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from ..errors import DataError, DataErrors
from ..i18n import _
from ..model import (LANGUAGES, SOURCE_KINDS, Edition, Paragraph, Rule, RuleBook, Section,
                     Source, Term, TermName, Wording)
from ..numbering import RuleNumber
from .consistency import check_rulebook
from .folders import NON_LANGUAGE_DIRS, open_folder, rulebook_files
from ..yamlfiles.nodes import DATE, STR, YamlFile, display_path, is_sequence, line_of

_TERM_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


# --- editions.yaml -------------------------------------------------------------------------
def _read_editions(f: YamlFile) -> dict[date, Edition]:
    root = f.compose()
    editions: dict[date, Edition] = {}
    if root is None:
        return editions
    top = f.mapping(root, {"editions"})
    if not top or "editions" not in top:
        return editions
    lines: dict[date, int] = {}
    for item in f.sequence(top["editions"]):
        keys = f.mapping(item, {"effective", "set"}, {"file"})
        if not keys:
            continue
        effective = f.scalar(keys["effective"], DATE, "effective") if "effective" in keys else None
        names = _read_languages(f, keys.get("set"), "set") if "set" in keys else None
        file = f.scalar(keys["file"], STR, "file") if "file" in keys else None
        if effective is None or names is None:
            continue
        if effective in editions:
            f.error(item, _("duplicate edition {date} (first at line {line})").format(
                date=effective, line=lines[effective]))
            continue
        lines[effective] = line_of(item)
        editions[effective] = Edition(effective, names, file)
    return editions


def _read_languages(f: YamlFile, node: yaml.Node, what: str) -> dict[str, str] | None:
    keys = f.mapping(node, set(LANGUAGES))
    if keys is None:
        return None
    values = {lang: f.scalar(keys[lang], STR, f"{what}.{lang}") for lang in keys}
    if any(v is None for v in values.values()) or len(values) != len(LANGUAGES):
        return None
    return values


# --- glossary.yaml -------------------------------------------------------------------------
def _read_glossary(f: YamlFile) -> tuple[Term, ...]:
    root = f.compose()
    if root is None:
        return ()
    top = f.mapping(root, {"terms"})
    if not top or "terms" not in top:
        return ()
    terms: list[Term] = []
    seen: dict[str, int] = {}
    for item in f.sequence(top["terms"]):
        keys = f.mapping(item, {"id", "rules", *LANGUAGES}, {"obsolete", "note"})
        if not keys:
            continue
        term_id = f.scalar(keys["id"], STR, "id") if "id" in keys else None
        if term_id is not None and not _TERM_ID.match(term_id):
            f.error(keys["id"], _("term id '{id}' must be lowercase words joined by '-'").format(
                id=term_id))
            term_id = None
        if term_id is not None and term_id in seen:
            f.error(keys["id"], _("duplicate term '{id}' (first at line {line})").format(
                id=term_id, line=seen[term_id]))
            term_id = None
        if term_id is not None:
            seen[term_id] = line_of(keys["id"])
        rules = tuple(n for n in (f.number(x, "rules") for x in f.sequence(keys["rules"]))
                      if n is not None) if "rules" in keys else ()
        names = {lang: _read_term_name(f, keys[lang], lang) for lang in LANGUAGES if lang in keys}
        obsolete = f.boolean(keys["obsolete"], "obsolete") if "obsolete" in keys else False
        note = f.scalar(keys["note"], STR, "note") if "note" in keys else None
        if term_id is None or any(n is None for n in names.values()) or len(names) < 3:
            continue
        terms.append(Term(term_id, names, rules, bool(obsolete), note, line_of(item)))
    return tuple(terms)


def _read_term_name(f: YamlFile, node: yaml.Node, lang: str) -> TermName | None:
    keys = f.mapping(node, {"name"}, {"definition", "variants", "source", "obsolete_names"})
    if not keys or "name" not in keys:
        return None
    name = f.scalar(keys["name"], STR, f"{lang}.name")
    definition = f.scalar(keys["definition"], STR, "definition") if "definition" in keys else None
    source = f.scalar(keys["source"], STR, "source") if "source" in keys else None
    lists = {k: tuple(v for v in (f.scalar(x, STR, k) for x in f.sequence(keys[k])) if v)
             for k in ("variants", "obsolete_names") if k in keys}
    if name is None:
        return None
    return TermName(name, definition, lists.get("variants", ()), source,
                    lists.get("obsolete_names", ()))


# --- section files -------------------------------------------------------------------------
_SECTION_KEYS = {"section", "title", "lang", "edition", "source", "rules"}
_SOURCE_KEYS = {"kind", "name"}
_SOURCE_OPTIONAL = {"file", "claims", "claims_text", "translated_from"}
_RULE_KEYS = {"number", "text"}
_RULE_OPTIONAL = {"examples", "since", "base", "earlier"}


def _read_section(f: YamlFile, lang_dir: str, editions: dict[date, Edition]) -> Section | None:
    root = f.compose()
    if root is None:
        return None
    keys = f.mapping(root, _SECTION_KEYS)
    if keys is None:
        return None
    number = f.number(keys["section"], "section") if "section" in keys else None
    title = f.scalar(keys["title"], STR, "title") if "title" in keys else None
    lang = f.scalar(keys["lang"], STR, "lang") if "lang" in keys else None
    if lang is not None and lang not in LANGUAGES:
        f.error(keys["lang"], _("unknown language '{lang}' (known: {known})").format(
            lang=lang, known=", ".join(LANGUAGES)))
        lang = None
    elif lang is not None and lang != lang_dir:
        f.error(keys["lang"], _("lang is '{lang}' but the file is in the folder '{folder}'"
                                ).format(lang=lang, folder=lang_dir))
    stem = f.path.name[: -len(".yaml")]
    if number is not None and str(number) != stem:
        f.error(keys["section"], _("section {number} is in a file named '{name}' (rename the "
                                   "file to {number}.yaml)").format(number=number,
                                                                    name=f.path.name))
    if number is not None and number.depth == 2:
        f.error(keys["section"], _("section {number}: a section file holds a section or a "
                                   "rule, not a subrule").format(number=number))
        number = None
    edition = _edition(f, keys["edition"], editions, "edition") if "edition" in keys else None
    source = _read_source(f, keys["source"], editions) if "source" in keys else None
    if source is not None and source.kind == "official" and lang not in (None, "en"):
        f.error(keys["source"], _("only English text can come from an official CR file"))
    rules = (_read_rules(f, keys["rules"], number, editions, lang, edition) if "rules" in keys
             else None)
    if None in (number, title, lang, edition, source, rules):
        return None
    return Section(number, title, lang, edition, source, tuple(rules), f.display,
                   line_of(root))


def _edition(f: YamlFile, node: yaml.Node, editions: dict[date, Edition], what: str
             ) -> Edition | None:
    value = f.scalar(node, DATE, what)
    if value is None or not editions:  # no editions at all: editions.yaml's error says why
        return None
    if value not in editions:
        f.error(node, _("{what} {date} is not in rules/editions.yaml (add it there first)"
                        ).format(what=what, date=value))
        return None
    return editions[value]


def _read_source(f: YamlFile, node: yaml.Node, editions: dict[date, Edition]) -> Source | None:
    keys = f.mapping(node, _SOURCE_KEYS, _SOURCE_OPTIONAL)
    if keys is None:
        return None
    kind = f.scalar(keys["kind"], STR, "source.kind") if "kind" in keys else None
    if kind is not None and kind not in SOURCE_KINDS:
        f.error(keys["kind"], _("source.kind '{kind}' is not one of {kinds}").format(
            kind=kind, kinds=", ".join(SOURCE_KINDS)))
        kind = None
    values = {k: f.scalar(keys[k], STR, f"source.{k}")
              for k in ("name", "file", "claims_text", "translated_from") if k in keys}
    claims = f.scalar(keys["claims"], DATE, "source.claims") if "claims" in keys else None
    if kind in ("official", "quoted") and "file" not in keys:
        f.error(node, _("source.file is required for {kind} text").format(kind=kind))
        return None
    if kind == "project" and "translated_from" not in keys:
        f.error(node, _("source.translated_from is required for a project translation"))
        return None
    if kind is None or values.get("name") is None:
        return None
    return Source(kind, values["name"], values.get("file"), claims, values.get("claims_text"),
                  values.get("translated_from"))


def _read_rules(f: YamlFile, node: yaml.Node, section: RuleNumber | None,
                editions: dict[date, Edition], lang: str | None = None,
                edition: Edition | None = None) -> list[Rule] | None:
    rules: list[Rule] = []
    seen: dict[RuleNumber, int] = {}
    ok = True
    items = f.sequence(node)
    if is_sequence(node) and not items:
        f.error(node, _("rules: the list is empty"))
    for item in items:
        keys = f.mapping(item, _RULE_KEYS, _RULE_OPTIONAL)
        if keys is None or "number" not in keys:
            ok = False
            continue
        number = f.number(keys["number"], "number")
        text = f.scalar(keys["text"], STR, _("text of {number}").format(
            number=keys["number"].value)) if "text" in keys else None
        line = line_of(item)
        if number is not None:
            if number in seen:
                f.error(keys["number"], _("duplicate rule {number} (first at line {line})"
                                          ).format(number=number, line=seen[number]))
                number = None
            elif section is not None and (number == section or not number.is_within(section)):
                f.error(keys["number"], _("rule {number} does not belong in section {section}"
                                          ).format(number=number, section=section))
                number = None
            elif rules and number < rules[-1].number:
                f.error(keys["number"], _("rule {number} is out of order (it comes before "
                                          "{previous})").format(number=number,
                                                                previous=rules[-1].number))
            if number is not None:
                seen[number] = line
        examples = tuple(
            Paragraph.of(t, line_of(x))
            for x in (f.sequence(keys["examples"]) if "examples" in keys else ())
            if (t := f.scalar(x, STR, _("example"))) is not None)
        since = _edition(f, keys["since"], editions, "since") if "since" in keys else None
        earlier = _read_earlier(f, keys["earlier"], editions) if "earlier" in keys else ()
        base = _base(f, keys["base"], lang, edition) if "base" in keys else None
        if number is None or text is None:
            ok = False
            continue
        rules.append(Rule.of(number, text, examples, since.effective if since else None, earlier,
                             f.display, line, base))
    return rules if ok else None


def _base(f: YamlFile, node: yaml.Node, lang: str | None, edition: Edition | None
          ) -> date | None:
    """A translated rule's own base edition: a date after its section's edition (any
    official edition the history knows, so not necessarily one of editions.yaml)."""
    value = f.scalar(node, DATE, "base")
    if value is None:
        return None
    if lang == "en":
        f.error(node, _("base: only a translated rule has a base edition (the English of "
                        "a section is of its edition)"))
        return None
    if edition is not None and value <= edition.effective:
        f.error(node, _("base {date} is not after the section's edition {edition}: remove "
                        "it").format(date=value, edition=edition.effective))
        return None
    return value


def _read_earlier(f: YamlFile, node: yaml.Node, editions: dict[date, Edition]
                  ) -> tuple[Wording, ...]:
    out = []
    for item in f.sequence(node):
        keys = f.mapping(item, {"since", "text"})
        if not keys or len(keys) < 2:
            continue
        since = _edition(f, keys["since"], editions, "since")
        text = f.scalar(keys["text"], STR, "text")
        if since is not None and text is not None:
            out.append(Wording(since.effective, text, line_of(item)))
    return tuple(out)


# --- the rulebook --------------------------------------------------------------------------
def read_folder(root=None) -> RuleBook:
    """The rule texts, editions and glossary under root (rules/ by default), read from their
    YAML files and checked, without today's view; raises DataErrors."""
    return read_rulebook(open_folder(root))


def read_rulebook(root: str) -> RuleBook:
    """The rulebook under root, read from its YAML files and checked; raises DataErrors."""
    root = Path(root)
    errors: list[DataError] = []

    def file(path: Path) -> YamlFile:
        return YamlFile(path, display_path(path, root), errors)

    editions = _read_editions(file(root / "editions.yaml"))
    glossary = _read_glossary(file(root / "glossary.yaml"))
    sections: dict[tuple[str, str], Section] = {}
    paths = [root / "editions.yaml", root / "glossary.yaml"]
    for folder in sorted(p for p in root.iterdir() if p.is_dir()
                         and p.name not in NON_LANGUAGE_DIRS and not p.name.startswith(".")):
        for stray in sorted(folder.iterdir()):
            if stray.is_file() and not stray.name.startswith(".") and stray.suffix != ".yaml":
                file(stray).error(1, _("not a section file: section files are named after "
                                       "their section, e.g. 104.yaml"))
    for path in map(Path, rulebook_files(root)[2:]):
        lang_dir = path.parent.name
        paths.append(path)
        f = file(path)
        if lang_dir not in LANGUAGES:
            f.error(1, _("unknown language folder '{folder}' (known: {known})").format(
                folder=lang_dir, known=", ".join(LANGUAGES)))
            continue
        section = _read_section(f, lang_dir, editions)
        if section is not None:
            sections[(section.lang, str(section.number))] = section
    book = RuleBook(sections, editions, glossary, str(root),
                    tuple(display_path(p, root) for p in paths))
    if not errors:  # checks across files, once every file is right on its own
        errors.extend(check_rulebook(book))
    if errors:
        raise DataErrors(errors)
    return book
