"""For judges: each section's three languages side by side, and a dashboard per language."""

from __future__ import annotations

from html import escape

from ..i18n import _, format_date, language_name, ngettext, source_kind_label
from ..model import LANGUAGES, RuleBook
from ..numbering import RuleNumber
from .addresses import section_path, today_number
from .alignment import identity, row_of, rows
from ..history.status import STALE, TRANSLATED, translation_status
from .pages import Page, edition_label, root_of
from .render import CURRENT, attr
from .today import TodayView, diff_html
from ..audit.findings import label

SEVERITIES = ("critical", "functional", "cosmetic")


def _findings(found: list) -> str:
    """A rule's findings folded under one line: how many, of which severities."""
    if not found:
        return ""
    severities = [str(f.severity) for f in found]
    counts = ", ".join(_count(s, severities.count(s))
                       for s in SEVERITIES + tuple(sorted(set(severities) - set(SEVERITIES)))
                       if s in severities)
    said = ngettext("{count} finding: {severities}", "{count} findings: {severities}",
                    len(found)).format(count=len(found), severities=counts)
    worst = next((s for s in SEVERITIES if s in severities), "other")
    return (f'<details class="t-findings t-sev-{attr(worst)}"><summary>{escape(said)}'
            f'</summary>{"".join(_finding(f) for f in found)}</details>')


def _finding(finding) -> str:
    """A finding of the audit (which is there, then), its severity and check named in the
    build's language; not the source file it is about (the reader's view has none)."""
    waived_label = _("waived")
    waived = (f' <span class="t-badge t-waived">{escape(waived_label)}</span>'
              if getattr(finding, "waived", False) else "")
    parts = [f'<div class="t-finding t-sev-{attr(str(finding.severity))}">'
             f'<span class="t-badge">{escape(label(str(finding.severity)))}</span>{waived} '
             f'<strong>{escape(label(str(finding.check)))}</strong>']
    expected_label, found_label = _("expected:"), _("found:")
    if getattr(finding, "expected", None):
        parts.append(f'<div>{escape(expected_label)} {escape(str(finding.expected))}</div>')
    if getattr(finding, "found", None):
        parts.append(f'<div>{escape(found_label)} {escape(str(finding.found))}</div>')
    parts.append("</div>")
    return "".join(parts)


def _row_id(row: dict[str, str]) -> str:
    """A row's anchor: the English number; a rule only a translation has, lang-number."""
    if row.get("en"):
        return row["en"]
    lang = next(l for l in LANGUAGES if row.get(l))
    return f"{lang}-{row[lang]}"


def compare_page(book: RuleBook, lang: str, number: RuleNumber, renderers: dict,
                 findings: list | None, alignments: dict | None = None,
                 history=None) -> Page:
    """A row per English rule, a column per language and one for the current English:
    each language's rule with the same content (by the audit's pairing, where its numbers
    differ), under its own number where that is not the English one; the English of the
    rulebook (the translations' base) and the current edition's, with the word diff from
    the one to the other; the audit's findings at the rule they concern; a translation's
    note where the English changed since its base. history: the rule history, or None."""
    path = section_path(book, number, "compare/")
    root = root_of(path)
    shown = today_number(book, number)
    sections = {l: book.section(l, number) for l in LANGUAGES}
    aligned = {l: (alignments or {}).get((l, str(number))) or identity(sections[l],
                                                                       sections["en"])
               for l in LANGUAGES if sections[l] is not None}
    table = rows(sections["en"], aligned)
    placed: dict[int | None, dict[str, list]] = {}
    for finding in findings or ():
        if finding.lang not in aligned or not _in_section(finding.rule, number):
            continue
        at = row_of(finding, aligned.get(finding.lang), table)
        placed.setdefault(at, {}).setdefault(finding.lang, []).append(finding)
    order = [lang] + [l for l in LANGUAGES if l != lang]
    order.insert(order.index("en") + 1, NOW)
    views = {l: TodayView(book, sections[l], aligned[l].english if l != "en" else str,
                          history) for l in aligned}
    rows_html = [_head_row(book, lang, number, sections, order, root)]
    for index, row in enumerate(table):
        rows_html.append(_row(row, index, order, sections, renderers, placed, root, views))
    if None in placed:  # findings about the whole section, after its rules
        cells = "".join(f'<div class="t-cell" lang="{_lang(l)}" data-column="{l}"><span class="t-lang">'
                        f'{escape(_column(l))}</span>'
                        f'{_findings(placed[None].get(l, []))}</div>'
                        for l in order)
        whole = _("The whole section")
        rows_html.append(f'<div class="t-row t-row-section" id="section"><div '
                         f'class="t-row-num">{escape(whole)}</div>{cells}</div>')
    title = _("{number}: the three languages side by side").format(number=shown)
    absent = _("The translation audit is not available in this build.")
    note = "" if findings is not None else f'<p class="t-legend">{escape(absent)}</p>'
    paired = ""
    if any(a.renumbered for a in aligned.values()):
        said = _("Rules are paired by content: where a text numbers a rule otherwise than "
                 "the English, its own number is shown in its column.")
        paired = f'<p class="t-legend t-paired">{escape(said)}</p>'
    body = (f"<h1>{escape(title)}</h1>{note}{paired}{_column_switches(order)}"
            f"<div class=\"t-compare\">"
            f"{''.join(rows_html)}</div>\n")
    return Page(path, shown, body, [], ("toc",))


