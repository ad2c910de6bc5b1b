"""What `show` prints: a rule with its children, as JSON data or as text for a terminal."""

from __future__ import annotations

from .export import rule_json
from ..i18n import (_, editions_phrase, format_date, language_name, ngettext, source_kind_label,
                    current_language)
from ..model import RuleBook
from ..numbering import RuleNumber


def find_rule(book: RuleBook, lang: str, number: RuleNumber) -> dict | None:
    """The JSON object of number in lang (a section or a rule, with its children)."""
    section = book.section_for(lang, number)
    if section is None:
        return None
    if section.number == number:
        return rule_json(section, None)
    rule = section.rule(number)
    return rule_json(section, rule) if rule else None


def _source_line(data: dict) -> str:
    source = data["source"]
    parts = [source_kind_label(source["kind"]), source["name"]]
    if source.get("claims"):
        parts.append(_("claims the edition of {date}").format(
            date=format_date(source["claims"])))
    return " · ".join(parts)


def render_text(book: RuleBook, data: dict, width: int = 88) -> str:
    """A rule and everything under it, wrapped for a terminal."""
    edition = next((e for day, e in book.editions.items() if day.isoformat() == data["edition"]),
                   None)  # (by its ISO date: the datetime module costs `show` 1.2 ms to import)
    set_name = edition.set_name(_current()) if edition else ""
    lines = [f"{data['number']} · {data['title']} · {language_name(data['lang'])}"]
    if data.get("forerunner"):  # a number of section 500: what a pre-2009 rule became
        lines.append(_("{asked} is what the pre-2009 rule {number} became, in {editions}").format(
            asked=data["asked"], number=data["number"],
            editions=editions_phrase(data["editions"])))
    elif data.get("editions"):  # asked by a number of other editions (see tolaria.history)
        lines.append(_("{asked} is this rule's number in {editions}").format(
            asked=data["asked"], editions=editions_phrase(data["editions"])))
    elif data.get("current") and data["current"] != data["number"]:
        lines.append(_("This rule is {current} in the rulebook").format(current=data["current"]))
    lines.extend(today_lines(data))
    if data.get("english_only"):
        lines.append(_("In English only: this reference translates sections {covered}").format(
            covered=covered_sections(book)))
    lines.extend(also_lines(data))
    _rule_lines(data, lines, width, top=True)
    lines.append("")
    if set_name:
        lines.append(_("Edition: {date} ({set})").format(date=format_date(data["edition"]),
                                                         set=set_name))
    else:
        lines.append(_("Edition: {date}").format(date=format_date(data["edition"])))
    lines.append(_("Source: {source}").format(source=_source_line(data)))
    return "\n".join(lines)


def render_term(data: dict, width: int = 88) -> str:
    """A glossary entry (export.term_json), wrapped for a terminal."""
    lines = [" · ".join((data["term"], _("Glossary"), language_name(data["lang"])))]
    if data.get("english_only"):
        lines.append(_("In English only: this reference's glossary has no translation of "
                       "this term"))
    for paragraph in (data["definition"] or "").split("\n"):
        lines.extend(wrap(paragraph, width))
    others = [f"{language_name(lang)}: {name}" for lang, name in data["names"].items()
              if lang != data["lang"]]
    if others:
        lines.append(_("Also: {names}").format(names=" · ".join(others)))
    if data["rules"]:
        lines.append(_("See rules: {numbers}").format(numbers=", ".join(data["rules"])))
    lines.append("")
    if data["edition"]:
        lines.append(_("Edition: {date}").format(date=format_date(data["edition"])))
    lines.append(_("Source: {source}").format(source=_source_line(data)))
    return "\n".join(lines)


