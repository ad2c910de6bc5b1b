"""Gettext PO files of the rule texts, for translators' tools: the export.

One message per rule text, per Example paragraph and per earlier wording; the English is
the msgid, the translation the msgstr, and the msgctxt names the text ("702.25b",
"702.25b example 1", "300.2 since 2005-08-01"). Comments give the section, the English
edition and the translation's edition and source; a message is fuzzy where the translation
audit finds it stale or misaligned. formats.po_import brings a translated file back.
"""

from __future__ import annotations

import io
from datetime import date, datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from .. import __version__
from ..audit import run_audit
from ..errors import UserError
from ..i18n import _, format_date, language_name
from ..lookup import typed_number
from ..model import Rule, RuleBook, Section
from ..numbering import RuleNumber
from ..rulebook.writer import write_atomically
from .text import source_kind_label

LANGS = ("es", "it")
FUZZY_CHECKS = ("alignment", "structure")  # a finding of these makes a rule's messages fuzzy
_TEAMS = {"es": "Spanish", "it": "Italian"}  # PO headers are data: always English


# --- export ---------------------------------------------------------------------------------
def _selected(section: Section, sections) -> bool:
    if not sections:
        return True
    for wanted in sections:
        asked = RuleNumber.parse(wanted)
        if section.number.is_within(asked) or asked.is_within(section.number):
            return True
    return False


def _fuzzy_rules(book: RuleBook, lang: str, sections, history) -> dict[str, list[str]]:
    """Rule (or section) number -> why its messages are fuzzy, from the audit."""
    report = run_audit(book, langs=[lang], sections=sections, history=history)
    out: dict[str, list[str]] = {}
    for f in report.findings:
        if f.waived:
            continue
        if f.check == "edition" and f.key == "stale":
            out.setdefault(f.section, []).append(_(
                "the audit finds this section stale: it fits an older English better (see "
                "tolaria audit --lang {lang} --section {section})").format(
                    lang=lang, section=f.section))
        elif f.check in FUZZY_CHECKS:
            out.setdefault(f.rule, []).append(_("audit ({check}): {found}").format(
                check=f.check, found=f.found))
    return out


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


def _section_comments(section: Section, english: Section | None) -> list[str]:
    source = section.source
    where = f" ({source.file})" if source.file else ""
    lines = [_("section {number} ({title}), {file}").format(
        number=section.number, title=section.title, file=section.file)]
    if english is not None:
        lines.append(_("English: the edition of {edition}, {file}").format(
            edition=format_date(english.edition.effective), file=english.file))
    lines.append(_("translation: the edition of {edition}; {kind}: {name}{where}").format(
        edition=format_date(section.edition.effective), kind=source_kind_label(source.kind),
        name=source.name, where=where))
    return lines


def build_catalog(book: RuleBook, lang: str, sections=None, history=None):
    """A babel Catalog of the rule texts of lang (es or it). history as for run_audit."""
    if lang not in LANGS:
        raise UserError(_("PO files are made for the translations ({langs}), not '{lang}'"
                          ).format(langs=", ".join(LANGS), lang=lang))
    chosen = [s for (l, _n), s in book.sections.items() if l == lang and _selected(s, sections)]
    if not chosen:
        raise UserError(_("no section of the {language} text matches {sections}").format(
            language=language_name(lang), sections=", ".join(sections or ())))
    chosen.sort(key=lambda s: s.number)
    fuzzy = _fuzzy_rules(book, lang, sections, history)
    newest = max(s.edition.effective for s in chosen)
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
        english = book.section("en", section.number)
        common = _section_comments(section, english)
        section_why = fuzzy.get(str(section.number), [])
        numbers = sorted({r.number for r in section.rules}
                         | {r.number for r in (english.rules if english else ())})
        for number in numbers:
            ours, theirs = section.rule(number), english.rule(number) if english else None
            mine, source = rule_parts(ours), rule_parts(theirs)
            why = section_why + fuzzy.get(str(number), [])
            for suffix in sorted(set(mine) | set(source), key=_order):
                msgid = source.get(suffix, mine.get(suffix))[0]
                msgstr, file, line = mine.get(suffix) or ("", section.file, section.line)
                comments = list(common)
                if suffix not in source:
                    comments.append(_("no such text in the English: the msgid repeats the "
                                      "translation"))
                if suffix not in mine:
                    comments.append(_("not yet translated"))
                comments.extend(why)
                flags = ["fuzzy"] if (why or suffix not in source) and suffix in mine else []
                catalog.add(msgid, msgstr, locations=[(file, line)], flags=flags,
                            auto_comments=comments, context=f"{number}{suffix}")
    return catalog


def export_po(book: RuleBook, lang: str, sections=None, history=None) -> str:
    """The PO file of lang's rule texts, as text."""
    out = io.BytesIO()
    write_po(out, build_catalog(book, lang, sections, history), width=76, sort_output=False)
    return out.getvalue().decode("utf-8")



def export_sections(book: RuleBook, lang: str, sections=None, out=None) -> str | None:
    """`tolaria po export`: the PO file of lang's rule texts (sections: rule numbers as
    typed, each checked) written to out, a path; without out, its text."""
    for number in sections or ():
        typed_number(number)  # a one-line error for what is not a rule number
    text = export_po(book, lang, sections)
    if not out:
        return text
    write_atomically(Path(out), text, create_folders=False)
    return None