def _head_row(book: RuleBook, lang: str, number, sections: dict, order: list, root: str
              ) -> str:
    head = []
    for l in order:
        if l == NOW:
            head.append(_today_head(book, lang, sections["en"]))
            continue
        s = sections[l]
        if s is None:
            no_text = _("no text in this language")
            head.append(f'<div class="t-col-head" lang="{l}" data-column="{l}"><strong>'
                        f'{escape(language_name(l))}</strong>: '
                        f'{escape(no_text)}</div>')
            continue
        page = f"{root}../{l}/{today_number(book, number)}/"
        head.append(f'<div class="t-col-head" lang="{l}" data-column="{l}"><strong>'
                    f'{escape(_column(l))}'
                    f'</strong> · <a href="{attr(page)}">{escape(s.title)}</a><br>'
                    f'<span class="t-badge t-kind-{attr(s.source.kind)}">'
                    f'{escape(source_kind_label(s.source.kind))}</span> '
                    f'<small>{escape(edition_label(book, s, lang))}</small></div>')
    return f'<div class="t-row t-row-head">{"".join(head)}</div>'


def _row(row: dict[str, str], index: int, order: list, sections: dict, renderers: dict,
         placed: dict, root: str, views: dict) -> str:
    english = row.get("en")
    cells = []
    lags = [views[l].lag(row[l]) for l in order
            if l not in (NOW, "en") and row.get(l) and l in views]
    for l in order:
        if l == NOW:
            cells.append(_today_cell(english, sections["en"], renderers["en"], root,
                                     views.get("en"), lags))
            continue
        s = sections[l]
        own = row.get(l)
        rule = s.rule(RuleNumber.parse(own)) if s and own else None
        notes = _findings(placed.get(index, {}).get(l, []))
        if rule is None:
            missing = (_("missing in this language") if l != "en" or english else
                       _("no English rule has this content"))
            cells.append(f'<div class="t-cell t-absent" lang="{l}" data-column="{l}">'
                         f'<span class="t-lang">{escape(language_name(l))}</span> '
                         f'{escape(missing)}{notes}</div>')
            continue
        number = ""
        if own != english:
            said = _("numbered {number} in this text").format(number=own)
            number = (f'<a class="t-own-num" href="{root}../{l}/{today_number(views[l].book, s.number)}/#{attr(own)}" '
                      f'title="{attr(said)}">{escape(own)}</a> ')
        base = root + "../" + l + "/"
        scheme, moved = views[l].citing(rule)
        paragraphs = "".join(f"<p>{number if i == 0 else ''}"
                             f"{renderers[l].text(p, base, scheme=scheme, moved=moved)}</p>"
                             for i, p in enumerate(x for x in rule.text.split("\n")
                                                   if x.strip()))
        examples = "".join(f'<div class="t-example"><p>'
                           f'{renderers[l].text(e.text, base, scheme=scheme, moved=moved)}'
                           f"</p></div>" for e in rule.examples)
        lag = views[l].lag_line(own) if l != "en" else ""
        cells.append(f'<div class="t-cell" lang="{l}" data-column="{l}"><span class="t-lang">'
                     f'{escape(_column(l))}</span>{paragraphs}{examples}{lag}{notes}'
                     "</div>")
    anchor = _row_id(row)
    shown = english or "–"
    shifted = " t-row-shifted" if any(row.get(l) and row.get(l) != english
                                      for l in LANGUAGES) else ""
    today = views["en"].shown(english) if english and "en" in views else anchor
    also = (f'<span class="t-anchor" id="{attr(today)}"></span>'
            if today != anchor and today not in views["en"].ids else "")
    was = ""
    if english and today != english:  # today's number first, the rulebook's under it
        said = _("{number} in the rulebook").format(number=english)
        was = f'<small class="t-row-was" title="{attr(said)}">{escape(english)}</small>'
        shown = today
    return (f'<div class="t-row{shifted}" id="{attr(anchor)}"><div class="t-row-num">'
            f'{also}<a class="t-num" href="#{attr(anchor)}">{escape(shown)}</a>{was}</div>'
            f'{"".join(cells)}</div>')


