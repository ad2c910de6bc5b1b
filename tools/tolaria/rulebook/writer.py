"""Write model sections back as rulebook YAML, in canonical form, atomically."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

import yaml

from ..errors import UserError
from ..i18n import _
from ..model import Section
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


def write_atomically(path: Path, text: str, create_folders: bool = True) -> None:
    """Replace path with text, never leaving a half-written file.

    A missing folder is made when create_folders (the rulebook's own folders), else it is
    an error: a file the user named goes where they said, or nowhere. An error names path,
    never the temporary file beside it."""
    path = Path(path)
    if not create_folders and not path.parent.is_dir():
        raise UserError(_("{file}: the folder {folder} does not exist (create it first, or "
                          "write the file elsewhere)").format(file=path, folder=path.parent))
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fspath(path))
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())  # the new bytes on disk before the name points at them
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
        os.chmod(tmp, mode)  # mkstemp makes 0600; keep the file's own mode
        os.replace(tmp, path)
    except OSError as exc:
        _remove(tmp)
        raise OSError(exc.errno, exc.strerror, os.fspath(path)) from None
    except BaseException:
        _remove(tmp)
        raise


def _remove(tmp: str | None) -> None:
    if tmp is not None and os.path.exists(tmp):
        try:
            os.unlink(tmp)
        except OSError:
            pass
