"""The search data (export.search_data) as each language's site stores it: what a search in
that language reads (for_language), compacted (compact), as JSON (dumps).

A language's site holds its own postings and documents; of the other languages only which
words their index holds (a typo correction never touches a word any language knows); and,
for Spanish and Italian, the English postings and documents that the `english` word list
can reach (a query bridged to the whole CR in English), so that no search loads another
language's data.
"""

from __future__ import annotations

import json

from . import query
from .analysis import PAIR_KINDS, fold, keys
from .export import FORMAT, POSITIONS


def for_language(data: dict, lang: str) -> dict:
    """What a search in lang reads of data: lang's postings and documents; of the other
    languages only which words their index holds (the CLI's typo correction never corrects
    a word any language knows) and their glossary names; lang's numbers; for Spanish and
    Italian, the English that the `english` word list can reach (_reach)."""
    docs = {i for i, d in enumerate(data["documents"]) if d[1] == lang}
    reach, official = _reach(data, lang)
    stems = reach.pop("keys", set())  # what the English rules' coverage can count
    english = {i for field, terms in reach.items() for t in terms
               for i in _documents_of(data["fields"][field], t)}
    english |= {i for i, d in enumerate(data["documents"]) if d[1] == "en" and d[5]
                and d[0] in {n for rules in official.values() for n in rules}}
    fields = {}
    for field, entry in data["fields"].items():
        kind, _, of = field.rpartition("_")
        if not kind:  # "lang", "number", "origin": lang's documents (and reached) only
            terms = {t: _only(p, docs | english, entry["positions"])
                     for t, p in entry["terms"].items() if field != "lang" or t == lang}
            fields[field] = {**entry, "terms": {t: p for t, p in terms.items() if p}}
        elif of == lang:
            fields[field] = entry
        elif field in reach:  # English a Spanish or Italian query reaches: its postings
            terms = {t: (p if t in reach[field] else [])
                     for t, p in entry["terms"].items()
                     if t in reach[field] or kind in POSITIONS}
            lengths = [n if i in english else 0 for i, n in enumerate(entry.get("lengths", []))]
            fields[field] = {**entry, "terms": terms, "lengths": lengths}
        elif kind in POSITIONS:
            fields[field] = {"scorable": entry["scorable"], "positions": False,
                             "terms": {t: [] for t in entry["terms"]}}
    return {**data, "fields": fields, "official": official,
            "documents": [d if i in docs else _reached(d, stems) if i in english else None
                          for i, d in enumerate(data["documents"])],
            "numbers": {k: v for k, v in data["numbers"].items() if k in ("titles", "all", lang)}}


def _reach(data: dict, lang: str) -> tuple[dict[str, set[str]], dict]:
    """The English terms (field -> terms) a query in lang can reach through its `english`
    entries (their words' keys, alone or in pairs), and the official glossary's names
    made of those words (all of them for English, which reaches nothing: it is searched)."""
    if lang == "en":
        return {}, data["official"]
    words = set(data["bridge"].get(lang, []))
    # the English query of those words also takes English synonyms' wordings (query.build)
    for pattern, alternatives in data["synonyms"]["en"]:
        if all(fold(item) in words if isinstance(item, str) else
               any(set(item) & set(keys("en", w) or ()) for w in words) for item in pattern):
            words.update(w for form in alternatives for w in form)
    exact = {fold(w.lower()) for w in words}
    found = {k for w in words for k in keys("en", w) or ()}
    stems = {k for k in found if not k.startswith("=")}
    reach = {"exact_en": exact, **{f"{kind}_en": stems for kind in query.BOOSTS}}
    prefixes = set(PAIR_KINDS.values())
    reach["pairs_en"] = {t for t in data["fields"].get("pairs_en", {}).get("terms", {})
                         if t[:1] in prefixes
                         and all(part in found for part in t[1:].split("~"))}
    reach = {field: terms & set(data["fields"][field]["terms"])
             for field, terms in reach.items() if field in data["fields"]}
    official = {name: rules for name, rules in data["official"].items()
                if all(part in exact for part in name.split())}
    return {**reach, "keys": stems}, official


def _reached(doc: list, stems: set[str]) -> list:
    """An English document a Spanish or Italian query reaches, with only the stem keys its
    English words can have (the re-ranking asks for no other)."""
    return [*doc[:3], " ".join(k for k in doc[3].split() if k in stems), *doc[4:]]


def _documents_of(entry: dict, text: str) -> list[int]:
    postings, out, i = entry["terms"][text], [], 0
    while i < len(postings):
        out.append(postings[i])
        i += 2 + (postings[i + 1] if entry["positions"] else 0)
    return out


def _only(postings: list, docs: set, positional: bool) -> list:
    out, i = [], 0
    while i < len(postings):
        size = 2 + (postings[i + 1] if positional else 0)
        if postings[i] in docs:
            out.extend(postings[i:i + size])
        i += size
    return out


def compact(data: dict) -> dict:
    """data as the site stores it: each term's document numbers (and positions) as the
    difference from the one before, and the pairs of consecutive words nested under their
    first word ({"send": {"turn": postings}} for "send~turn"): a fifth smaller gzipped."""
    fields = {}
    for field, entry in data["fields"].items():
        terms = {t: _deltas(p, entry["positions"]) for t, p in entry["terms"].items()}
        if field.startswith("pairs_"):
            nested: dict[str, dict] = {}
            for text, postings in terms.items():
                first, _, second = text.partition("~")
                nested.setdefault(first, {})[second] = postings
            entry = {**entry, "nested": True, "terms": nested}
        else:
            entry = {**entry, "terms": terms}
        fields[field] = entry
    return {**data, "fields": fields, "format": FORMAT}


def _deltas(postings: list, positional: bool) -> list:
    out, i, last = [], 0, 0
    while i < len(postings):
        out.append(postings[i] - last)
        last = postings[i]
        if positional:
            count = postings[i + 1]
            positions = postings[i + 2:i + 2 + count]
            out.append(count)
            out.extend(b - a for a, b in zip([0] + positions, positions))
            i += 2 + count
        else:
            out.append(postings[i + 1])
            i += 2
    return out


def dumps(data: dict) -> str:
    """The data as compact JSON."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


__all__ = ["for_language", "compact", "dumps"]
