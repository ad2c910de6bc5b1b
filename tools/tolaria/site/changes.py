"""The site's "What changed" pages: an index of the official editions of the whole CR, newest
first, each with its counts (/LANG/changes/), and a page per edition (/LANG/changes/2026-04-17/)
listing section by section what it changed since the edition before, as `tolaria changes`
says it (editions.changes' data): the rules added, removed, moved (old → new number) and
reworded (a word diff, <del>/<ins>), the changes of cross-reference numbers, typography or
examples only marked as such, the rules renumbered by insertions above them counted, and the
Spanish and Italian texts each change makes stale.

The rule texts are English, as the editions print them; the labels are the site's language.
Every rule an edition names links to its place in the whole current CR under today's number
(/LANG/cr/704/#704.5a); a rule the current edition no longer has is plain text.
"""

from __future__ import annotations

from html import escape

from ..editions.render import counts_line
from ..history.changes import EXAMPLES, RENUMBERED, REWORDED, TYPOGRAPHY
from ..i18n import _, format_date, format_number, language_name, ngettext
from ..numbering import BadNumber, RuleNumber
from .editions import Editions
from .pages import Page, root_of
from .render import Renderer, attr

FOLDER = "changes"
_DIFF = {"equal": "{}", "delete": "<del>{}</del>", "insert": "<ins>{}</ins>"}


def index_path() -> str:
    return f"{FOLDER}/index.md"


def edition_path(effective: str) -> str:
    return f"{FOLDER}/{effective}.md"


def diff_html(diff: list[dict]) -> str:
    """A word diff (editions.changes' "diff") as HTML: deleted words in <del>, inserted ones
    in <ins>, every text escaped."""
    return " ".join(_DIFF[piece["op"]].format(escape(piece["text"])) for piece in diff)


