"""Gettext PO files of the rule texts, for translators' tools: the export.

One message per rule text, per Example paragraph and per earlier wording; the msgctxt names
the text by its number in the rulebook's files ("702.25b", "702.25b example 1", "300.2 since
2005-08-01"). The msgid is the English of the *current* edition (the newest the rule history
knows), the msgstr the translation. Where the English the translation was made from (its
base) differs from the current English, the base English is the previous msgid (`#| msgid`,
the convention of `msgmerge --previous`, which Poedit and Weblate show as a diff) and the
message is fuzzy: exactly those messages, nothing else. Comments name both editions, today's
number and the source. formats.po_import brings a translated file back.

A rule with no counterpart today (the pre-2009 rule 300) keeps the English of the rulebook
as its msgid, without a previous one.
"""

from __future__ import annotations

import io
from datetime import date, datetime, timezone
from pathlib import Path
from typing import NamedTuple

from babel.messages.catalog import Catalog
from babel.messages.pofile import normalize, write_po

from .. import __version__
from ..errors import UserError
from ..history.lookup import load_history
from ..history.records import state_at
from ..i18n import _, format_date, language_name, source_kind_label
from ..lookup import typed_number
from ..model import Rule, RuleBook, Section
from ..numbering import BadNumber, RuleNumber
from ..rulebook.writer import write_output

LANGS = ("es", "it")
_TEAMS = {"es": "Spanish", "it": "Italian"}  # PO headers are data: always English


class Entry(NamedTuple):
    """One message: what po export writes and what po import expects back."""

    number: RuleNumber  # the rule, by its number in the rulebook's files
    suffix: str  # "", " example N" or " since DATE"
    msgid: str  # the current English (else the rulebook's English, else the translation)
    previous: str | None  # the base English, where it differs from msgid
    msgstr: str  # the translation ("" where there is none yet)
    file: str
    line: int
    comments: tuple[str, ...]
    translated: bool  # the translation has this text
    current: bool  # msgid is the current edition's English (so a base can be recorded)

    @property
    def context(self) -> str:
        return f"{self.number}{self.suffix}"


# --- export ---------------------------------------------------------------------------------
def _selected(section: Section, sections) -> bool:
    if not sections:
        return True
    for wanted in sections:
        asked = RuleNumber.parse(wanted)
        if section.number.is_within(asked) or asked.is_within(section.number):
            return True
    return False


def rule_parts(rule: Rule | None) -> dict[str, tuple[str, str, int]]:
    """context suffix -> (text, file, line) of every text of a rule."""
    if rule is None:
        return {}
    out = {"": (rule.text, rule.file, rule.line)}
    for index, example in enumerate(rule.examples, 1):
        out[f" example {index}"] = (example.text, rule.file, example.line)
    for wording in rule.earlier:
        out[f" since {wording.since.isoformat()}"] = (wording.text, rule.file, wording.line)
    return out


def _order(suffix: str) -> tuple:
    if not suffix:
        return (0, 0, "")
    if suffix.startswith(" example"):
        return (1, int(suffix.split()[-1]), "")
    return (2, -date.fromisoformat(suffix.split()[-1]).toordinal(), "")  # newest first


def _section_comments(section: Section) -> list[str]:
    source = section.source
    where = f" ({source.file})" if source.file else ""
    return [_("section {number} ({title}), {file}").format(
                number=section.number, title=section.title, file=section.file),
            _("translation: the edition of {edition}; {kind}: {name}{where}").format(
                edition=format_date(section.edition.effective),
                kind=source_kind_label(source.kind), name=source.name, where=where)]


def _english_parts(history, key: str, when: date | None) -> dict[str, str] | None:
    """context suffix -> English text of a covered rule in the edition in force on when
    (None: the history does not have the rule then)."""
    tracked = history.tracked(key) if history is not None and when is not None else None
    state = state_at(tracked, history.edition_on(when)) if tracked is not None else None
    if state is None:
        return None
    out = {"": state[1]}
    out.update((f" example {i}", text) for i, text in enumerate(state[2], 1))
    return out


def _numbers(book: RuleBook, section: Section, english: Section | None) -> list[RuleNumber]:
    """The rules of a translated section: its own, the rulebook English's, and those the
    current edition added to it since."""
    numbers = {r.number for r in section.rules} | {r.number for r in
                                                   (english.rules if english else ())}
    for key, today in (book.today or {}).items():
        if today.number is None or "@" in key:
            continue
        try:
            number = RuleNumber.parse(key)
        except BadNumber:
            continue
        if number != section.number and number.is_within(section.number):
            numbers.add(number)
    return sorted(numbers)


