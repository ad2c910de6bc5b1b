"""JSON shapes of the model, shared by `show --json`, `export` and `import --json`."""

from __future__ import annotations

from ..errors import UserError
from ..model import Rule, RuleBook, Section
from ..numbering import RuleNumber, find_references
from ..lookup import (RULEBOOK, TODAY, Found, FORERUNNER, HISTORY, WHOLE, rule_in, whole_cr,
                      target, history_of, resolve, glossary_entry, glossary_not_found,
                      todays_other)


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
    if rule is not None and rule.base:
        out["base"] = rule.base.isoformat()
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


def export_json(book: RuleBook) -> dict:
    """The whole rulebook as `export` prints it: every covered rule in every language as
    `show --json` gives it (found_json: today's number and the current edition's English,
    the numbers it had, each translation with its base English), keyed by today's number
    (the rulebook's own for a rule the current edition no longer has), then by language;
    the editions and the glossary as rulebook_json gives them."""
    keys = dict.fromkeys(str(n) for section in book.sections.values()
                         for n in (section.number, *(r.number for r in section.rules)))
    keys.update(dict.fromkeys(book.today or {}))
    rules: dict[str, dict[str, dict]] = {}
    for key in keys:
        today = book.today_of(key)
        found = Found(key, today.number if today and today.number else key,
                      TODAY if today is not None else RULEBOOK)
        for lang in book.languages:
            data = found_json(book, found, lang, children=False)
            if data is not None:
                rules.setdefault(data["number"], {})[lang] = data
    rest = rulebook_json(book._replace(sections={}))
    return {"editions": rest["editions"],
            "rules": dict(sorted(rules.items(), key=lambda kv: RuleNumber.parse(kv[0]))),
            "glossary": rest["glossary"]}


def found_json(book: RuleBook, found, lang: str, links: bool = True,
               children: bool = True) -> dict | None:
    """A rule a typed number names (lookup.Found) in lang, as it stands today: for English
    the current edition's number, text and subrules; for a translation its text, today's
    number, its base edition and how far the English moved since (lag). None when lang has
    no text of it. links=False leaves out what only JSON prints (the cited numbers and
    their targets), which spares a fresh `show` compiling the reference pattern.
    children=False lists the subrules by today's number instead of in full."""
    if found.via == WHOLE:
        whole = whole_cr(book)
        return (_linked(book, whole_json(whole, found.key, lang, children), links) if whole
                else None)
    section, rule = rule_in(book, found, lang)
    today = book.today_of(found.key)
    if lang == "en" and today is not None and today.number is not None:
        data = _linked(book, _today_json(book, today, children, links), links)
    elif section is not None:
        data = _linked(book, rule_json(section, rule, children), links, rulebook_numbers=True)
        if today is not None and today.number is not None:
            data["number"] = today.number
        if not children:
            data["children"] = [_number_today(book, kid) for kid in data["children"]]
    else:
        return None
    if data["number"] != found.key:
        data["rulebook_number"] = found.key
    if today is not None:
        data["aliases"] = [a.to_json() for a in today.aliases if a.number != data["number"]]
        if today.number is None:
            data["today"] = None
            data["moved_to"] = list(today.moved_to)
    lag = book.lag_of(lang, found.key) if lang != "en" else None
    if lag is not None:
        data["lag"] = lag_json(lag)
    if found.asked != data["number"]:
        data["asked"] = found.asked
    if found.via in (HISTORY, FORERUNNER):
        data["editions"] = [d.isoformat() for d in found.editions]
        data["forerunner"] = found.via == FORERUNNER
    return data


def _linked(book: RuleBook, data: dict, links: bool, rulebook_numbers: bool = False) -> dict:
    return with_targets(book, data, rulebook_numbers) if links else data


def with_targets(book: RuleBook, data: dict, rulebook_numbers: bool = False) -> dict:
    """data and its children with "targets": where each number their text and examples cite
    leads (lookup.Target as JSON), for links. rulebook_numbers: the text numbers rules as
    the rulebook does (a translation), not as the current edition does."""
    # the text's numbers as the model found them (no pattern to compile at start-up)
    cited = [RuleNumber.parse(n) for n in data["cites"]]
    cited += find_references("\n".join(data["examples"])) if data["examples"] else []
    data["targets"] = [target(book, n, rulebook_numbers)._asdict()
                       for n in dict.fromkeys(cited)]
    for child in data["children"]:
        if isinstance(child, dict):
            with_targets(book, child, rulebook_numbers)
    return data


