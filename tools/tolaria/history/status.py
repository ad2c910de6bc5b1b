"""Each translation against today (`tolaria status`): for every covered rule and translated
language, whether the English the text was translated from (its base) is the current
edition's, or how far it lags: since which edition, how many changes of wording, how many
words the English inserted and deleted.

This is not the audit's edition check. The audit asks whether a text fits the English of the
edition it *claims*; status takes that claim (the section's edition, or a rule's own `base`)
as true and measures it against the *current* edition.
"""

from __future__ import annotations

from datetime import date
from typing import NamedTuple

from ..i18n import _, format_date, format_number, language_name, ngettext
from ..model import RuleBook
from ..numbering import RuleNumber
from .changes import RENUMBERED, text_change, word_diff

TRANSLATED = ("es", "it")
UP_TO_DATE, STALE, RETIRED, UNTRANSLATED = "up-to-date", "stale", "retired", "untranslated"
REFERENCES = "references"  # the same wording, its cross-references renumbered since the base
STATES = (UP_TO_DATE, REFERENCES, STALE, UNTRANSLATED, RETIRED)


class RuleStatus(NamedTuple):
    lang: str
    key: str  # the rule's number in the rulebook (its files)
    number: str | None  # today's number (None: no counterpart today)
    state: str  # up-to-date, references (renumbered citations), stale, untranslated, retired
    #             (no counterpart today)
    base: date | None  # the English edition the text was translated from
    since: date | None  # stale: the first edition after base that words it otherwise
    changes: int  # changes of wording between base and current
    inserted: int  # words the current English has that the base English had not
    deleted: int  # words of the base English the current English dropped
    file: str
    line: int

    def to_json(self) -> dict:
        iso = lambda d: d.isoformat() if d else None  # noqa: E731
        return {"lang": self.lang, "rule": self.number, "rulebook_number": self.key,
                "state": self.state, "base": iso(self.base), "since": iso(self.since),
                "changes": self.changes, "words_inserted": self.inserted,
                "words_deleted": self.deleted, "file": self.file, "line": self.line}


class Status(NamedTuple):
    current: date | None  # the current edition (None: the rulebook has no rule history)
    rules: list[RuleStatus]

    def count(self, lang: str, state: str) -> int:
        return sum(1 for r in self.rules if r.lang == lang and r.state == state)

    def to_json(self) -> dict:
        langs = sorted({r.lang for r in self.rules})
        return {"current": self.current.isoformat() if self.current else None,
                "summary": {lang: {s: self.count(lang, s)
                                   for s in STATES}
                            for lang in langs},
                "rules": [r.to_json() for r in self.rules]}


def word_counts(old: str, new: str) -> tuple[int, int]:
    """(words inserted, words deleted) from old to new."""
    inserted = deleted = 0
    for op, text in word_diff(old, new):
        if op == "insert":
            inserted += len(text.split())
        elif op == "delete":
            deleted += len(text.split())
    return inserted, deleted


def _order(item: RuleStatus) -> tuple:
    return (item.lang, RuleNumber.parse(item.key).sort_key())


def translation_status(book: RuleBook, langs=None) -> Status:
    """Every covered rule of each language of langs (default: es and it) against the
    current edition."""
    langs = [lang for lang in (langs or TRANSLATED) if lang in TRANSLATED]
    out: list[RuleStatus] = []
    for lang in langs:
        seen = set()
        for (lang_of, key), lag in (book.lags or {}).items():
            if lang_of != lang:
                continue
            seen.add(key)
            today = book.today_of(key)
            number = RuleNumber.parse(key)
            section = book.section_for(lang, number)
            found = book.find(lang, number)
            if today is not None and today.number is None:
                state, counts = RETIRED, (0, 0)
            elif lag.stale:
                state = STALE
                counts = word_counts(lag.base_text or "", lag.current_text or "")
            elif text_change(lag.base_text or "", lag.current_text or "") == RENUMBERED:
                state = REFERENCES
                counts = word_counts(lag.base_text or "", lag.current_text or "")
            else:
                state, counts = UP_TO_DATE, (0, 0)
            out.append(RuleStatus(lang, key, today.number if today else key, state,
                                  lag.base, lag.since, lag.changes, *counts, section.file,
                                  getattr(found, "line", section.line)))
        out.extend(_untranslated(book, lang, seen))
    return Status(book.current, sorted(out, key=_order))