def section_entries(book: RuleBook, section: Section, history) -> list[Entry]:
    """Every message of a translated section (history: the rule history, or None)."""
    english = book.section("en", section.number)
    current = book.current if history is not None else None
    common = _section_comments(section)
    out = []
    for number in _numbers(book, section, english):
        key = str(number)
        ours = section.rule(number)
        base = section.base_of(number)
        mine = rule_parts(ours)
        now = _english_parts(history, key, current)
        then = _english_parts(history, key, base) if now is not None else None
        theirs = {k: v[0] for k, v in rule_parts(english.rule(number) if english else None
                                                 ).items()}
        if now is not None:  # earlier wordings (rule 300) have no current English
            now.update((k, v) for k, v in theirs.items() if k.startswith(" since"))
        source = now if now is not None else theirs
        today = book.today_of(key)
        for suffix in sorted(set(mine) | set(source), key=_order):
            msgid = source.get(suffix, mine.get(suffix, ("",))[0])
            previous = (then or {}).get(suffix)
            previous = previous if previous is not None and previous != msgid else None
            msgstr, file, line = mine.get(suffix) or ("", section.file, section.line)
            comments = list(common)
            if now is not None:
                comments.append(_("English: the current edition, {current}, numbers it "
                                  "{number}; the translation's base: the edition of {base}"
                                  ).format(current=format_date(current), base=format_date(
                                      history.edition_on(base)), number=today.number))
            elif english is not None:
                comments.append(_("English: the edition of {edition}, {file}").format(
                    edition=format_date(english.edition.effective), file=english.file))
                if today is not None and today.number is None:
                    comments.append(_("no counterpart in the current edition: its content is "
                                      "in {rules} today").format(
                        rules=", ".join(today.moved_to) or "—"))
            if previous is not None:
                comments.append(_("fuzzy: the English changed since the base; #| msgid is "
                                  "the English of {base}, msgid that of {current}").format(
                    base=format_date(history.edition_on(base)),
                    current=format_date(current)))
            if suffix not in source:
                comments.append(_("no such text in the English: the msgid repeats the "
                                  "translation"))
            if suffix not in mine:
                comments.append(_("not yet translated"))
            out.append(Entry(number, suffix, msgid, previous, msgstr, file, line,
                             tuple(comments), suffix in mine,
                             now is not None and suffix in now and not suffix.startswith(
                                 " since")))
    return out


def chosen_sections(book: RuleBook, lang: str, sections=None) -> list[Section]:
    """The sections of lang that sections (rule numbers as typed; None: all) select."""
    if lang not in LANGS:
        raise UserError(_("PO files are made for the translations ({langs}), not '{lang}'"
                          ).format(langs=", ".join(LANGS), lang=lang))
    chosen = [s for (l, _n), s in book.sections.items() if l == lang and _selected(s, sections)]
    if not chosen:
        raise UserError(_("no section of the {language} text matches {sections}").format(
            language=language_name(lang), sections=", ".join(sections or ())))
    return sorted(chosen, key=lambda s: s.number)


def build_catalog(book: RuleBook, lang: str, sections=None, history=None):
    """A babel Catalog of the rule texts of lang (es or it). history: the rule history;
    None loads the rulebook's own, False does without (the msgid is then the rulebook's
    English)."""
    chosen = chosen_sections(book, lang, sections)
    if history is None:
        history = load_history(book.root, missing_ok=True)
    history = history or None
    newest = max([s.edition.effective for s in chosen]
                 + ([book.current] if history is not None and book.current else []))
    stamp = datetime(newest.year, newest.month, newest.day, tzinfo=timezone.utc)
    catalog = Catalog(locale=lang, project="Tolaria", version=__version__, creation_date=stamp,
                      revision_date=stamp, fuzzy=False,
                      last_translator="Tolaria project",
                      language_team=f"Tolaria {_TEAMS[lang]} translation",
                      header_comment=_(
                          "# Tolaria: the rule texts in {language}, for translators' tools.\n"
                          "# Import it back with: tolaria po import FILE\n"
                          "# Rule text © Wizards of the Coast.").format(
                              language=language_name(lang)))
    catalog.msgid_bugs_address = ""  # none: not Babel's EMAIL@ADDRESS placeholder
    for section in chosen:
        for entry in section_entries(book, section, history):
            catalog.add(entry.msgid, entry.msgstr, locations=[(entry.file, entry.line)],
                        flags=["fuzzy"] if entry.previous is not None else [],
                        auto_comments=list(entry.comments), context=entry.context,
                        previous_id=entry.previous)
    return catalog


def export_po(book: RuleBook, lang: str, sections=None, history=None) -> str:
    """The PO file of lang's rule texts, as text."""
    catalog = build_catalog(book, lang, sections, history)
    out = io.BytesIO()
    write_po(out, catalog, width=76, sort_output=False)
    return with_previous(out.getvalue().decode("utf-8"), catalog)


def with_previous(text: str, catalog) -> str:
    """text (a catalog written by babel) with each message's previous msgid as `#|` lines
    just before its msgctxt, as `msgmerge --previous` writes them. (Babel's own writer
    wraps a long previous msgid into lines no PO reader takes back.)"""
    previous = {f"msgctxt {normalize(m.context, width=76)}": m.previous_id[0]
                for m in catalog if m.id and m.previous_id and m.context}
    out = []
    for line in text.splitlines(keepends=True):
        old = previous.get(line.rstrip("\n"))
        if old is not None:
            first, *rest = normalize(old, width=76).split("\n")
            out.append(f"#| msgid {first}\n")
            out.extend(f"#| {part}\n" for part in rest)
        out.append(line)
    return "".join(out)



def export_sections(book: RuleBook, lang: str, sections=None, out=None) -> str | None:
    """`tolaria po export`: the PO file of lang's rule texts (sections: rule numbers as
    typed, each checked) written to out, a path; without out, its text."""
    for number in sections or ():
        typed_number(number)  # a one-line error for what is not a rule number
    text = export_po(book, lang, sections)
    if not out:
        return text
    write_output(Path(out), text)
    return None