def term_json(book: RuleBook, entry, lang: str) -> dict:
    """A glossary entry (lookup.Entry) in lang: the current edition's official English, or
    the project's Spanish or Italian where its glossary has them (english_only otherwise)."""
    whole = whole_cr(book)
    names = entry.term.names if entry.term is not None else {}
    own = names.get(lang) if lang != "en" else None
    if own is not None and own.definition:
        data = {"term": own.name, "lang": lang, "definition": own.definition,
                "edition": None, "source": _term_source(own.source)}
    elif entry.official is not None:
        edition = whole.edition.isoformat()
        data = {"term": entry.official.term, "lang": "en",
                "definition": entry.official.definition, "edition": edition,
                "source": {"kind": "official", "name": "Magic: The Gathering Comprehensive "
                           f"Rules, effective {edition}, glossary",
                           "file": f"reference/cr-en/{whole.source}"}}
    else:
        own = names["en"]
        data = {"term": own.name, "lang": "en", "definition": own.definition, "edition": None,
                "source": _term_source(own.source)}
    data["names"] = {code: name.name for code, name in names.items()}
    data["rules"] = list(dict.fromkeys(  # the defining rules, numbered as today
        target(book, n, True).rule or str(n) for n in (entry.term.rules if entry.term else ())))
    if data["lang"] != lang:
        data["english_only"] = True
    cites = [str(n) for n in find_references(data["definition"] or "")]
    data["targets"] = with_targets(book, {"text": data["definition"], "cites": cites,
                                          "examples": [], "children": []},
                                   data["edition"] is None)["targets"]
    return data


def _term_source(source: str | None) -> dict:
    """The source of a definition of the project's glossary ("official glossary, 2023-04-14",
    "quoted: seeds/…", "project translation") in the shape of a rule's source."""
    text = source or ""
    kind = next((k for k in ("official", "quoted") if text.startswith(k)), "project")
    return {"kind": kind, "name": text.removeprefix("quoted:").strip() if kind != "project"
            else "rules/glossary.yaml"}


def lag_json(lag) -> dict:
    """model.Lag as JSON, with the word diff from the base English to the current."""
    out = {"base": lag.base.isoformat(), "current": lag.current.isoformat(),
           "base_number": lag.base_number, "changes": lag.changes, "stale": lag.stale,
           "since": lag.since.isoformat() if lag.since else None}
    if lag.stale:
        # lazy: saves 7 ms of `show`'s cold start (import CPU time, min of 5 runs)
        from ..history.changes import render_diff, word_diff  # difflib: only for a stale text

        out["base_english"], out["current_english"] = lag.base_text, lag.current_text
        out["diff"] = render_diff(word_diff(lag.base_text or "", lag.current_text or ""))
    return out


def _today_json(book: RuleBook, today, children: bool = True, links: bool = True) -> dict:
    """A covered rule in English as the current edition prints it, with its subrules."""
    number = RuleNumber.parse(today.number)
    unit = _unit_of(book, today.key)
    head = book.today_of(unit) if unit else None
    is_head = today.key == unit
    edition = today.edition.isoformat()
    kids = sorted((t for t in (book.today or {}).values()
                   if t.number and RuleNumber.parse(t.number).parent == number),
                  key=lambda t: RuleNumber.parse(t.number))
    return {
        "number": today.number, "lang": "en", "title": head.text if head else "",
        "text": None if is_head else today.text,
        "examples": list(today.examples), "edition": edition,
        "source": {"kind": "official",
                   "name": f"Magic: The Gathering Comprehensive Rules, effective {edition}"},
        "cites": [] if is_head or not links else [str(n) for n in today.cites],
        "children": [_today_json(book, k, links=links) for k in kids] if children
        else [k.number for k in kids],
    }


def _number_today(book: RuleBook, key: str) -> str:
    """A covered rule's number today; the rulebook's own when the current edition has none."""
    today = book.today_of(key)
    return today.number if today is not None and today.number is not None else key


def _unit_of(book: RuleBook, key: str) -> str | None:
    """The covered unit (section or keyword rule, e.g. 702.25) a rule key belongs to."""
    home = book.home_of("en", RuleNumber.parse(key.partition("@")[0]))
    return str(home) if home is not None else None