# --- the current English's column ---------------------------------------------------------
NOW = "now"  # the column of the current English edition, beside the rulebook's English


def _lang(column: str) -> str:
    return "en" if column == NOW else column


def _column(column: str) -> str:
    """A column's name: a language, "English (base)", or "English today"."""
    if column == NOW:
        return _("English today")
    if column == "en":
        return _("English (base)")
    return language_name(column)


def _column_switches(order: list) -> str:
    """A checkbox per column: the reader hides the columns they do not need (tolaria.js
    shows the switches and remembers the choice)."""
    legend = _("Columns shown:")
    boxes = "".join(f'<label><input type="checkbox" data-column="{l}" checked> '
                    f"{escape(_column(l))}</label>" for l in order)
    return (f'<fieldset class="t-columns" hidden><legend>{escape(legend)}</legend>{boxes}'
            "</fieldset>")


def _today_head(book: RuleBook, lang: str, english) -> str:
    current = book.current
    said = (_("Edition: {date}").format(date=format_date(current)) if current
            else _("no text in this language"))
    return (f'<div class="t-col-head" lang="en" data-column="{NOW}"><strong>'
            f'{escape(_column(NOW))}</strong>'
            f'<br><span class="t-badge t-kind-official">{escape(source_kind_label("official"))}'
            f'</span> <small>{escape(said)}</small></div>')


def _today_cell(english: str | None, section, renderer, root: str, view,
                lags: list = ()) -> str:
    """The current English of the row's rule, under today's number, with the word diff from
    the rulebook's English (the base) or, where that is today's, from a translation's older
    base: the row's one diff; or why there is none."""
    name = f'<span class="t-lang">{escape(_column(NOW))}</span>'
    today = view.today(english) if view is not None and english else None
    if today is None or today.number is None:
        said = (_("no counterpart in the current edition") if today is not None
                else _("not in the current edition’s view"))
        return (f'<div class="t-cell t-absent" lang="en" data-column="{NOW}">{name} '
                f'{escape(said)}</div>')
    base = root + "../en/"
    rule = section.rule(RuleNumber.parse(english)) if section else None
    number = ""
    if today.number != english:
        number = f'<span class="t-today-num">{escape(today.number)}</span> '
    paragraphs = "".join(f"<p>{number if i == 0 else ''}"
                         f"{renderer.text(p, base, scheme=CURRENT)}</p>"
                         for i, p in enumerate(x for x in (today.text or "").split("\n")
                                               if x.strip()))
    examples = "".join(f'<div class="t-example"><p>{renderer.text(e, base, scheme=CURRENT)}'
                       "</p></div>" for e in today.examples)
    diff = ""
    old = rule.text if rule is not None else None
    if old is None or old == today.text:  # the English base is today's: a translation's
        old = next((lag.base_text for lag in lags if lag is not None and lag.stale
                    and lag.base_text is not None), old)
    if old is not None and today.text is not None and old != today.text:
        label = _("Base → current:")
        diff = (f'<div class="t-diff"><span class="t-label">{escape(label)}</span> '
                f"{diff_html(old, today.text)}</div>")
    return (f'<div class="t-cell t-now" lang="en" data-column="{NOW}">{name}{paragraphs}'
            f'{examples}{diff}</div>')



def compare_index(book: RuleBook, lang: str) -> Page:
    path = "compare/index.md"
    items = []
    for number in book.section_numbers():
        section = book.section(lang, number) or book.section("en", number)
        title = section.title if section else ""
        shown = today_number(book, number)
        items.append(f'<li><a href="{shown}/">{escape(shown)} · {escape(title)}</a></li>')
    dashboards = "".join(
        f'<li><a href="../dashboard/{l}/">{escape(language_name(l))}</a></li>'
        for l in LANGUAGES)
    title = _("Compare the languages")
    intro = _("Each section in English, Spanish and Italian, subrule by subrule, with the "
              "translation audit’s findings.")
    dashboards_title = _("Translation dashboards")
    body = (f"<h1>{escape(title)}</h1><p>{escape(intro)}</p>"
            f"<ul>{''.join(items)}</ul><h2 id=\"dashboards\">"
            f"{escape(dashboards_title)}</h2><ul>{dashboards}</ul>\n")
    return Page(path, title, body, None, ("toc",))


