"""The stored whole CR: rules/cr/en.json, written from an official file, checked, read.

One JSON file, one item per line (a chapter, a section, a rule with its examples, a glossary
entry), so that a new edition's diff reads rule by rule and a problem names its line:

    {
    "about": "…", "format": 1, "edition": "2026-04-17", "source": "rules_20260417.txt",
    "attribution": "Rule text © Wizards of the Coast",
    "chapters": [
    ["1", "Game Concepts"],
    …],
    "sections": [
    ["100", "General"],
    …],
    "rules": [
    ["100.1", "These Magic rules apply …"],
    ["100.1a", "A two-player game …", ["Example: …"]],
    …],
    "glossary": [
    ["Abandon", "To turn a face-up …"],
    …]
    }

Numbers must parse, and chapters, sections and rules come in CR order without duplicates;
`check` reports every problem as `file:line: message`.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from ..errors import DataError, DataErrors, os_error_text, UserError
from ..i18n import _, format_date, format_number, ngettext
from ..numbering import BadNumber, RuleNumber
from .records import ATTRIBUTION, CRChapter, CRRule, CRSection, CRTerm, WholeCR
from ..files.atomic import write_files

FORMAT = 1
FOLDER = "cr"
NAME = "en.json"
EDITIONS = "editions.json"  # every older edition (tolaria.editions.store)
ABOUT = ("The whole Comprehensive Rules in English, imported verbatim from the official file "
         "{file} (effective {date}) by `tolaria import FILE --whole`. Do not edit by hand: "
         "import again instead. Rule text © Wizards of the Coast.")
_LISTS = ("chapters", "sections", "rules", "glossary")


def store_path(rules_dir) -> Path:
    """rules/cr/en.json of a rulebook folder."""
    return Path(rules_dir) / FOLDER / NAME


# --- from an official document -------------------------------------------------------------
def from_document(doc) -> WholeCR:
    """The WholeCR of a parsed official file (cr.official.CRDocument)."""
    sections = []
    for number, section in doc.sections.items():
        rules = tuple(CRRule(r.number, r.text, tuple(r.examples)) for r in section.rules)
        sections.append(CRSection(number, section.title, number[0], rules))
    chapters = tuple(CRChapter(n, t, tuple(s.number for s in sections if s.chapter == n))
                     for n, t in doc.chapters.items())
    glossary = tuple(CRTerm(g.term, g.definition) for g in doc.glossary)
    return WholeCR(doc.effective, doc.file, chapters, tuple(sections), glossary)


def dumps(cr: WholeCR) -> str:
    """The text of the stored file (see the module's docstring)."""
    def item(value) -> str:
        return json.dumps(value, ensure_ascii=False)

    head = {"about": ABOUT.format(file=cr.source, date=cr.edition.isoformat()),
            "format": FORMAT, "edition": cr.edition.isoformat(), "source": cr.source,
            "attribution": cr.attribution}
    lines = ["{"] + [f"{item(k)}: {item(v)}," for k, v in head.items()]
    lists = {"chapters": [[c.number, c.title] for c in cr.chapters],
             "sections": [[s.number, s.title] for s in cr.sections],
             "rules": [[r.number, r.text] + ([list(r.examples)] if r.examples else [])
                       for r in cr.rules()],
             "glossary": [[t.term, t.definition] for t in cr.glossary]}
    for index, (key, values) in enumerate(lists.items()):
        lines.append(f"{item(key)}: [")
        lines.extend(item(v) + ("," if i < len(values) - 1 else "") for i, v in enumerate(values))
        lines.append("]" + ("," if index < len(lists) - 1 else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


# --- reading and checking ------------------------------------------------------------------
def parse(text: str, display: str) -> WholeCR:
    """The WholeCR of a stored file's text. Raises DataErrors with every problem found."""
    errors: list[DataError] = []
    try:
        data = json.loads(text)
    except ValueError as exc:
        line = getattr(exc, "lineno", 1)
        raise DataErrors([DataError(display, line, _("not a JSON file: {problem}").format(
            problem=getattr(exc, "msg", str(exc))))]) from None
    lines = _item_lines(text)

    def error(line: int, message: str) -> None:
        errors.append(DataError(display, line, message))

    if not isinstance(data, dict):
        error(1, _("expected an object with edition, source, chapters, sections, rules and "
                   "glossary"))
        raise DataErrors(errors)
    for key in ("edition", "source", "attribution") + _LISTS:
        if key not in data:
            error(1, _("missing '{key}'").format(key=key))
    if data.get("format") != FORMAT:
        error(1, _("format {found}: this version of tolaria reads format {format}").format(
            found=data.get("format"), format=FORMAT))
    try:
        edition = date.fromisoformat(str(data.get("edition")))
    except ValueError:
        error(1, _("edition '{value}' is not a date (YYYY-MM-DD)").format(
            value=data.get("edition")))
        edition = None
    items = {key: _items(data.get(key, []), key, lines, error) for key in _LISTS}
    chapters = _chapters(items["chapters"], error)
    sections = _sections(items["sections"], chapters, error)
    rules = _rules(items["rules"], sections, error)
    glossary = [CRTerm(*v) for _line, v in items["glossary"] if _strings(v, 2, 2)]
    for line, value in items["glossary"]:
        if not _strings(value, 2, 2):
            error(line, _("a glossary entry is [term, definition]"))
    if errors or edition is None:
        raise DataErrors(errors)
    built = tuple(CRSection(n, title, n[0], tuple(rules.get(n, ())))
                  for n, title in sections.items())
    return WholeCR(edition, str(data["source"]),
                   tuple(CRChapter(n, t, tuple(s for s in sections if s[0] == n))
                         for n, t in chapters.items()),
                   built, tuple(glossary), str(data["attribution"]), display)


def _item_lines(text: str) -> dict[tuple[str, int], int]:
    """(list, index) -> 1-based line of each item of the four lists, where it can be told."""
    out: dict[tuple[str, int], int] = {}
    current, index = None, 0
    for number, line in enumerate(text.split("\n"), 1):
        stripped = line.strip()
        head = next((k for k in _LISTS if stripped.startswith(f'"{k}"')), None)
        if head:
            current, index = head, 0
        elif current and stripped.startswith("["):
            out[(current, index)] = number
            index += 1
        elif stripped.startswith("]"):
            current = None
    return out


def key_line(path, key: str) -> int:
    """The 1-based line of a stored file's top-level key ("edition"), 1 when not found."""
    try:
        with open(path, encoding="utf-8") as stream:
            return next((n for n, line in enumerate(stream, 1) if line.startswith(f'"{key}"')), 1)
    except (OSError, UnicodeDecodeError):
        return 1


def _items(values, key, lines, error) -> list[tuple[int, object]]:
    if not isinstance(values, list):
        error(1, _("'{key}' is not a list").format(key=key))
        return []
    return [(lines.get((key, i), 1), v) for i, v in enumerate(values)]


def _strings(value, least: int, most: int) -> bool:
    return (isinstance(value, list) and least <= len(value) <= most
            and all(isinstance(v, str) and v for v in value[:2]))


def _in_order(line: int, number: str, depth: tuple[int, ...], seen: dict, last, error):
    """The RuleNumber of number, or None after reporting why it does not belong there."""
    if number in seen:
        error(line, _("{number} appears twice (first at line {first})").format(
            number=number, first=seen[number]))
        return None
    try:
        parsed = RuleNumber.parse(number)
    except BadNumber:
        error(line, _("'{number}' is not a rule number").format(number=number))
        return None
    if str(parsed) != number or parsed.depth not in depth:
        error(line, _("'{number}' is not a number of this list").format(number=number))
        return None
    seen[number] = line
    if last[0] is not None and parsed < last[0]:
        error(line, _("{number} comes after {previous}: out of order").format(
            number=number, previous=last[0]))
    last[0] = parsed
    return parsed


def _chapters(items, error) -> dict[str, str]:
    out: dict[str, str] = {}
    for line, value in items:
        if not _strings(value, 2, 2):
            error(line, _("a chapter is [number, title]"))
        elif value[0] in out:
            error(line, _("chapter {number} appears twice").format(number=value[0]))
        elif len(value[0]) != 1 or not "1" <= value[0] <= "9" or value[0] < max(out, default="0"):
            error(line, _("'{number}' is not the next chapter number").format(number=value[0]))
        else:
            out[value[0]] = value[1]
    return out


def _sections(items, chapters, error) -> dict[str, str]:
    out: dict[str, str] = {}
    seen: dict[str, int] = {}
    last = [None]
    for line, value in items:
        if not _strings(value, 2, 2):
            error(line, _("a section is [number, title]"))
        elif _in_order(line, value[0], (0,), seen, last, error) is not None:
            if value[0][0] not in chapters:
                error(line, _("section {number} has no chapter {chapter}").format(
                    number=value[0], chapter=value[0][0]))
            out[value[0]] = value[1]
    return out


def _rules(items, sections, error) -> dict[str, list[CRRule]]:
    out: dict[str, list[CRRule]] = {}
    seen: dict[str, int] = {}
    last = [None]
    for line, value in items:
        examples = value[2] if isinstance(value, list) and len(value) == 3 else []
        if not _strings(value, 2, 3) or not isinstance(examples, list) \
                or not all(isinstance(e, str) and e for e in examples):
            error(line, _("a rule is [number, text] or [number, text, [examples]]"))
        elif _in_order(line, value[0], (1, 2), seen, last, error) is not None:
            section = value[0].split(".")[0]
            if section not in sections:
                error(line, _("rule {number} has no section {section}").format(
                    number=value[0], section=section))
            out.setdefault(section, []).append(CRRule(value[0], value[1], tuple(examples)))
    return out


def read_whole_cr(path) -> WholeCR:
    """Read and check a stored file. Raises DataErrors (OSError as one of them)."""
    # lazy: saves 21 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from ..yamlfiles.nodes import display_path

    display = display_path(path)
    try:
        with open(path, encoding="utf-8") as stream:
            text = stream.read()
    except (OSError, UnicodeDecodeError) as exc:
        problem = os_error_text(exc) if isinstance(exc, OSError) else str(exc)
        raise DataErrors([DataError(display, 1, _("cannot read the file: {problem}").format(
            problem=problem))]) from None
    return parse(text, display)


def check_folder(rules_dir) -> tuple[WholeCR | None, list[DataError]]:
    """The whole CR of rules/cr/ (None when it has none) and every problem of the folder."""
    folder = Path(rules_dir) / FOLDER
    errors: list[DataError] = []
    whole = None
    if not folder.is_dir():
        return whole, errors
    # lazy: saves 21 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from ..yamlfiles.nodes import display_path

    for path in sorted(folder.iterdir()):
        if path.name.startswith("."):
            continue
        if path.name == EDITIONS:  # the older editions: editions.store, checked apart
            continue
        if path.name != NAME:
            errors.append(DataError(display_path(path), 1, _(
                "not the whole CR: rules/{folder}/ holds only {name}").format(
                folder=FOLDER, name=NAME)))
            continue
        try:
            whole = read_whole_cr(path)
        except DataErrors as exc:
            errors.extend(exc.errors)
    return whole, errors


# --- writing -------------------------------------------------------------------------------
def whole_cr_text(doc) -> tuple[str, WholeCR]:
    """The text of rules/cr/en.json for an official document, checked as it will be read,
    and its WholeCR; nothing is written.

    Raises OfficialFileError for a file that is cut short or whose numbering the store
    cannot hold (a number printed twice, numbers out of order)."""
    # lazy: saves 16 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from ..cr.official import OfficialFileError

    if doc.incomplete:
        raise OfficialFileError(doc.incomplete[0])
    first: dict[str, int] = {}
    for rule in (r for s in doc.sections.values() for r in s.rules):
        if rule.number in first:  # a lookup by number could not tell the two apart
            raise OfficialFileError(_("{file}:{line}: rule {number} appears twice (first at "
                                      "line {first}): the whole CR holds one rule per number"
                                      ).format(file=doc.file, line=rule.line,
                                               number=rule.number, first=first[rule.number]))
        first[rule.number] = rule.line
    if len(doc.chapters) != 9 or not doc.glossary:
        raise OfficialFileError(_("{file}: not the whole CR (chapters 1 to 9, the rules and "
                                  "the glossary): it cannot be stored whole").format(
            file=doc.file))
    text = dumps(from_document(doc))
    try:
        return text, parse(text, doc.file)
    except DataErrors as exc:
        raise OfficialFileError(_("{file}: cannot be stored whole: {problem}").format(
            file=doc.file, problem=exc.errors[0].message)) from None


def stored_whole_cr(rules_dir) -> WholeCR | None:
    """The whole CR stored under rules_dir, or None where there is none or it is damaged."""
    path = store_path(rules_dir)
    try:
        return read_whole_cr(path) if path.is_file() else None
    except DataErrors:  # a damaged file is replaced all the same
        return None


def write_whole_cr(doc, rules_dir) -> tuple[Path, WholeCR, WholeCR | None]:
    """Store the whole CR of an official document in rules/cr/en.json, atomically: the file
    is checked as it will be read before it replaces the old one, and nothing changes on any
    error (see whole_cr_text). Returns the path, the new WholeCR and the one it replaced
    (None if none)."""
    text, cr = whole_cr_text(doc)
    path = store_path(rules_dir)
    previous = stored_whole_cr(rules_dir)
    write_files(rules_dir, {path: text})
    return path, cr, previous


def describe_import(path: Path, cr: WholeCR, previous: WholeCR | None) -> str:
    """One line on what `import --whole` wrote, and which edition it replaced."""
    # lazy: saves 21 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from ..yamlfiles.nodes import display_path

    rules = sum(1 for _rule in cr.rules())
    counts = ", ".join([
        ngettext("{n} rule", "{n} rules", rules).format(n=format_number(rules)),
        ngettext("{n} glossary term", "{n} glossary terms", len(cr.glossary)).format(
            n=format_number(len(cr.glossary)))])
    line = _("wrote {file}: the whole CR of {date} from {source} ({counts})").format(
        file=display_path(path), date=format_date(cr.edition), source=cr.source, counts=counts)
    if previous is None:
        return line
    return _("{line}; it replaces that of {date}").format(
        line=line, date=format_date(previous.edition))


def import_whole(file, rules_dir, current=None) -> str:
    """`tolaria import FILE --whole`: store an official file as the whole CR; one line on
    what was written (UserError for a file that cannot be read whole, or, when current is
    given, for a file of another edition than current: the rule history's newest)."""
    # lazy: saves 16 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from ..cr.official import OfficialFileError, read_official

    try:
        doc = read_official(file)
        if current is not None and doc.effective != current:
            raise UserError(_(
                "{file}: the edition of {date}, but the current edition is {current}: --whole "
                "stores the current edition's file; another edition is added with --history "
                "(a newer one becomes current)").format(
                file=file, date=format_date(doc.effective), current=format_date(current)))
        return describe_import(*write_whole_cr(doc, rules_dir))
    except OfficialFileError as exc:
        raise UserError(str(exc)) from None
