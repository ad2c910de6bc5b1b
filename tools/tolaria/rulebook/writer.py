"""Write model sections back as rulebook YAML, in canonical form; write a file the user named."""

from __future__ import annotations

from pathlib import Path

import yaml

from ..errors import UserError
from ..i18n import _
from ..model import Section
from ..files.atomic import write_file
from ..yamlfiles.canonical import format_yaml


def section_data(section: Section) -> dict:
    """The plain data of a section file, in the order the file has it."""
    source = {"kind": section.source.kind, "name": section.source.name}
    for key in ("file", "claims", "claims_text", "translated_from"):
        value = getattr(section.source, key)
        if value is not None:
            source[key] = value
    rules = []
    for rule in section.rules:
        item = {"number": str(rule.number)}
        if rule.since:
            item["since"] = rule.since
        if rule.base:
            item["base"] = rule.base
        item["text"] = rule.text
        if rule.examples:
            item["examples"] = [e.text for e in rule.examples]
        if rule.earlier:
            item["earlier"] = [{"since": w.since, "text": w.text} for w in rule.earlier]
        rules.append(item)
    return {"section": str(section.number), "title": section.title, "lang": section.lang,
            "edition": section.edition.effective, "source": source, "rules": rules}


def section_yaml(section: Section, header: str = "") -> str:
    """A section as the text of its YAML file; header lines become comments on top."""
    body = yaml.safe_dump(section_data(section), allow_unicode=True, sort_keys=False,
                          width=10**9)
    comments = "".join(f"# {line}\n".replace("# \n", "#\n") for line in header.splitlines())
    return format_yaml(comments + body)


def write_output(path, text: str) -> None:
    """Write a file the user named (a report, a PO file), whole or not at all. Its folder
    is not made: the file goes where the user said, or nowhere. An error names path."""
    path = Path(path)
    if not path.parent.is_dir():
        raise UserError(_("{file}: the folder {folder} does not exist (create it first, or "
                          "write the file elsewhere)").format(file=path, folder=path.parent))
    write_file(path, text, create_folders=False)
