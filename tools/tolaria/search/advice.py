"""What to try instead when no rule holds the words of a query: the sections this
reference covers, a rule number of them, and glossary terms close to what was typed."""

from __future__ import annotations

from ..i18n import _, current_language
from ..lookup import whole_cr
from ..model import RuleBook
from .parsing import echo


def _today(book: RuleBook, number: str) -> str:
    """A covered rule's number today (702.26 for 702.25), or number as it is."""
    found = book.today_of(number)
    return found.number if found is not None and found.number else number


def covered_sections(book: RuleBook) -> str:
    """The sections covered by their numbers today, runs of consecutive sections as ranges:
    '104, 300, 512–514, 702.26, 724'."""
    numbers = sorted({_today(book, str(n)) for n in book.section_numbers()},
                     key=lambda text: [int(part) for part in text.split(".")])
    out: list[list[str]] = []
    for text in numbers:
        if out and text.isdigit() and out[-1][-1].isdigit() \
                and int(out[-1][-1]) + 1 == int(text):
            out[-1].append(text)
        else:
            out.append([text])
    return ", ".join(run[0] if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in out)


def example_number(book: RuleBook, lang: str) -> str:
    """A rule number of the covered sections to suggest, by its number today: the first
    subrule of the last section (724.1a), else its first rule, else the section."""
    sections = book.section_numbers(lang) or book.section_numbers()
    last = sections[-1]
    numbers = [n for n in book.all_numbers(lang) if n.is_within(last) and n != last]
    deepest = [n for n in numbers if n.depth == max(x.depth for x in numbers)] if numbers else []
    return _today(book, str(deepest[0] if deepest else last))


def glossary_terms(book: RuleBook, lang: str, words: list[str], most: int = 3) -> list[str]:
    """Up to most glossary names of lang, the closest to the words typed first (in English,
    the official glossary's too when the whole CR is there)."""
    names = sorted({t.names[lang].name for t in book.glossary if lang in t.names})
    whole = whole_cr(book) if lang == "en" else None
    if whole is not None:
        names = sorted(set(names) | {t.term.split(" (")[0] for t in whole.glossary})
    typed = " ".join(words).lower()
    by_lower = {n.lower(): n for n in names}
    # lazy: saves 2 ms of `search`'s cold start (import CPU time, min of 5 runs)
    import difflib  # only for words no rule holds: not on a fresh search's path
    close = difflib.get_close_matches(typed, list(by_lower), n=most, cutoff=0.0)
    return [by_lower[c] for c in close]


def unknown_words(book, hits, lang: str) -> str:
    """One line for a query whose words no rule holds: what the reference covers, a rule
    number to try and the glossary terms nearest to the words."""
    shown = lang if lang != "all" else current_language()
    if whole_cr(book) is not None:
        message = _("tolaria: no rule has '{words}', neither in the whole CR in English nor "
                    "in the covered sections ({sections}); try a rule number such as "
                    "{number}, or a glossary term: {terms}")
    else:
        message = _("tolaria: no rule has '{words}' in the covered sections ({sections}); "
                    "try a rule number such as {number}, or a glossary term: {terms}")
    return message.format(
        words=echo(" ".join(hits.unknown)), sections=covered_sections(book),
        number=example_number(book, shown),
        terms=", ".join(glossary_terms(book, shown, list(hits.unknown))))