class ChangesPages:
    """The "What changed" pages of one language's site."""

    def __init__(self, editions: Editions, renderer: Renderer):
        """renderer: the site language's (links to the whole CR and to the translations)."""
        self.editions, self.renderer = editions, renderer
        self.archive = editions.archive

    def pages(self) -> list[Page]:
        return [self.index_page()] + [self.edition_page(i)
                                      for i in range(1, len(self.archive.editions))]

    # --- links -----------------------------------------------------------------------------
    def rule_link(self, number: str, index: int, root: str) -> str:
        """A number as edition `index` printed it, linked to that rule under today's number
        in the whole CR; plain when the current edition no longer has the rule."""
        today = self.editions.today[index].get(number)
        href = None
        if today is not None:
            try:
                href = self.renderer.cr_href(RuleNumber.parse(today.partition("#")[0]), root)
            except BadNumber:
                href = None
        if href is None:
            return f'<span class="t-num">{escape(number)}</span>'
        today_is = _("today: {number}").format(number=today)
        title = "" if today == number else f' title="{attr(today_is)}"'
        return f'<a class="t-num" href="{attr(href)}"{title}>{escape(number)}</a>'

    def stale(self, item: dict, root: str, tag: str = "p") -> str:
        """The Spanish and Italian texts a change makes stale, linked to them; tag: the
        element that says it (a span within a line)."""
        if not item.get("stale"):
            return ""
        texts = []
        for found in item["stale"]:
            label = escape(f"{language_name(found['lang'])} {found['rule']}")
            try:
                href = self.renderer.href(RuleNumber.parse(found["rule"]), root,
                                          lang=found["lang"])
            except BadNumber:
                href = None
            texts.append(f'<a href="{attr(href)}" hreflang="{attr(found["lang"])}">{label}</a>'
                         if href else label)
        said = _("makes stale: {texts}").format(texts="{texts}")
        before, _sep, after = escape(said).partition("{texts}")
        return f'<{tag} class="t-stale">{before}{", ".join(texts)}{after}</{tag}>'

    # --- pages -----------------------------------------------------------------------------
    def index_page(self) -> Page:
        path = index_path()
        title = _("What changed")
        intro = _("What each official edition of the Comprehensive Rules changed since the "
                  "edition before it, newest first: the rules added, removed, moved and "
                  "reworded. The rules are quoted in English, as the editions print them.")
        items = []
        for index in range(len(self.archive.editions) - 1, -1, -1):
            edition = self.archive.editions[index]
            when = escape(format_date(edition.effective))
            source = f' <span class="t-source">{escape(edition.source)}</span>'
            data = self.editions.changes[index]
            if data is None:
                oldest = _("the oldest stored edition")
                items.append(f"<li>{when}{source} · {escape(oldest)}</li>")
                continue
            href = f"{edition.effective.isoformat()}/"
            items.append(f'<li><a href="{attr(href)}">{when}</a>{source} · '
                         f'{escape(counts_line(data["counts"]))}</li>')
        body = (f"<h1>{escape(title)}</h1><p>{escape(intro)}</p>"
                f'<ul class="t-editions">{"".join(items)}</ul>')
        return Page(path, title, body + "\n", [], ("toc",))

    def edition_page(self, index: int) -> Page:
        data = self.editions.changes[index]
        path = edition_path(data["edition"])
        root = root_of(path)
        when = format_date(data["edition"])
        title = _("What changed on {date}").format(date=when)
        heading = _("What the edition of {date} changed").format(date=when)
        since = _("Since the edition of {date}").format(date=format_date(data["since"]))
        source = _("Source:")
        parts = [f'<h1 id="top">{escape(heading)}</h1>',
                 f'<div class="t-meta"><span class="t-edition">{escape(since)}</span>'
                 f'<span class="t-source">{escape(source)} {escape(data["source"])}</span></div>',
                 f'<p class="t-counts">{escape(counts_line(data["counts"]))}</p>',
                 self.steps(index)]
        for part in data["sections"]:
            parts.append(self.section(part, index, root))
        if not data["sections"]:
            nothing = _("no change")
            parts.append(f"<p>{escape(nothing)}</p>")
        return Page(path, title, "\n".join(parts) + "\n", [], ())

    def steps(self, index: int) -> str:
        """Links to the index and to the editions before and after this one."""
        every = _("Every edition")
        links = [f'<a href="../">{escape(every)}</a>']
        if index > 1:
            older = self.archive.editions[index - 1].effective
            label = _("Earlier: {date}").format(date=format_date(older))
            links.append(f'<a href="../{older.isoformat()}/" rel="prev">{escape(label)}</a>')
        if index + 1 < len(self.archive.editions):
            newer = self.archive.editions[index + 1].effective
            label = _("Later: {date}").format(date=format_date(newer))
            links.append(f'<a href="../{newer.isoformat()}/" rel="next">{escape(label)}</a>')
        return f'<p class="t-steps">{" · ".join(links)}</p>'

    def section(self, part: dict, index: int, root: str) -> str:
        """One section's changes."""
        old = index - 1
        out = [f'<h2 id="{attr(part["section"])}" lang="en">{escape(part["section"])}. '
               f'{escape(part["title"])}</h2>']
        labels = {"added": _("Added"), "removed": _("Removed"), "moved": _("Moved")}
        for kind, at in (("added", index), ("removed", old)):
            for item in part[kind]:
                number = (self.rule_link(item["number"], at, root) if kind == "added"
                          else f'<span class="t-num">{escape(item["number"])}</span>')
                text = "".join(f"<p>{escape(p)}</p>" for p in item["text"].split("\n")
                               if p.strip())
                out.append(f'<div class="t-change t-{kind}"><p class="t-change-head">'
                           f'<span class="t-badge">{escape(labels[kind])}</span> {number}</p>'
                           f'<div lang="en">{text}</div>{self.stale(item, root)}</div>')
        if part["moved"]:
            moved = "".join(f'<li><span class="t-num">{escape(m["before"])}</span> → '
                            f'{self.rule_link(m["after"], index, root)}</li>' for m in part["moved"])
            out.append(f'<div class="t-change t-moved"><p class="t-change-head">'
                       f'<span class="t-badge">{escape(labels["moved"])}</span></p>'
                       f"<ul>{moved}</ul></div>")
        out.extend(self.reworded(part["reworded"], index, root))
        if part["shifted"]:
            count = len(part["shifted"])
            said = ngettext("{n} rule renumbered by rules inserted or removed above it",
                            "{n} rules renumbered by rules inserted or removed above them",
                            count).format(n=format_number(count))
            out.append(f'<p class="t-shifted">{escape(said)}</p>')
        return "\n".join(out)

    def reworded(self, items: list[dict], index: int, root: str) -> list[str]:
        """The rules whose text changed: a word diff each; those that changed only in
        typography or only in their examples, in one line per kind."""
        labels = {REWORDED: _("Reworded"), RENUMBERED: _("Cross-reference numbers only"),
                  TYPOGRAPHY: _("Typography only"), EXAMPLES: _("Examples only")}
        out, brief = [], {TYPOGRAPHY: [], EXAMPLES: []}
        for item in items:
            number = self.rule_link(item["after"], index, root)
            if item["before"] != item["after"]:
                number = f'<span class="t-num">{escape(item["before"])}</span> → {number}'
            if item["change"] in brief:
                brief[item["change"]].append(number + self.stale(item, root, "span"))
                continue
            out.append(f'<div class="t-change t-{attr(item["change"])}"><p class="t-change-head">'
                       f'<span class="t-badge">{escape(labels[item["change"]])}</span> '
                       f'{number}</p><p class="t-diff" lang="en">{diff_html(item["diff"])}</p>'
                       f"{self.stale(item, root)}</div>")
        for kind, numbers in brief.items():
            if numbers:
                out.append(f'<div class="t-change t-{kind}"><p class="t-change-head">'
                           f'<span class="t-badge">{escape(labels[kind])}</span> '
                           f'{", ".join(numbers)}</p></div>')
        return out

    # --- navigation ------------------------------------------------------------------------
    def nav(self, markup) -> dict:
        """The navigation's entry: every edition, newest first, after the index (the theme
        draws only the open part of the navigation on a page). markup: text -> its HTML."""
        editions = [{markup(format_date(e.effective)): edition_path(e.effective.isoformat())}
                    for e in reversed(self.archive.editions[1:])]
        return {markup(_("What changed")): [{markup(_("Every edition")): index_path()},
                                            *editions]}
