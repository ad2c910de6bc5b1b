"""The history as files: rules/history/rules.yaml (covered rules) and titles.yaml (titles
of the whole CR), written in the rulebook's canonical YAML, byte for byte reproducible."""

from __future__ import annotations

from pathlib import Path
import yaml

from . import RULES_FILE, TITLES_FILE
from .reader import history_dir
from .records import HistoryData, Span, Tracked, Unit, number_key
from ..files.atomic import write_files
from ..yamlfiles.canonical import DUMPER, format_yaml

RULES_HEADER = (
    "The history of the covered rules through every official English edition of the\n"
    "Comprehensive Rules. Derived from the official files by `tolaria history --rebuild`\n"
    "(or one edition at a time by `tolaria import FILE --history`): do not edit by hand.\n"
    "A unit is a covered section or keyword rule, known by its number in the edition the\n"
    "project's English text comes from (anchor). Each rule it had in any edition is tracked\n"
    "by content, under its number in the anchor edition (else NUMBER@FIRST-EDITION when that\n"
    "number belongs to another rule): numbers [number, first, last edition], and versions,\n"
    "each a verbatim text with the editions that print it; same_wording: true marks a version\n"
    "that differs from the one before only in cross-reference numbers or typography.\n"
    "Rule text © Wizards of the Coast.")
TITLES_HEADER = (
    "Titles of every section and titled rule of the Comprehensive Rules in every official\n"
    "English edition: [number, title, first edition, last edition]. Derived from the\n"
    "official files by `tolaria history --rebuild`: do not edit by hand.")


def _spans(spans: tuple[Span, ...]) -> list:
    return [[s.value, s.first, s.last] for s in spans]


def _tracked(t: Tracked, key: str) -> dict:
    out: dict = {key: t.key, "numbers": _spans(t.numbers), "versions": []}
    for v in t.versions:
        item: dict = {"editions": [v.first, v.last]}
        if v.same_wording:
            item["same_wording"] = True
        item["wording"] = v.text
        if v.examples:
            item["example_texts"] = list(v.examples)
        out["versions"].append(item)
    if t.becomes:
        out["becomes"] = [_tracked(b, "rule") for b in t.becomes]
    return out


def _unit(u: Unit) -> dict:
    head = _tracked(u.head, "unit")
    return {"unit": u.key, "anchor": u.anchor, "numbers": head["numbers"],
            "titles": [{"editions": v["editions"], "wording": v["wording"]}
                       for v in head["versions"]],
            "tracked": [_tracked(t, "rule") for t in u.rules]}


def _dump(data: dict, header: str) -> str:
    # libyaml's emitter where present (canonical.DUMPER): the canonical form rewrites it
    body = yaml.dump(data, Dumper=DUMPER, allow_unicode=True, sort_keys=False, width=10**9)
    comments = "".join(f"# {line}\n" for line in header.splitlines())
    return format_yaml(comments + body)


def history_texts(data: HistoryData) -> dict[str, str]:
    """File name -> text of every history file."""
    editions = [{"effective": e.effective, **({"file": e.file} if e.file else {})}
                for e in data.editions]
    units = sorted(data.units, key=lambda u: number_key(u.key))
    titles = sorted(([number, s.value, s.first, s.last] for number, spans in data.titles.items()
                     for s in spans), key=lambda t: (number_key(t[0]), t[2], t[1]))
    return {RULES_FILE: _dump({"editions": editions, "units": [_unit(u) for u in units]},
                              RULES_HEADER),
            TITLES_FILE: _dump({"titles": titles}, TITLES_HEADER)}


def history_files(data: HistoryData, rules_dir) -> dict[Path, str]:
    """Path -> text of every history file of the rulebook folder rules_dir."""
    folder = history_dir(rules_dir)
    return {folder / name: text for name, text in history_texts(data).items()}


def write_history(data: HistoryData, rules_dir) -> list[Path]:
    """Write the history files of rules_dir (rules/history/), all or none of them."""
    files = history_files(data, rules_dir)
    write_files(rules_dir, files)
    return list(files)