def today_lines(data: dict) -> list[str]:
    """Where a rule stands today: the numbers it had before, no counterpart today, or how
    far a translation's base English lags the current edition (with the word diff)."""
    lines = []
    if data.get("aliases"):  # the four latest, and the number asked if it is older
        aliases = data["aliases"]
        older = next((i for i, a in enumerate(aliases[4:], 4)
                      if a["number"] == data.get("asked")), None)
        shown = aliases[:4] + ([None] if older and older > 4 else []) + \
            ([aliases[older]] if older else [])
        lines.append(_("Numbered before: {numbers}").format(numbers="; ".join(
            _("{number} until {date}").format(number=a["number"], date=format_date(a["last"]))
            if a else "…" for a in shown)))
    if "today" in data and data["today"] is None:
        if data.get("moved_to"):
            lines.append(_("No counterpart in the current edition: its content is in {numbers} "
                           "today").format(numbers=", ".join(data["moved_to"])))
        else:
            lines.append(_("No counterpart in the current edition"))
    lag = data.get("lag")
    if lag and lag["stale"]:
        lines.append(ngettext(
            "Translated from the English of {base}; the English changed since {since} "
            "({count} change):",
            "Translated from the English of {base}; the English changed since {since} "
            "({count} changes):", lag["changes"]).format(
            base=format_date(lag["base"]), since=format_date(lag["since"]),
            count=lag["changes"]))
        lines.append("  " + lag["diff"])
    elif lag:
        lines.append(_("Translated from the English of {base}: up to date with the current "
                       "edition ({current})").format(base=format_date(lag["base"]),
                                                     current=format_date(lag["current"])))
    return lines


def also_lines(data: dict) -> list[str]:
    """A line for each other rule that had the number asked (data["also"], from
    tolaria.history.notes.Other.to_json), and one for the current edition's rule of that
    number when it is another (data["today_rule"])."""
    if not data.get("also") and not data.get("today_rule"):
        return []
    # lazy: saves 9 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from ..history.notes import Other, other_line

    lines = [other_line(Other.from_json(other)) for other in data.get("also", ())]
    today = data.get("today_rule")
    if today:
        lines.append(_("{number} in the current edition: {name} ({command})").format(
            number=today["number"], name=today["name"], command=today["see"]))
    return lines


def _rule_lines(data: dict, lines: list[str], width: int, top: bool = False) -> None:
    indent = "" if top else "  "
    if data["text"] is not None:
        head = "" if top else data["number"] + " "
        for number, paragraph in enumerate(data["text"].split("\n")):
            lines.extend(wrap((head if number == 0 else "") + paragraph, width, indent))
        for example in data["examples"]:
            lines.extend(wrap(example, width, indent + "  │ "))
        for wording in data.get("earlier", []):
            lines.append(indent + _("Earlier wording (since {date}):").format(
                date=format_date(wording["since"])))
            lines.extend(wrap(wording["text"], width, indent + "  "))
    for child in data["children"]:
        _rule_lines(child, lines, width)


def _current() -> str:
    return current_language()


def with_notes(block: str, notes: list[str]) -> str:
    """A rendered rule with notes under its first line."""
    if not notes:
        return block
    head, _newline, rest = block.partition("\n")
    return "\n".join((head, *notes, rest))


def covered_sections(book: RuleBook) -> str:
    """The translated sections, each with its number today where it moved: '104, 300, 512,
    513, 514, 702.25 (702.26 today), 717 (724 today)'."""
    out = []
    for number in book.section_numbers():
        today = book.today_of(str(number))
        moved = today is not None and today.number and today.number != str(number)
        out.append(_("{number} ({today} today)").format(number=number, today=today.number)
                   if moved else str(number))
    return ", ".join(out)


def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """text filled into lines of at most width characters, each starting with indent,
    broken at blanks only (never inside a word, so "phased-out" and 104.3b stay whole; a
    word longer than a line gets one of its own). Not textwrap: compiling its patterns at
    import costs `show` about 1 ms of its start-up."""
    lines: list[str] = []
    words: list[str] = []
    size = len(indent)
    for word in text.split():
        if words and size + 1 + len(word) > width:
            lines.append(indent + " ".join(words))
            words, size = [], len(indent)
        size += len(word) + (1 if words else 0)
        words.append(word)
    if words:
        lines.append(indent + " ".join(words))
    return lines
