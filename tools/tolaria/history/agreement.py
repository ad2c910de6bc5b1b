"""The rule history against the files it must agree with: the English section texts (every
covered rule tracked, word for word in its anchor edition), rules/editions.yaml (each
edition a text cites is one of the history's, with the same official file), and the whole CR
(rules/cr/en.json: the same current edition, every covered rule's current wording, every
title). A file cut short, or changed without the others, fails here as file:line."""

from __future__ import annotations

import os
import re
from pathlib import Path

from ..errors import DataError
from ..i18n import _
from ..model import RuleBook
from ..numbering import BadNumber, RuleNumber
from ..yamlfiles.nodes import display_path, line_count, scalar_lines
from . import RULES_FILE, TITLES_FILE
from .records import number_in, state_at
from ..cr.store import key_line, store_path

_TITLE_ITEM = re.compile(r'^\s*- \["?([0-9.]+)"?, .*, (\d{4}-\d\d-\d\d), (\d{4}-\d\d-\d\d)\]\s*$')


def check_history(book: RuleBook, history, whole, root) -> list[DataError]:
    """Every disagreement of the history (lookup.History) with the rulebook and the whole CR
    (cr.WholeCR, or None)."""
    folder = Path(os.fspath(root)) / "history"
    return (list(covered_rules(book, history, folder)) + list(cited_editions(book, history, root))
            + list(title_editions(history, folder))
            + (list(current_edition(history, whole, folder, root)) if whole is not None else []))


def covered_rules(book: RuleBook, history, folder: Path):
    """Each English section has its unit, each of its rules its history with the same text,
    and the section has every rule the history tracks in the section's edition."""
    rules_file = display_path(folder / RULES_FILE)
    units = {u.key: u for u in history.data.units}
    for (lang, number), section in sorted(book.sections.items()):
        if lang != "en":
            continue
        unit = units.get(str(number))
        if unit is None:
            yield DataError(section.file, section.line, _(
                "section {number} has no history in {file}: rebuild it with `tolaria "
                "history --rebuild`").format(number=number, file=rules_file))
            continue
        edition = section.edition.effective
        if unit.anchor != edition:
            yield DataError(section.file, section.line, _(
                "section {number} is of edition {edition}, its history of {anchor} ({file})"
            ).format(number=number, edition=edition, anchor=unit.anchor, file=rules_file))
            continue
        tracked = {t.key: t for t in unit.rules}
        for rule in section.rules:
            state = state_at(tracked[str(rule.number)], edition) \
                if str(rule.number) in tracked else None
            if state is None or state[0] != str(rule.number):
                yield DataError(rule.file, rule.line, _(
                    "{number} has no history of edition {edition} in {file}").format(
                    number=rule.number, edition=edition, file=rules_file))
            elif state[1] != rule.text or tuple(state[2]) != tuple(e.text for e in rule.examples):
                yield DataError(rule.file, rule.line, _(
                    "{number} differs from the history's wording of edition {edition} ({file})"
                ).format(number=rule.number, edition=edition, file=rules_file))
        last = section.rules[-1].line if section.rules else section.line
        for key, rule in tracked.items():
            if number_in(rule, edition) == key and section.rule(_parsed(key)) is None:
                yield DataError(section.file, last, _(
                    "the text lacks {number}, which the history has in edition {edition} "
                    "({file}): is the file cut short?").format(
                    number=key, edition=edition, file=rules_file))


def cited_editions(book: RuleBook, history, root):
    """Each edition of rules/editions.yaml is one of the history's, with the same file."""
    path = Path(os.fspath(root)) / "editions.yaml"
    lines = scalar_lines(path, "effective")
    files = {e.effective: e.file for e in history.data.editions}
    for effective, edition in sorted(book.editions.items()):
        line = lines.get(effective.isoformat(), 1)
        if effective not in files:
            yield DataError(display_path(path), line, _(
                "edition {edition} is not an edition of the rule history ({file})").format(
                edition=effective, file=display_path(Path(root) / "history" / RULES_FILE)))
        elif edition.file and files[effective] != edition.file:
            yield DataError(display_path(path), line, _(
                "edition {edition}: file {name}, the rule history's is {other}").format(
                edition=effective, name=edition.file, other=files[effective] or "-"))


def title_editions(history, folder: Path):
    """Each title's first and last editions are editions of the history, and the titles
    reach the history's newest edition."""
    path = folder / TITLES_FILE
    known = {e.isoformat() for e in history.all_editions}
    newest = history.all_editions[-1].isoformat() if history.all_editions else None
    reached = False
    try:
        with open(path, encoding="utf-8") as stream:
            lines = list(stream)
    except (OSError, UnicodeDecodeError):
        return  # the reader has said so
    for number, line in enumerate(lines, 1):
        match = _TITLE_ITEM.match(line)
        if not match:
            continue
        for when in match.group(2, 3):
            if when not in known:
                yield DataError(display_path(path), number, _(
                    "{edition} is not an edition of the rule history ({file})").format(
                    edition=when, file=display_path(folder / RULES_FILE)))
        reached = reached or match.group(3) == newest
    if newest is not None and not reached:
        yield DataError(display_path(path), line_count(path), _(
            "no title of the newest edition {edition}: is the file cut short?").format(
            edition=newest))


def current_edition(history, whole, folder: Path, root):
    """The whole CR is of the history's newest edition, prints every covered rule as the
    history's newest wording does, and has the titles the history gives that edition."""
    newest = history.editions[-1] if history.editions else None
    if newest != whole.edition:
        path = store_path(root)
        yield DataError(display_path(path), key_line(path, "edition"), _(
            "the whole CR is of edition {edition}, the rule history's newest is {newest} "
            "({file}): import the same edition into both").format(
            edition=whole.edition, newest=newest, file=display_path(folder / RULES_FILE)))
        return
    rules_file = display_path(folder / RULES_FILE)
    lines = scalar_lines(folder / RULES_FILE, "rule")
    for unit in history.data.units:
        for tracked in unit.rules:
            state = state_at(tracked, newest)
            if state is None:
                continue
            number, text, examples = state
            found = whole.rule(number)
            if found is None or found.text != text or tuple(found.examples) != tuple(examples):
                yield DataError(rules_file, lines.get(tracked.key, 1), _(
                    "{key}: its wording of edition {edition} (as {number}) is not the whole "
                    "CR's ({cr})").format(key=tracked.key, edition=newest, number=number,
                                          cr=whole.file or "rules/cr/en.json"))
    yield from _current_titles(history, whole, newest, folder)


def _current_titles(history, whole, newest, folder: Path):
    titles_file = display_path(folder / TITLES_FILE)
    now = {number: span.value for number, spans in history.data.titles.items()
           for span in spans if span.first <= newest <= span.last}
    for section in whole.sections:
        if now.get(section.number) != section.title:
            yield DataError(titles_file, line_count(folder / TITLES_FILE), _(
                "section {number} has no title “{title}” of edition {edition}, as the whole "
                "CR has: is the file cut short?").format(
                number=section.number, title=section.title, edition=newest))
    sections = {s.number for s in whole.sections}
    for number, title in now.items():
        found = whole.rule(number) if number not in sections else None
        if number not in sections and (found is None or found.text != title):
            yield DataError(titles_file, line_count(folder / TITLES_FILE), _(
                "{number} “{title}” of edition {edition} is not in the whole CR").format(
                number=number, title=title, edition=newest))


def _parsed(key: str):
    try:
        return RuleNumber.parse(key)
    except BadNumber:
        return None
