"""The search box's rows: for every rule a hit can name, where it is and what the row says.

A hit of the site's search (search.js) names a rule by the number it is shown under: a
covered rule of the site's language by today's number (its own when it has none today, as
the pre-2009 rule 300), a rule of the whole CR by its number, in English. rows_data gives
the search box (assets/search-worker.js) for each: its page and anchor, its text (the
row shows a snippet of it), the numbers it had in other editions and whether it has no counterpart today; and the
row's marks in the site's language, in shards by number (search.shards.split_rows), which
the worker fetches as its hits name them.
"""

from __future__ import annotations

import json

from ..i18n import _
from ..lookup import whole_cr
from ..model import RuleBook
from ..rulebook.limits import MAX_RANGE
from ..search.shards import split_rows
from .addresses import today_number

ROWS = "assets/tolaria/rows"  # N.json: the rows whose number shards.shard_of puts in N


def one_line(text: str) -> str:
    """A rule's text on one line (the worker shows the part around the words searched)."""
    return " ".join(text.split())


def _formerly(book: RuleBook, own: str, shown: str) -> str:
    """The numbers a covered rule had, the latest three ("702.25d until 2021 · …"), or ""."""
    today = book.today_of(own)
    said = [_("{number} until {year}").format(number=a.number, year=a.last.year)
            for a in (today.aliases if today else ()) if a.number != shown][:3]
    if own != shown and not any(a.number == own for a in (today.aliases if today else ())):
        said.insert(0, _("{number} in this text").format(number=own))
    return " · ".join(said)


def covered_rows(book: RuleBook, lang: str) -> dict[str, list]:
    """The covered rules of lang by the number their hits carry: [location, text, the
    numbers they had, 1 when they have no counterpart today else 0]."""
    out: dict[str, list] = {}
    for number in book.section_numbers(lang):
        section = book.section(lang, number)
        page = f"{today_number(book, number)}/"
        ids = {str(r.number) for r in section.rules}
        for rule in section.rules:
            own = str(rule.number)
            shown = today_number(book, own)
            # the anchor: today's number where the page gives this rule that anchor (an
            # English page: pages.section_page), else the rule's own
            anchor = shown if lang == "en" and shown not in ids else own
            today = book.today_of(own)
            text = rule.text
            if lang == "en" and today is not None and today.text:  # as the page shows it
                text = today.text
            location = f"{page}#{anchor}"
            gone = int(today is not None and today.number is None)
            out.setdefault(shown, [location, one_line(text),
                                   _formerly(book, own, shown), gone])
        head = str(section.number)  # a section: its page, the text of its first rule
        today = book.today_of(head)
        out.setdefault(today_number(book, head), [
            page, one_line(section.rules[0].text) if section.rules else section.title,
            _formerly(book, head, today_number(book, head)),
            int(today is not None and today.number is None)])
    return out


def whole_rows(book: RuleBook) -> dict[str, str]:
    """Every rule and section of the whole current CR: its text, a section its title (its
    page, cr/SECTION/, follows from its number)."""
    whole = whole_cr(book)
    if whole is None:
        return {}
    out = {s.number: s.title for s in whole.sections}
    out.update((r.number, one_line(r.text)) for r in whole.rules())
    return out


def refusals() -> dict[str, str]:
    """What the box says for a query shaped like a rule number or a range but neither
    (lookup.typed_numbers' refusals, {query} filled in by the worker) and for a number that
    no edition has ({number})."""
    return {"number": _("'{query}' is not a rule number (expected e.g. 104, 104.3, 104.3b "
                        "or a range such as 512-514 or 104.3a-d)"),
            "range": _("'{query}' is not a range: a range stays within one rule or one "
                       "level, first number first (e.g. 512-514, 104.3-104.5, 104.3a-104.3d "
                       "or 104.3a-d)"),
            "long": _("the range {query} is too long (at most {count} numbers)").format(
                query="{query}", count=MAX_RANGE),
            "unknown": _("no rule {number} in any edition this reference knows")}


def labels() -> dict[str, str]:
    """The words of the search box's rows and messages in the interface's language: the
    rows' marks, the refusals, and what it says when its data could not be loaded."""
    return {"english_only": _("English only"),
            "obsolete": _("pre-2009, no counterpart today"), **refusals(),
            "failed": _("The search could not load its data. Check the connection and "
                        "try again.")}


def rows_data(book: RuleBook, lang: str) -> dict:
    """The search box's rows of lang's site, and its marks in the interface's language."""
    return {"labels": labels(), "own": covered_rows(book, lang), "whole": whole_rows(book)}


def rows_files(book: RuleBook, lang: str) -> dict[str, str]:
    """The rows of lang's site as files: {name under ROWS: JSON}."""
    shards = split_rows(rows_data(book, lang))
    return {f"{n}.json": json.dumps(shard, ensure_ascii=False, separators=(",", ":"))
            for n, shard in enumerate(shards)}
