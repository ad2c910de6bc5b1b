"""rules/cr/editions.json: every official edition older than the current one, each as the
reverse delta of the edition after it (deltas.py), newest first.

    {
    "about": "…", "format": 1, "current": "2026-04-17",
    "editions": [
    {"edition": "2026-02-27", "source": "rules_20260227.txt",
    "sections": [],
    "added": ["702.190", …],
    "moved": [["702.189a", "702.190a"], …],
    "rules": [
    ["704.5a", "…"],
    ["613.1d", [[12, 1, "’"]]],
    …]},
    …]
    }

One item per line, so that a problem names the line of its edition.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..cr.store import EDITIONS as NAME
from ..errors import DataError, DataErrors, os_error_text
from ..i18n import _

FORMAT = 1
ABOUT = ("Every official edition of the Comprehensive Rules older than the current one "
         "(en.json), each as what differs from the edition after it, rebuilt from the "
         "official files by `tolaria import DIR --all-editions`. Do not edit by hand. "
         "Rule text © Wizards of the Coast.")


def editions_path(rules_dir) -> Path:
    """rules/cr/editions.json of a rulebook folder."""
    return Path(rules_dir) / "cr" / NAME


def dumps(current, deltas: list[dict]) -> str:
    """The text of the file: current, the date of en.json; deltas newest first."""
    def item(value) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = ["{", f'"about": {item(ABOUT)},', f'"format": {FORMAT},',
             f'"current": {item(current.isoformat())},', '"editions": [']
    for index, delta in enumerate(deltas):
        lines.append(f'{{"edition": {item(delta["edition"])}, "source": '
                     f'{item(delta["source"])},')
        for key in ("sections", "added", "moved"):
            lines.append(f"{item(key)}: {item(delta[key])},")
        rules = delta["rules"]
        lines.append('"rules": [')
        lines.extend(item(r) + ("," if i < len(rules) - 1 else "") for i, r in enumerate(rules))
        lines.append("]}" + ("," if index < len(deltas) - 1 else ""))
    lines += ["]", "}"]
    return "\n".join(lines) + "\n"


def parse(text: str, display: str) -> tuple[str, list[tuple[int, dict]]]:
    """(the current edition's date as written, [(line, delta)] newest first): the file's
    structure checked; DataErrors for what is wrong."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise DataErrors([DataError(display, getattr(exc, "lineno", 1), _(
            "not a JSON file: {problem}").format(problem=getattr(exc, "msg", str(exc))))]
        ) from None
    errors = []
    if not isinstance(data, dict) or not isinstance(data.get("editions"), list):
        raise DataErrors([DataError(display, 1, _("expected an object with current and "
                                                  "editions"))])
    if data.get("format") != FORMAT:
        errors.append(DataError(display, 1, _(
            "format {found}: this version of tolaria reads format {format}").format(
            found=data.get("format"), format=FORMAT)))
    starts = [n for n, line in enumerate(text.split("\n"), 1)
              if line.startswith('{"edition": ')]
    out = []
    for index, delta in enumerate(data["editions"]):
        line = starts[index] if index < len(starts) else 1
        if not isinstance(delta, dict) or not isinstance(delta.get("edition"), str):
            errors.append(DataError(display, line, _("an edition is an object with edition, "
                                                     "source, sections, added, moved, rules")))
            continue
        out.append((line, delta))
    if errors:
        raise DataErrors(errors)
    return str(data.get("current")), out


def read(path) -> tuple[str, list[tuple[int, dict]]]:
    """parse() of a file; DataErrors (one) when it cannot be read."""
    # lazy: saves 21 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from ..yamlfiles.nodes import display_path

    display = display_path(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        problem = os_error_text(exc) if isinstance(exc, OSError) else str(exc)
        raise DataErrors([DataError(display, 1, _("cannot read the file: {problem}").format(
            problem=problem))]) from None
    return parse(text, display)