def shown(book: RuleBook, numbers: list[RuleNumber], langs: list[str],
          links: bool = True) -> list[dict]:
    """What `show` prints for typed numbers, in each language: every rule found as it stands
    today (found_json), with a word on the other rules that had the same number in other
    editions (702.25k, 513.2; 723.1, a rule of the whole CR today, was 724.1's) and on the
    current edition's rule of that number when it is another (_todays_rule)."""
    out, seen = [], set()
    for number in numbers:
        found = resolve(book, number)
        if found is None or (found.key, found.via == WHOLE) in seen:  # each rule once
            continue
        seen.add((found.key, found.via == WHOLE))
        datas = once_in_english([d for d in (found_json(book, found, lang, links) for lang in langs)
                                 if d])
        asked = str(number)
        # the other covered rules that had the number; for a rule of the whole CR, any
        history = history_of(book.root) if asked in book.reused or found.via == WHOLE \
            else None
        if history is not None:
            # lazy: saves 9 ms of `show`'s cold start (import CPU time, min of 5 runs)
            from ..history.notes import others

            also = [other.to_json() for other in others(history, asked, found.key)]
            for data in datas:
                if also:
                    data["also"] = also
        todays = _todays_rule(book, found)
        for data in datas:
            if todays is not None:
                data["today_rule"] = todays
        out.extend(datas)
    return out


def _todays_rule(book: RuleBook, found: Found) -> dict | None:
    """The current edition's own rule of the number asked, when it is another rule than the
    one found (lookup.todays_other: 717.1, 702.25, 300.1, 500.7): its number, its name (a
    section's title; a titled rule's title; else its section's number and title), the
    edition and the command that shows it; else None."""
    asked = todays_other(book, found)
    if asked is None:
        return None
    # lazy: saves 9 ms of `show`'s cold start (the module of `others` above), for a number
    # the current edition gives another rule
    from ..history.notes import command

    whole = whole_cr(book)
    section = whole.section(asked.split(".", 1)[0])
    name = _whole_title(whole, asked, section)
    if name == section.title and asked != section.number:
        name = f"{section.number} {section.title}"
    return {"number": asked, "name": name, "edition": whole.edition.isoformat(),
            "see": command("show", asked, whole.edition)}


def once_in_english(datas: list[dict]) -> list[dict]:
    """Texts in several languages with the English-only copies (no translation) left out:
    the English text says it is English only instead, once."""
    own = [d for d in datas if not d.get("english_only")]
    if len(own) == len(datas) or len(datas) == 1:
        return datas
    english = [d for d in own if d["lang"] == "en"]
    for data in english:
        data["english_only"] = True
    return own if english else datas[:1]


def glossary_shown(book: RuleBook, text: str, langs: list[str]) -> list[dict]:
    """What `show --glossary` prints for a typed term in each language (term_json); a
    UserError (status 1) naming close terms when no glossary has it."""
    entry = glossary_entry(book, text)
    if entry is None:
        raise UserError(glossary_not_found(book, text), status=1)
    return once_in_english([term_json(book, entry, lang) for lang in langs])


def whole_json(whole, number: str, lang: str, children: bool = True) -> dict:
    """A rule or section of the whole current CR in English (cr.WholeCR), in the shape of
    rule_json; english_only when asked in another language, which has no text of it."""
    rule = whole.rule(number)
    section = whole.section(number.split(".", 1)[0])
    edition = whole.edition.isoformat()
    kids = whole.children(number)
    out = {
        "number": number, "lang": "en", "title": _whole_title(whole, number, section),
        "text": rule.text if rule else None,
        "examples": list(rule.examples) if rule else [],
        "edition": edition,
        "source": {"kind": "official",
                   "name": f"Magic: The Gathering Comprehensive Rules, effective {edition}",
                   "file": f"reference/cr-en/{whole.source}"},
        "cites": [str(n) for n in find_references(rule.text)] if rule else [],
        "children": [whole_json(whole, k.number, lang) for k in kids] if children
        else [k.number for k in kids],
    }
    if lang != "en":
        out["english_only"] = True
    return out


def _whole_title(whole, number: str, section) -> str:
    """The title of the titled rule a number is under (702.19b: 'Trample'), else of its
    section ('State-Based Actions')."""
    head = whole.rule(number.rstrip("abcdefghijkmnpqrstuvwxyz")) if "." in number else None
    if head is not None and len(head.text) < 60 and not head.text.endswith((".", ":")):
        return head.text
    return section.title if section else ""