def dashboard_page(book: RuleBook, lang: str, of: str, findings: list | None,
                   alignments: dict | None = None) -> Page:
    """How complete and current the text in language `of` is, section by section: the
    English rules that a rule of the text renders (by content, where the audit paired
    them), the edition, the open findings."""
    path = f"dashboard/{of}.md"
    rows, total, present = [], 0, 0
    counts = {s: 0 for s in SEVERITIES}
    heads = [_("Section"), _("Title"), _("Source"), _("Rules"), _("Edition"), _("Findings"),
             _("Needs attention")]
    lagging = _lagging(book, of)
    for number in book.section_numbers():
        english, text = book.section("en", number), book.section(of, number)
        expected = {r.number for r in english.rules} if english else set()
        have = {r.number for r in text.rules} if text else set()
        aligned = (alignments or {}).get((of, str(number)))
        if aligned is not None and aligned.by_content:
            have = {RuleNumber.parse(e) for _o, e in aligned.pairs if e}
        total += len(expected)
        present += len(expected & have)
        mine = [f for f in findings or () if f.lang == of and _in_section(f.rule, number)]
        open_ = [f for f in mine if not getattr(f, "waived", False)]
        for f in open_:
            counts[str(f.severity)] = counts.get(str(f.severity), 0) + 1
        reasons = []
        if expected - have:
            reasons.append(ngettext("{count} rule missing", "{count} rules missing",
                                    len(expected - have)).format(count=len(expected - have)))
        if text and english and text.edition.effective < english.edition.effective:
            reasons.append(_("older edition than the English"))
        behind = sum(1 for key in lagging if _in_section(key, number))
        if behind:
            reasons.append(ngettext("{count} rule lags the current English",
                                    "{count} rules lag the current English",
                                    behind).format(count=behind))
        if any(str(f.severity) == "critical" for f in open_):
            reasons.append(_("critical findings"))
        if text is None:
            reasons.append(_("no text in this language"))
        complete = f"{len(expected & have)}/{len(expected)}" if expected else "–"
        edition = format_date(text.edition.effective) if text else "–"
        kind = source_kind_label(text.source.kind) if text else "–"
        found = (str(len(open_)) if findings is not None else "–")
        ok_label = _("ok")
        attention = (f'<span class="t-badge t-attention">{escape("; ".join(reasons))}</span>'
                     if reasons else f'<span class="t-badge t-ok">{escape(ok_label)}</span>')
        shown = today_number(book, number)
        cells = [f'<a href="../../compare/{shown}/">{escape(shown)}</a>',
                 escape(text.title if text else ""), escape(kind), escape(complete),
                 escape(edition), escape(found), attention]
        rows.append("<tr>" + "".join(f'<td data-label="{attr(h)}">{c}</td>'
                                     for h, c in zip(heads, cells)) + "</tr>")
    percent = f"{100 * present / total:.0f}%" if total else "–"
    title = _("Dashboard: {language}").format(language=language_name(of))
    summary = [ngettext("Complete: {percent} of the English rules ({present} of {total}).",
                        "Complete: {percent} of the English rules ({present} of {total}).",
                        total).format(percent=percent, present=present, total=total)]
    if lagging:
        summary.append(ngettext(
            "Behind the current English: {count} rule whose English changed since its "
            "translation's base.",
            "Behind the current English: {count} rules whose English changed since their "
            "translation's base.", len(lagging)).format(count=len(lagging)))
    if findings is None:
        summary.append(_("The translation audit is not available in this build."))
    else:
        summary.append(_("Open findings: {critical}, {functional}, {cosmetic}.").format(
            **{s: _count(s, counts.get(s, 0)) for s in SEVERITIES}))
    body = (f"<h1>{escape(title)}</h1>" + "".join(f"<p>{escape(s)}</p>" for s in summary)
            + '<div class="t-table"><table class="t-dashboard"><thead><tr>'
            + "".join(f"<th>{escape(h)}</th>" for h in heads)
            + f"</tr></thead><tbody>{''.join(rows)}</tbody></table></div>\n")
    return Page(path, language_name(of), body, [], ("toc",))


def _lagging(book: RuleBook, of: str) -> list[str]:
    """The rulebook numbers of the rules of language `of` whose English changed (in wording)
    since the base the translation was made from: `tolaria status`'s stale rules."""
    if of not in TRANSLATED:
        return []
    return [r.key for r in translation_status(book, [of]).rules if r.state == STALE]


def _count(severity: str, n: int) -> str:
    """'1 critical' / '2 critical': a number of findings of a severity, in the plural form
    the language needs (1 crítico, 2 críticos)."""
    if severity == "critical":
        text = ngettext("{count} critical", "{count} critical", n)
    elif severity == "functional":
        text = ngettext("{count} functional", "{count} functional", n)
    elif severity == "cosmetic":
        text = ngettext("{count} cosmetic", "{count} cosmetic", n)
    else:
        text = ngettext("{count} {severity}", "{count} {severity}", n)
    return text.format(count=n, severity=severity)


def _in_section(rule, number: RuleNumber) -> bool:
    try:
        return RuleNumber.parse(str(rule)).is_within(number)
    except ValueError:
        return False
