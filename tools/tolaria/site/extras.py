"""What other parts of Tolaria add to the pages: worked examples, audit findings, history.

Each is imported only here and only if present: a build without one shows nothing for it
(and says so where a page would have shown it). Errors inside a present module propagate,
so that a bad corpus fails the build.
"""

from __future__ import annotations

from html import escape

from ..i18n import _, format_date, current_language
from ..model import RuleBook
from ..numbering import RuleNumber
from ..history import load_history


def worked_examples(book: RuleBook) -> dict[str, list[dict]] | None:
    """Section number -> the checker's results of the examples citing it; None if absent."""
    try:
        from ..examples.checker import run_examples
    except ImportError:
        return None
    report = run_examples(book)
    items = report.get("examples", []) if isinstance(report, dict) else \
        getattr(report, "examples", report)
    by_section: dict[str, list[dict]] = {number: [] for number in
                                         map(str, book.section_numbers())}
    for item in items:
        data = item if isinstance(item, dict) else item._asdict()
        titles = data.get("titles") or {}
        data = dict(data, title=titles.get(_lang()) or titles.get("en") or data.get("id"),
                    rules=[str(r) for r in data.get("rules", ())])
        for number in by_section:
            if any(RuleNumber.parse(r).is_within(RuleNumber.parse(number))
                   for r in data["rules"]):
                by_section[number].append(data)
    return by_section


def history_of(book: RuleBook):
    """The rule history of the rulebook's folder, or None when it has none (a broken one
    raises: the build fails rather than publish without it)."""
    return load_history(book.root, missing_ok=True)


def audit_report(book: RuleBook, history=None):
    """The translation audit's report (its findings, and per section how it paired the
    rules by content), or None if the audit is absent."""
    try:
        from ..audit.runner import run_audit
    except ImportError:
        return None
    return run_audit(book, history=history if history is not None else False)


def rule_history(history):
    """A function rule -> HTML of its numbers and English wordings over the editions, or None
    without a history."""
    if history is None:
        return None

    def span(first, last) -> str:
        return _("{first} to {last}").format(first=format_date(first), last=format_date(last))

    def render(rule) -> str:
        record = history.rule(str(rule.number))
        if record is None or (len(record.numbers) < 2 and len(record.wordings) < 2):
            return ""
        items = []
        if len(record.numbers) > 1:
            numbers = "; ".join(f"<strong>{escape(n)}</strong> ({escape(span(a, b))})"
                                for n, a, b in record.numbers)
            numbers_label = _("Numbers:")
            items.append(f"<li>{escape(numbers_label)} {numbers}</li>")
        if len(record.wordings) > 1:
            for text, first, last in record.wordings:
                items.append(f'<li><span class="t-when">{escape(span(first, last))}</span>: '
                             f"{escape(text)}</li>")
        label = _("History (official English editions)")
        return (f'<details class="t-history"><summary>{escape(label)}</summary>'
                f'<ul>{"".join(items)}</ul></details>')

    return render


def _lang() -> str:
    return current_language()
