"""JSON shapes of the model, shared by `show --json`, `export` and `import --json`."""

from __future__ import annotations

from ..model import Rule, RuleBook, Section
from ..numbering import RuleNumber


def rule_json(section: Section, rule: Rule | None, children: bool = True) -> dict:
    """One rule (or the section itself when rule is None) in one language."""
    number = section.number if rule is None else rule.number
    out = {
        "number": str(number),
        "lang": section.lang,
        "title": section.title,
        "text": None if rule is None else rule.text,
        "examples": [] if rule is None else [e.text for e in rule.examples],
        "edition": section.edition.effective.isoformat(),
        "source": section.source.to_json(),
        "cites": [] if rule is None else [str(n) for n in rule.cites],
    }
    if rule is not None and rule.since:
        out["since"] = rule.since.isoformat()
    if rule is not None and rule.earlier:
        out["earlier"] = [{"since": w.since.isoformat(), "text": w.text} for w in rule.earlier]
    kids = section.children(number)
    out["children"] = ([rule_json(section, k) for k in kids] if children
                       else [str(k.number) for k in kids])
    return out


def rulebook_json(book: RuleBook) -> dict:
    """The whole rulebook: every number, every language, editions and glossary."""
    rules: dict[str, dict[str, dict]] = {}
    keys = sorted(book.sections, key=lambda k: (RuleNumber.parse(k[1]), k[0]))
    for lang, number in keys:
        section = book.sections[(lang, number)]
        rules.setdefault(str(section.number), {})[lang] = rule_json(section, None, False)
        for rule in section.rules:
            rules.setdefault(str(rule.number), {})[lang] = rule_json(section, rule, False)
    ordered = dict(sorted(rules.items(), key=lambda kv: RuleNumber.parse(kv[0])))
    return {
        "editions": [{"effective": e.effective.isoformat(), "set": e.set_names,
                      **({"file": e.file} if e.file else {})}
                     for e in sorted(book.editions.values(), key=lambda e: e.effective)],
        "rules": ordered,
        "glossary": [{"id": t.id, "rules": [str(n) for n in t.rules], "obsolete": t.obsolete,
                      "note": t.note,
                      "names": {lang: {"name": n.name, "definition": n.definition,
                                       "variants": list(n.variants),
                                       "obsolete_names": list(n.obsolete_names),
                                       "source": n.source}
                                for lang, n in t.names.items()}}
                     for t in book.glossary],
    }
