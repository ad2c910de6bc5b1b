"""Every data file of a rulebook folder checked in one run, as `tolaria validate` reports it.

The rule texts, editions and glossary (the loader), the worked examples, the audit's word
list, card table and waivers, the rule history, the whole CR in English and the search's
word lists (the best bets held to their editorial rules against the bench's queries, the
cards and the examples: search.topic_checks): each is read by its own reader, and
the errors of all of them are reported together, so that `validate` says ok only when
every command will read its files. Across files: the history agrees with the English texts,
editions.yaml and the whole CR (history.agreement), and each translation cites what its
English cites (audit.citations) and is not cut short against it (audit.wholeness).
"""

from __future__ import annotations

import os
from typing import NamedTuple

from ..errors import DataError, DataErrors
from ..model import RuleBook
from ..audit.citations import check_citations
from ..audit.wholeness import check_wholeness
from ..audit.data import check_terms, load_audit_data
from ..cr.store import check_folder as check_whole_cr
from ..editions.archive import check_editions
from ..examples.reader import default_examples_dir, example_files, load_examples
from ..history import load_history
from ..history.agreement import check_history
from ..search.synonyms import check_bridges
from ..search.topics import check_rules as check_topic_rules
from ..search.topic_checks import bench_folder, check_topics
from ..search.wordlists import FILES, read_checked as read_word_lists
from ..files.atomic import recover
from .whole_files import cut_files
from ..rulebook.limits import check_files, check_texts
from ..rulebook.folders import default_rules_dir
from ..today.loader import load_rulebook
from ..rulebook.readings import folder_stamps, joined, reuse, stamps


class Summary(NamedTuple):
    book: RuleBook
    examples: int
    waivers: int
    history_editions: int | None  # None: the folder has no rule history
    whole_cr: object = None  # cr.WholeCR, or None: the folder has no whole CR


def validate_folder(root=None) -> Summary:
    """Check every data file under root (the project's rules/ by default). Raises
    DataErrors with every error found in any of them."""
    root = os.fspath(root) if root is not None else default_rules_dir()
    errors: list[DataError] = []
    recover(root, sweep_temporaries=True)  # what a killed writer left: completed or removed

    def collect(read, *args):
        try:
            return read(*args)
        except DataErrors as exc:
            errors.extend(exc.errors)
            return None

    oversized = check_files(root)  # past the stated limits: not read at all
    if oversized:
        raise DataErrors(oversized)
    cut = cut_files(root)  # a file cut short: nothing read from the others means much
    if cut:
        raise DataErrors(cut)
    book = collect(load_rulebook, root)
    if not os.path.isdir(root):  # the loader has said so; nothing else to read
        raise DataErrors(errors)
    data = collect(load_audit_data, root)
    # rules/search/*.yaml, the search's word lists: read once for the checks below too
    search = os.path.join(root, "search")
    lists, problems = reuse("word lists", stamps(os.path.join(search, name) for name in FILES),
                            lambda: read_word_lists(search))
    errors.extend(problems)
    if book is not None and data is not None:
        collect(check_terms, data, (t.id for t in book.glossary))
    # rules/cr/: the whole CR and the older editions (editions.json); rules/history/
    cr = folder_stamps(os.path.join(root, "cr"))
    past = folder_stamps(os.path.join(root, "history"))
    if book is not None:  # the rules the search's best bets name (the whole CR's, the past's)
        errors.extend(reuse("search checks", joined(cr, past),
                            lambda: _search_checks(book, root, lists), book, lists))
        # the best bets' editorial rules: against the bench's queries, the cards, the examples
        cards = tuple(tuple(c.names.values()) for c in data.cards) if data is not None else ()
        bench = folder_stamps(bench_folder(root))
        errors.extend(reuse("best bets", joined(cr, bench, _example_stamps(book)),
                            lambda: _best_bet_checks(book, root, lists, cards), book, lists,
                            cards))
    examples = None
    if book is not None:
        examples, problems = reuse("examples", _example_stamps(book),
                                   lambda: _caught(load_examples, book), book)
        errors.extend(problems)
    history = collect(load_history, root, True)  # missing_ok: a folder may have no history
    whole, problems = reuse("whole CR", cr, lambda: _whole_cr(root))
    errors.extend(problems)
    errors.extend(check_texts(book, whole) if book is not None else ())
    if book is not None and history is not None:  # the history agrees with the other files
        errors.extend(check_history(book, history, whole, root))
    # each translation against its English: of the history's editions where there is one
    # (not while the history has errors of its own: it alone knows a quoted source's edition)
    english_known = history is not None or not os.path.isdir(os.path.join(root, "history"))
    if book is not None and english_known:
        errors.extend(check_citations(book, history, data.waivers if data is not None else ()))
        errors.extend(reuse("wholeness", past,
                            lambda: check_wholeness(book, history), book))  # none cut short
    if errors:
        raise DataErrors(errors)
    return Summary(book, len(examples or ()), len(data.waivers),
                   len(history.all_editions) if history is not None else None, whole)


def _caught(read, *args):
    """(what read(*args) gives, []), or (None, the errors it raised)."""
    try:
        return read(*args), []
    except DataErrors as exc:
        return None, list(exc.errors)


def _errors_of(check, *args) -> list[DataError]:
    return _caught(check, *args)[1]


def _search_checks(book: RuleBook, root, lists) -> list[DataError]:
    """The best bets name rules that exist; english.yaml leaves covered topics alone."""
    return _errors_of(check_topic_rules, book, root, lists) + \
        _errors_of(check_bridges, book, root, lists)


def _best_bet_checks(book: RuleBook, root, lists, cards) -> list[DataError]:
    """topic_checks' editorial rules, on the topics of a folder whose lists were read."""
    folder = default_examples_dir(book)
    examples = "\n".join(p.read_text(encoding="utf-8", errors="replace")
                         for p in (example_files([folder]) if folder.is_dir() else ()))
    return check_topics(book, root, lists.topics, cards, examples)


def _whole_cr(root):
    """(the whole CR or None, every problem of rules/cr/: en.json, editions.json)."""
    whole, problems = check_whole_cr(root)
    return whole, problems + (check_editions(root) if whole is not None else [])


def _example_stamps(book: RuleBook) -> tuple | None:
    folder = default_examples_dir(book)
    return stamps(example_files([folder]) if folder.is_dir() else ())
