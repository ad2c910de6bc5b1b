"""Gettext PO files of the rule texts, for translators' tools: the import.

The import applies the msgstr texts of a file made by formats.po_export to the YAML
(comments kept), checks the whole rulebook with the loader first, and changes nothing on
any error. A fuzzy message is not applied. Every rule whose text it updates (or whose
fuzzy messages a translator cleared: the translation stands for the new English) is
recorded as translated from the current edition (the rule's `base:`), so that it no longer
lags; while a message of the rule stays fuzzy, its base stays. A file whose msgids are not
this rulebook's English (the English changed since the export) is refused in one line.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from datetime import date
from pathlib import Path
from typing import NamedTuple

from ..errors import DataError, DataErrors, UserError
from ..i18n import _, format_number, ngettext
from ..model import Rule, RuleBook, Section
from ..numbering import BadNumber, RuleNumber
from ..rulebook.edits import Edit, apply_edits
from ..rulebook.folders import rulebook_files
from ..rulebook.folders import default_rules_dir
from ..today.loader import load_rulebook
from ..files.atomic import write_files
from ..yamlfiles.nodes import display_path
from ..history.lookup import load_history
from .po_export import Entry, chosen_sections, rule_parts, section_entries
from .po_file import PoMessage, read_po_file

_CONTEXT = re.compile(r"^(?P<number>\S+)(?: example (?P<example>[1-9]\d*)"
                      r"| since (?P<since>\d{4}-\d{2}-\d{2}))?$")


# --- import ---------------------------------------------------------------------------------
class FileChange(NamedTuple):
    file: str  # as shown to people
    changed: int  # texts replaced
    added: int  # rules added
    rebased: tuple[str, ...] = ()  # rules now based on the current edition


class _Plan(NamedTuple):
    edits: dict  # section file -> [(Edit, PoMessage)]
    rebased: dict  # section file -> [rule numbers whose base becomes the current edition]
    kept: list  # (context, the parts still fuzzy): rules whose base stays
    skipped: int  # fuzzy messages, not applied


def _entries(book: RuleBook, lang: str, history) -> dict[str, tuple[Entry, Section]]:
    return {e.context: (e, section) for section in chosen_sections(book, lang)
            for e in section_entries(book, section, history)}


def _mismatch(display: str, lang: str, wrong: list[PoMessage]) -> UserError:
    return UserError(ngettext(
        "{file}: {count} message no longer matches the English of this rulebook (\"{context}\", "
        "line {line}): the English changed since the export; export again (tolaria po "
        "export --lang {lang}) and bring the translations over; nothing was written",
        "{file}: {count} messages no longer match the English of this rulebook (the first: "
        "\"{context}\", line {line}): the English changed since the export; export again "
        "(tolaria po export --lang {lang}) and bring the translations over; nothing was "
        "written", len(wrong)).format(file=display, count=format_number(len(wrong)),
                                      context=wrong[0].context, line=wrong[0].line, lang=lang))


def _plan(book: RuleBook, lang: str, messages: list[PoMessage], display: str, history
          ) -> tuple[_Plan, list[DataError]]:
    """The edits the messages ask for, the rules to rebase; the errors found."""
    errors: list[DataError] = []
    plans: dict[str, list[tuple[Edit, PoMessage]]] = {}
    entries = _entries(book, lang, history)
    wrong: list[PoMessage] = []
    touched: dict[RuleNumber, Section] = {}
    cleared: set[str] = set()  # contexts a translator took out of fuzzy, with a msgstr
    skipped = 0

    def error(message: PoMessage, text: str) -> None:
        errors.append(DataError(display, message.line, text))

    for message in messages:
        match = _CONTEXT.match(message.context)
        try:
            number = RuleNumber.parse(match["number"]) if match else None
        except BadNumber:
            number = None
        if number is None:
            error(message, _("msgctxt \"{context}\" names no rule text (expected e.g. \"104.2\", "
                             "\"104.2 example 1\" or \"300.2 since 2005-08-01\")").format(
                                 context=message.context))
            continue
        entry, section = entries.get(message.context, (None, None))
        if entry is None:
            error(message, _("msgctxt \"{context}\": no such text in the {lang} translation nor "
                             "in the English").format(context=message.context, lang=lang))
            continue
        if message.msgid != entry.msgid:
            wrong.append(message)
            continue
        if message.fuzzy:
            skipped += 1
            continue
        if not message.msgstr:
            continue
        cleared.add(message.context)
        changed = message.msgstr != entry.msgstr or not entry.translated
        if not changed and entry.previous is None:
            continue
        if section.source.kind != "project":
            error(message, _("{file} is quoted word for word from its source ({name}) and is "
                             "never changed: leave the msgstr of \"{context}\" as it is, fuzzy"
                             ).format(file=section.file, name=section.source.name,
                                      context=message.context))
            continue
        if entry.current:
            touched[number] = section
        if not changed:
            continue
        if match["since"]:
            if not entry.translated:
                error(message, _("\"{context}\": the translation has no wording of {number} "
                                 "since {since}; add it in {file} first").format(
                                     context=message.context, number=number,
                                     since=match["since"], file=section.file))
                continue
            edit = Edit(number, "earlier", message.msgstr,
                        since=date.fromisoformat(match["since"]))
        elif match["example"]:
            edit = Edit(number, "example", message.msgstr, index=int(match["example"]) - 1)
        else:
            edit = Edit(number, "text", message.msgstr)
        plans.setdefault(section.file, []).append((edit, message))
    if wrong:
        raise _mismatch(display, lang, wrong)
    rebased: dict[str, list[RuleNumber]] = {}
    kept = []
    for number, section in sorted(touched.items()):
        stale = [e.context for e, _section in entries.values()
                 if e.number == number and e.previous is not None]
        if any(context not in cleared for context in stale):
            kept.append((str(number), [c for c in stale if c not in cleared]))
        elif book.current is not None and book.current > section.base_of(number):
            rebased.setdefault(section.file, []).append(number)
            plans.setdefault(section.file, []).append(
                (Edit(number, "base", book.current.isoformat()), None))
    for file, planned in plans.items():
        errors.extend(_check_additions(book, lang, planned, display))
    return _Plan(plans, rebased, kept, skipped), errors


def _check_additions(book: RuleBook, lang: str, planned, display) -> list[DataError]:
    """New rules come with their text; new examples follow the existing ones."""
    errors = []
    by_rule: dict[RuleNumber, list[tuple[Edit, PoMessage]]] = {}
    for edit, message in planned:
        by_rule.setdefault(edit.number, []).append((edit, message))
    for number, group in by_rule.items():
        rule = book.find(lang, number)
        have = len(rule.examples) if isinstance(rule, Rule) else 0
        if not isinstance(rule, Rule) and not any(e.part == "text" for e, _m in group):
            errors.append(DataError(display, group[0][1].line, _(
                "rule {number} is not in the translation yet: translate its text too").format(
                    number=number)))
        new = sorted((e.index, m) for e, m in group if e.part == "example" and e.index >= have)
        for expected, (index, message) in enumerate(new, have):
            if index != expected:
                errors.append(DataError(display, message.line, _(
                    "\"{context}\": translate example {first} of {number} first").format(
                        context=message.context, first=expected + 1, number=number)))
                break
    return errors


def _check_result(root: Path, files: dict[str, str], plans, lang: str, display: str) -> None:
    """Load the rulebook with the new files in a temporary copy; DataErrors on any problem."""

    with tempfile.TemporaryDirectory(prefix="tolaria-po-") as tmp:
        copy = Path(tmp) / "rules"
        for path in map(Path, rulebook_files(root)):
            target = copy / path.relative_to(root)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        for real, text in files.items():
            (copy / Path(real).relative_to(root)).write_text(text, encoding="utf-8")
        try:
            book = load_rulebook(copy, use_cache=False)
        except DataErrors as exc:
            prefix = os.path.realpath(copy) + os.sep
            errors = []
            for e in exc.errors:
                file = e.file
                if os.path.realpath(file).startswith(prefix):
                    file = display_path(root / os.path.realpath(file)[len(prefix):])
                errors.append(DataError(file, e.line, _("{message} (after importing {po})"
                                                        ).format(message=e.message,
                                                                 po=display)))
            raise DataErrors(errors) from None
    errors = []
    for planned in plans.values():
        for edit, message in planned:
            found = book.find(lang, edit.number)
            if edit.part == "base":
                if getattr(found, "base", None) != date.fromisoformat(edit.text):
                    errors.append(DataError(display, 1, _(
                        "{number}: its base edition cannot be stored in the YAML").format(
                            number=edit.number)))
                continue
            mine = rule_parts(found if isinstance(found, Rule) else None)
            if mine.get(message.context[len(str(edit.number)):], (None,))[0] != edit.text:
                errors.append(DataError(display, message.line, _(
                    "\"{context}\": this text cannot be stored exactly in the YAML").format(
                        context=message.context)))
    if errors:
        raise DataErrors(errors)


class Imported(NamedTuple):
    changes: list[FileChange]  # per file written
    kept: list[tuple[str, list[str]]]  # rules whose base stays: (rule, contexts still fuzzy)
    skipped: int  # fuzzy messages, not applied


def import_po(path, rules_dir=None, lang: str | None = None) -> Imported:
    """Apply a translated PO file to the rulebook under rules_dir; all or nothing. lang:
    the translation asked for, which the file's Language header must name.

    Raises DataErrors (file:line) or UserError and then changes nothing."""
    path = Path(path)
    display = display_path(path)
    root = Path(rules_dir if rules_dir is not None else default_rules_dir())
    lang, messages = read_po_file(path, display, lang)
    book = load_rulebook(root)
    plan, errors = _plan(book, lang, messages, display, load_history(root, missing_ok=True))
    if errors:
        raise DataErrors(errors)
    plans = plan.edits
    files: dict[str, str] = {}
    by_display = {s.file: root / s.lang / f"{s.number}.yaml" for s in book.sections.values()}
    for file, planned in plans.items():
        real = by_display[file]
        files[str(real)] = apply_edits(real.read_text(encoding="utf-8"),
                                       [edit for edit, _m in planned])
    if plans:
        _check_result(root, files, plans, lang, display)
    write_files(root, {by_display[file]: files[str(by_display[file])] for file in plans})
    changes = []
    for file, planned in plans.items():
        texts = [e for e, _m in planned if e.part != "base"]
        added = {e.number for e in texts if book.find(lang, e.number) is None}
        changes.append(FileChange(file, sum(1 for e in texts if e.number not in added),
                                  len(added), tuple(map(str, plan.rebased.get(file, ())))))
    return Imported(changes, plan.kept, plan.skipped)


def describe(change: FileChange) -> str:
    """One line for people: 'rules/it/104.yaml: 3 texts changed'."""
    parts = []
    if change.changed:
        parts.append(ngettext("{count} text changed", "{count} texts changed",
                              change.changed).format(count=format_number(change.changed)))
    if change.added:
        parts.append(ngettext("{count} rule added", "{count} rules added",
                              change.added).format(count=format_number(change.added)))
    if change.rebased:
        parts.append(ngettext(
            "{count} rule now translated from the current edition ({rules})",
            "{count} rules now translated from the current edition ({rules})",
            len(change.rebased)).format(count=format_number(len(change.rebased)),
                                        rules=", ".join(change.rebased)))
    return _("{file}: {changes}").format(file=change.file, changes=", ".join(parts))


def import_report(path, rules_dir=None, lang: str | None = None) -> list[str]:
    """`tolaria po import`: apply the file (import_po), and a line for people per file
    changed, or one saying there was nothing to change; a line per rule whose base stays
    (a message of it still fuzzy) and one counting the fuzzy messages left out."""
    done = import_po(path, rules_dir, lang)
    lines = [describe(change) for change in done.changes] or [
        _("nothing to change: every msgstr is empty, fuzzy or already in the YAML")]
    lines += [_("{rule}: its base edition stays: still fuzzy: {contexts}").format(
        rule=rule, contexts=", ".join(contexts)) for rule, contexts in done.kept]
    if done.skipped:
        lines.append(ngettext("{count} fuzzy message not applied (clear its fuzzy flag once "
                              "the translation follows the new English)",
                              "{count} fuzzy messages not applied (clear their fuzzy flags "
                              "once the translations follow the new English)",
                              done.skipped).format(count=format_number(done.skipped)))
    return lines
