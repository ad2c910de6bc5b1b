"""Small official files and editions for the tests of the whole CR through every edition."""

from __future__ import annotations

from datetime import date

from tolaria.editions.records import EditionRules

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]


def official_text(effective: date, sections: dict[str, str], rules: list[tuple[str, str]]
                  ) -> str:
    """An official CR text file (the shape Wizards prints) of a few sections and rules."""
    when = f"{MONTHS[effective.month - 1]} {effective.day}, {effective.year}"
    lines = ["Magic: The Gathering Comprehensive Rules", "",
             f"These rules are effective as of {when}.", "", "Contents", "",
             "1. Game Concepts"]
    lines += [f"{n}. {t}" for n, t in sections.items()]
    lines += ["Glossary", "", "Credits", "", "1. Game Concepts", ""]
    for number, title in sections.items():
        lines += [f"{number}. {title}", ""]
        lines += [f"{n}{'.' if n[-1].isdigit() else ''} {t}\n"
                  for n, t in rules if n.split(".")[0] == number]
    lines += ["Glossary", "", "Abandon", "To turn a scheme face down.", "", "Credits", ""]
    return "\r\n".join(lines)


def edition(day: int, rules: dict, sections=None) -> EditionRules:
    return EditionRules(date(2024, 1, day), f"rules_202401{day:02d}.txt",
                        sections or {"100": "General", "101": "Golden Rules"},
                        {k: (v, ()) if isinstance(v, str) else v for k, v in rules.items()})