def _untranslated(book: RuleBook, lang: str, seen: set[str]) -> list[RuleStatus]:
    """The rules the current edition has in a translated section that the translation
    lacks (a rule the English added since)."""
    out = []
    for key, today in (book.today or {}).items():
        if key in seen or today.number is None or "@" in key:
            continue
        number = RuleNumber.parse(key)
        section = book.section_for(lang, number)
        if section is None:
            continue
        out.append(RuleStatus(lang, key, today.number, UNTRANSLATED, None, None, 0,
                              len((today.text or "").split()), 0, section.file,
                              section.line))
    return out


def _line(r: RuleStatus) -> str:
    number = r.number if r.number == r.key else _("{number} ({key} in the files)").format(
        number=r.number, key=r.key)
    if r.state == UNTRANSLATED:
        return _("{number}: not translated; the current English has it ({file})").format(
            number=number, file=r.file)
    if r.state == REFERENCES:
        return _("{number}: the same wording, its cross-references renumbered since its base "
                 "({base}); {file}:{line}").format(number=number, base=format_date(r.base),
                                                   file=r.file, line=r.line)
    changes = ngettext("{count} change", "{count} changes", r.changes).format(
        count=format_number(r.changes))
    inserted = ngettext("{count} word inserted", "{count} words inserted", r.inserted).format(
        count=format_number(r.inserted))
    deleted = ngettext("{count} deleted", "{count} deleted", r.deleted).format(
        count=format_number(r.deleted))
    return _("{number}: stale since {since} (base {base}): {changes}, {inserted}, "
             "{deleted}; {file}:{line}").format(
        number=number, since=format_date(r.since), base=format_date(r.base), changes=changes,
        inserted=inserted, deleted=deleted, file=r.file, line=r.line)


def status_text(status: Status) -> str:
    """What `tolaria status` prints: per language a summary, the rules that lag the current
    edition one per line, and the ones up to date (or with no counterpart today) by number."""
    if status.current is None:
        return _("no rule history (rules/history/): there is no current edition to compare "
                 "with")
    lines = [_("Translations against the current edition ({date})").format(
        date=format_date(status.current))]
    for lang in sorted({r.lang for r in status.rules}):
        mine = [r for r in status.rules if r.lang == lang]
        lines += ["", _("{language} ({code}): {total}; up to date {current}, cross-references "
                        "renumbered {references}, stale {stale}, not translated {missing}, no "
                        "counterpart today {retired}").format(
            references=format_number(status.count(lang, REFERENCES)),
            language=language_name(lang), code=lang,
            total=ngettext("{n} rule", "{n} rules", len(mine)).format(
                n=format_number(len(mine))),
            current=format_number(status.count(lang, UP_TO_DATE)),
            stale=format_number(status.count(lang, STALE)),
            missing=format_number(status.count(lang, UNTRANSLATED)),
            retired=format_number(status.count(lang, RETIRED)))]
        lines += ["  " + _line(r) for r in mine if r.state in (STALE, REFERENCES, UNTRANSLATED)]
        for state, label in ((UP_TO_DATE, _("up to date: {rules}")),
                             (RETIRED, _("no counterpart today: {rules}"))):
            numbers = [r.number or r.key for r in mine if r.state == state]
            if numbers:
                lines.append("  " + label.format(rules=", ".join(numbers)))
    return "\n".join(lines)


def status_report(book: RuleBook, lang: str | None = None) -> Status:
    """`tolaria status`: the status of lang's texts (default: es and it)."""
    return translation_status(book, [lang] if lang else None)
