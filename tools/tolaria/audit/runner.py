"""Run every check over every translated section and collect one AuditReport.

`run_audit(book)` is the API the CLI, the PO export and the site use. Each check is a small
function taking a Context and yielding Findings (babel's checkers.py style); the runner
builds the contexts, runs the checks, applies the waivers and sums up.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, NamedTuple

from ..errors import UserError
from ..i18n import _, current_language, format_date
from ..lookup import typed_number
from ..model import RuleBook
from ..numbering import RuleNumber
from . import compare, edition, terms, typography, example_terms
from .context import Basis, Context
from .data import AuditData, TRANSLATED, check_terms, load_audit_data
from .findings import Finding, SEVERITIES
from .pairing import align
from .reference import EnglishVersions, reference_for
from ..history import load_history
from ..history.status import STALE, UNTRANSLATED, translation_status

# check name -> function(ctx) yielding findings, in the report's order
SECTION_CHECKS = (
    ("alignment", compare.check_alignment),
    ("structure", compare.check_structure),
    ("cross-references", compare.check_cross_references),
    ("numbers", compare.check_numbers),
    ("glossary", terms.check_glossary),
    ("card-names", terms.check_card_names),
    ("edition", edition.check_edition),
    ("untranslated", compare.check_untranslated),
    ("punctuation", typography.check_punctuation),
    ("spelling", typography.check_spelling),
)
BOOK_CHECKS = (("glossary", terms.check_glossary_consistency),
               ("glossary", example_terms.check_example_terms))


class AuditReport(NamedTuple):
    findings: list[Finding]  # most severe first
    summary: dict
    sections: list[dict]  # per translated section: what it was compared with
    notes: list[str]  # what the audit could not do (no rule history, no English)

    @property
    def failed(self) -> bool:
        """True when a critical finding is not waived."""
        return any(f.severity == "critical" and not f.waived for f in self.findings)

    def to_json(self) -> dict:
        """Codes (check, severity, kind) in English; human text (expected, found, notes, the
        *_label fields) in the interface language."""
        return {"findings": [f.to_json() for f in self.findings], "summary": self.summary,
                "sections": self.sections, "notes": self.notes,
                "interface_lang": current_language()}


def default_history(rules_dir=None):
    """The rule history of the rulebook folder, or None where it has none."""
    return load_history(rules_dir, missing_ok=True)


def _selected(number: RuleNumber, sections: Iterable[str] | None) -> bool:
    if not sections:
        return True
    for wanted in sections:
        asked = RuleNumber.parse(wanted)
        if number.is_within(asked) or asked.is_within(number):
            return True
    return False


def build_contexts(book: RuleBook, data: AuditData, langs, sections, history
                   ) -> tuple[list[Context], list[str]]:
    versions = EnglishVersions(history) if history is not None else None
    cache: dict = {}
    contexts, notes = [], []
    for (lang, _number), section in sorted(book.sections.items(),
                                     key=lambda kv: (kv[0][0], RuleNumber.parse(kv[0][1]))):
        if lang not in langs or not _selected(section.number, sections):
            continue
        reference = reference_for(book, section, versions)
        if reference is None:
            notes.append(_("{lang} {section}: no English text to compare with").format(
                lang=lang, section=section.number))
            pairs = ()
        else:
            pairs = tuple(align(list(section.rules), list(reference.rules), lang, cache)[0])
            if not reference.exact:
                notes.append(_("{lang} {section}: claims {claimed}, compared with the English "
                               "of {edition} (no English of {claimed} known without the rule "
                               "history)").format(lang=lang, section=section.number,
                                                  claimed=format_date(reference.claimed),
                                                  edition=format_date(reference.edition)))
        ctx = Context(book, data, section, reference, pairs, versions, cache, pairs)
        if reference is not None:
            ctx = _with_basis(ctx)
        contexts.append(ctx)
    if history is None:
        notes.append(_("edition check: the rule history (tolaria.history) is not available; "
                       "each translation was compared with the project's English only"))
    return contexts, notes


def _with_basis(ctx: Context) -> Context:
    """ctx with the edition assessment; when the section is stale, the per-rule checks
    compare each translated rule with its counterpart in the best-fitting English."""
    assessment = edition.assess(ctx)
    ctx = ctx._replace(assessment=assessment)
    if assessment is not None and assessment.stale:
        best = assessment.best
        ctx = ctx._replace(pairs=best.pairs, basis=Basis(tuple(best.editions), best.rules))
    return ctx


def audit_sections(book: RuleBook, lang: str | None = None, sections=()) -> "AuditReport":
    """`tolaria audit`: run_audit of one language (None: es and it) and of sections, rule
    numbers as typed; UserError (status 1) for a section the rulebook does not have."""
    asked = [typed_number(number) for number in sections or ()]
    covered = [str(n) for n in book.section_numbers()]
    for number in asked:
        if str(number) not in covered:
            raise UserError(_("section {number} is not in this rulebook: it covers sections "
                              "{covered}").format(number=number, covered=", ".join(covered)),
                            status=1)
    return run_audit(book, langs=[lang] if lang else None,
                     sections=[str(n) for n in asked] or None)


def run_audit(book: RuleBook, langs=None, sections=None, history=None,
              data: AuditData | None = None) -> "AuditReport":
    """Audit the Spanish and Italian texts of book. history: the rule history, or None to
    load tolaria.history where it exists (False: do without)."""
    langs = [l for l in (langs or TRANSLATED) if l in TRANSLATED]
    if history is None:
        history = default_history(book.root)
    history = history or None
    data = data if data is not None else load_audit_data(book.root)
    check_terms(data, (t.id for t in book.glossary))
    contexts, notes = build_contexts(book, data, langs, sections, history)
    found: list[Finding] = []
    for ctx in contexts:
        for _name, check in SECTION_CHECKS:
            found.extend(check(ctx))
    for _name, check in BOOK_CHECKS:
        found.extend(check(contexts))
    found = _apply_waivers(list(dict.fromkeys(found)), data, langs, sections)
    found = sorted(found, key=Finding.sort_key)
    return AuditReport(found, _summary(book, contexts, found, langs),
                       [_section_info(ctx, found) for ctx in contexts], notes)


def _apply_waivers(found: list[Finding], data: AuditData, langs, sections) -> list[Finding]:
    by_identity = {w.identity: w for w in data.waivers}
    used = set()
    out = []
    for f in found:
        waiver = by_identity.get(f.identity)
        if waiver is not None:
            used.add(f.identity)
            f = f._replace(waived=True, waiver=waiver.to_json())
        out.append(f)
    for waiver in data.waivers:
        if waiver.identity in used or waiver.lang not in langs:
            continue
        if not _selected(RuleNumber.parse(waiver.rule), sections):
            continue
        out.append(Finding(waiver.lang, waiver.rule, "waiver", "cosmetic",
                           _("a {check} finding “{key}” on {rule}").format(
                               check=waiver.check, key=waiver.key, rule=waiver.rule),
                           _("no such finding any more: the waiver is stale"), waiver.file,
                           waiver.line, f"stale {waiver.check} {waiver.key}", ""))
    return out


def _behind(book: RuleBook, contexts: list[Context], lang: str) -> dict | None:
    """Apart from the findings: how many rules of the sections audited lag the current
    edition (their base English is older and the English changed since; `tolaria status`
    lists them). A stale *finding* is another thing: a text that fits an older English than
    the edition it claims."""
    if book.current is None:
        return None
    files = {c.section.file for c in contexts if c.lang == lang}
    rules = [r for r in translation_status(book, [lang]).rules if r.file in files]
    return {"edition": book.current.isoformat(),
            "stale": sum(1 for r in rules if r.state == STALE),
            "untranslated": sum(1 for r in rules if r.state == UNTRANSLATED)}


def _summary(book: RuleBook, contexts: list[Context], found: list[Finding], langs) -> dict:
    summary = {}
    for lang in langs:
        mine = [c for c in contexts if c.lang == lang]
        ours = [f for f in found if f.lang == lang]
        uses = [(term, lexeme) for c in mine for term, _, lexeme, _ in terms.glossary_uses(c)]
        terms_used = {t.id for t, _ in uses}
        summary[lang] = {
            "sections": len(mine),
            "rules_checked": sum(len(c.section.rules) for c in mine),
            "findings": {s: sum(1 for f in ours if f.severity == s and not f.waived)
                         for s in SEVERITIES},
            "waived": sum(1 for f in ours if f.waived),
            "by_check": dict(sorted(Counter(f.check for f in ours if not f.waived).items())),
            "glossary": {"uses": len(uses), "approved": sum(1 for _, lx in uses if lx),
                         "terms_used": len(terms_used),
                         "coverage": round(sum(1 for _, lx in uses if lx) / len(uses), 3)
                         if uses else 1.0},
            "behind_current": _behind(book, contexts, lang),
        }
    return summary


def _section_info(ctx: Context, found: list[Finding]) -> dict:
    ref = ctx.reference
    mine = [f for f in found if f.lang == ctx.lang and f.section == str(ctx.section.number)]
    return {
        "lang": ctx.lang, "section": str(ctx.section.number), "file": ctx.section.file,
        "source": ctx.section.source.kind, "claims": ref.claimed.isoformat() if ref else None,
        "compared_with": ({"edition": ref.edition.isoformat(), "number": str(ref.number),
                           "origin": ref.origin} if ref else None),
        # when stale: the English edition(s) the per-rule checks (and pairs) use
        "basis": ({"editions": [d.isoformat() for d in ctx.basis.editions]}
                  if ctx.basis else None),
        "pairs": [[str(p.ours.number) if p.ours else None,
                   str(p.english.number) if p.english else None] for p in ctx.pairs],
        "findings": {s: sum(1 for f in mine if f.severity == s and not f.waived)
                     for s in SEVERITIES},
    }
