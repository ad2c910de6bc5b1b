"""The turn-structure page: a Mermaid diagram of phases and steps, and where 512-514 and 717 go."""

from __future__ import annotations

from html import escape

from ..i18n import _
from ..model import RuleBook
from ..numbering import RuleNumber
from .addresses import today_number
from .pages import Page, root_of
from .render import Renderer, attr


def _label(text: str) -> str:
    """Text for a quoted Mermaid label (its quotes written as Mermaid's entity)."""
    return '"' + text.replace('"', "#quot;").replace("\n", " ") + '"'


def _term(book: RuleBook, lang: str, term_id: str, fallback: str) -> str:
    """A glossary term's name in lang (the approved wording), else fallback."""
    term = book.term(term_id)
    if term is not None and lang in term.names:
        return term.names[lang].name
    return fallback


def turn_page(book: RuleBook, lang: str, renderer: Renderer, mermaid: bool) -> Page:
    path = "turn.md"
    root = root_of(path)
    ending = _term(book, lang, "ending-phase", _("Ending phase"))
    end_step = _term(book, lang, "end-step", _("End step"))
    cleanup = _term(book, lang, "cleanup-step", _("Cleanup step"))
    end_turn = _term(book, lang, "end-the-turn", _("End the turn"))
    names = {
        "beginning": _("Beginning phase"), "untap": _("Untap step"),
        "upkeep": _("Upkeep step"), "draw": _("Draw step"),
        "main1": _("Precombat main phase"), "combat": _("Combat phase"),
        "bcombat": _("Beginning of combat step"), "attackers": _("Declare attackers step"),
        "blockers": _("Declare blockers step"), "damage": _("Combat damage step"),
        "ecombat": _("End of combat step"), "main2": _("Postcombat main phase"),
    }
    repeat = _("state-based actions or triggers: players get priority, then a new cleanup "
               "step · 514.3a")
    next_turn = _("The turn ends; the next turn begins")
    ends, skips = today_number(book, "717"), today_number(book, "717.1d")  # today's numbers
    skip = _("skip straight to the cleanup step · {rule}").format(rule=skips)
    labels = {k: _label(v) for k, v in names.items()}
    labels.update(ending=_label(ending + " · 512"), endstep=_label(end_step + " · 513"),
                  cleanup=_label(cleanup + " · 514"), repeat=_label(repeat),
                  next=_label(next_turn), effect=_label(f"{end_turn} · {ends}"),
                  skip=_label(skip))
    steps = [
        ("512", ending, _("the last phase of the turn: the end step, then the cleanup step")),
        ("513", end_step, _("“at the beginning of the end step” abilities trigger")),
        ("514", cleanup, _("damage wears off and “until end of turn” effects end; if "
                           "anything triggers or a state-based action happens, players get "
                           "priority and another cleanup step follows (514.3a)")),
        ("717", end_turn, _("an effect that ends the turn exiles the stack and skips to the "
                            "cleanup step")),
        ("300", _("Turn structure before 2009"), _("the old rule 300, with its dated "
                                                   "wordings")),
    ]
    intro = _("The phases and steps of a turn, where the ending phase (512-514) sits, how "
              "the cleanup step repeats, and where an effect that ends the turn ({rule}) "
              "goes.").format(rule=ends)
    items, text = [], [intro]
    for number, name, what in steps:  # the rulebook's numbers, shown as today's
        shown = today_number(book, number)
        text.append(f"{shown} {name}: {what}")
        href = renderer.href(RuleNumber.parse(number), root)
        head = (f'<a href="{attr(href)}">{escape(shown)} · {escape(name)}</a>' if href
                else f"{escape(shown)} · {escape(name)}")
        items.append(f"<li>{head}: {escape(what)}</li>")
    title = _("Turn structure")
    fallback = ""
    if not mermaid:
        missing = _("The diagram needs mermaid.min.js, which this build did not find.")
        fallback = f'<p class="t-legend">{escape(missing)}</p>'
    # Two drawings of one diagram: steps side by side on a desk, one under the other on a
    # phone (where the wide one would shrink to unreadable text); CSS shows one of them.
    drawings = "".join(f'<div class="t-diagram t-diagram-{kind}" markdown="1">\n\n'
                       f"```mermaid\n{_diagram(labels, kind == 'narrow', skips)}\n```"
                       "\n\n</div>\n\n"
                       for kind in ("wide", "narrow"))
    body = (f"<h1>{escape(title)}</h1>\n\n<p>{escape(intro)}</p>\n\n"
            + (drawings if mermaid else fallback)
            + f'<ul class="t-turn">{"".join(items)}</ul>\n')
    search = [{"location": "turn/", "title": escape(title), "text": escape(" ".join(text))}]
    return Page(path, title, body, search, ("toc",))


# The narrow drawing: labels wrapped at a phone's width, steps closer together.
NARROW = '%%{init: {"flowchart": {"wrappingWidth": 130, "nodeSpacing": 30, "rankSpacing": 35}}}%%'


def _diagram(labels: dict[str, str], narrow: bool, skips: str) -> str:
    """The turn as a Mermaid flowchart; narrow: every step under the one before, labels
    wrapped narrower, the two side paths labelled with their rules only (the list under the
    diagram says them: skips, the rule that skips to the cleanup step) and the effect that
    ends the turn drawn beside the ending phase."""
    inner = "    direction TB\n" if narrow else ""
    if narrow:
        labels = dict(labels, repeat=_label("514.3a"), skip=_label(skips))
    return "\n".join(([NARROW] if narrow else []) + [
        "flowchart TD",
        f"  subgraph beginning[{labels['beginning']}]",
        inner + f"    untap[{labels['untap']}] --> upkeep[{labels['upkeep']}]"
        f" --> draw[{labels['draw']}]",
        "  end",
        f"  subgraph combat[{labels['combat']}]",
        inner + f"    bcombat[{labels['bcombat']}] --> attackers[{labels['attackers']}]"
        f" --> blockers[{labels['blockers']}] --> damage[{labels['damage']}]"
        f" --> ecombat[{labels['ecombat']}]",
        "  end",
        f"  subgraph ending[{labels['ending']}]",
        inner + f"    endstep[{labels['endstep']}] --> cleanup[{labels['cleanup']}]",
        "  end",
        f"  beginning --> main1[{labels['main1']}] --> combat"
        f" --> main2[{labels['main2']}] --> ending",
        f"  cleanup -->|{labels['repeat']}| cleanup",
        f"  cleanup --> next([{labels['next']}])",
        f"  effect{{{{{labels['effect']}}}}} -.->|{labels['skip']}| cleanup",
    ] + (["  main2 ~~~ effect"] if narrow else []))
