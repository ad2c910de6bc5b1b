"""The current English beside a translation's rules, on the Spanish and Italian rule pages.

Each translated rule carries the English of the current edition under today's number (what
`tolaria show NUMBER --json` gives as the current English), inline in the page: no fetch.
The reader chooses how it shows with a control at the top of the rules: hidden, under each
rule (folded), or in a column beside it (under it on a phone). The choice is kept in
localStorage under STORAGE_KEY; a script at the top of every page's head (theme/main.html)
sets it on <html data-t-english="…"> before the page is painted, and the stylesheet does
the rest. Where the English the translation was made from differs from today's, the rule's
English says so with a short mark.
"""

from __future__ import annotations

from html import escape

from ..i18n import _
from .render import CURRENT, Renderer, attr
from .today import TodayView

STORAGE_KEY = "tolaria.english"
HIDDEN, UNDER, COLUMN = "hidden", "under", "column"
MODES = (HIDDEN, UNDER, COLUMN)  # UNDER where the reader chose nothing


def english_control() -> str:
    """The control that chooses how a page shows the current English. Which choice is
    pressed shows from <html data-t-english>, which is set before paint, so the control is
    right from the first frame; tolaria.js keeps aria-pressed and the stored choice."""
    labels = {HIDDEN: _("Hidden"), UNDER: _("Under each rule"), COLUMN: _("In a column")}
    legend = _("Current English:")
    buttons = "".join(f'<button type="button" class="t-en-choice" data-mode="{mode}" '
                      f'aria-pressed="{"true" if mode == UNDER else "false"}">'
                      f'{escape(labels[mode])}</button>' for mode in MODES)
    return (f'<div class="t-en-modes" role="group" aria-label="{attr(legend)}" '
            f'data-key="{STORAGE_KEY}" data-default="{UNDER}">'
            f'<span class="t-label">{escape(legend)}</span> {buttons}</div>')


def english_aside(today: TodayView, renderer: Renderer, number: str, root: str) -> str:
    """The current English of the rule a translation numbers `number`, as an element to
    show beside or under it ("" where the current edition has no English for it). Its
    references are today's numbers, linked to the rules of the page's language."""
    current = today.today(number)
    if current is None or current.number is None or current.text is None:
        return ""
    lag = today.lag(number)
    mark = ""
    if lag is not None and lag.stale:
        changed = _("The English has changed since this translation")
        mark = f' <span class="t-en-changed">{escape(changed)}</span>'
    label = _("Current English, {number}").format(number=current.number)
    paragraphs = [f"<p>{renderer.text(p, root, scheme=CURRENT, terms=False)}</p>"
                  for p in current.text.split("\n") if p.strip()]
    paragraphs += [f'<div class="t-example"><p>'
                   f'{renderer.text(e, root, scheme=CURRENT, terms=False)}</p></div>'
                   for e in current.examples]
    return (f'<div class="t-en" lang="en">'
            f'<button type="button" class="t-en-fold" aria-expanded="false" '
            f'lang="{attr(today.lang)}">'
            f'{escape(label)}{mark}</button>'
            f'<div class="t-en-text">{"".join(paragraphs)}</div></div>')
