"""Small helpers the commands share: reading the rulebook, printing JSON."""

from __future__ import annotations

import json
import sys
from ..loader import default_rules_dir, load_rulebook
from ..model import RuleBook


def rules_dir(args):
    """The rulebook folder the user asked for (a path), or the project's."""
    from pathlib import Path

    return Path(args.rules) if getattr(args, "rules", None) else Path(default_rules_dir())


def rulebook(args) -> RuleBook:
    return load_rulebook(args.rules if getattr(args, "rules", None) else None)


def print_json(data) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def parse_number(text: str):
    """A RuleNumber from the command line ('rule 104.3b' too), or a one-line UserError."""
    from ..errors import UserError
    from ..i18n import _
    from ..numbering import BadNumber, RuleNumber

    cleaned = text.strip()
    lowered = cleaned.lower()
    for prefix in ("rule ", "r"):  # "rule 104.3b", "r104.3b"
        if lowered.startswith(prefix) and lowered[len(prefix):][:1].isdigit():
            cleaned = cleaned[len(prefix):].strip()
            break
    if cleaned[-1:].isalpha():  # "104.3B": subrule letters are lower case
        cleaned = cleaned[:-1] + cleaned[-1].lower()
    try:
        return RuleNumber.parse(cleaned)
    except BadNumber:
        raise UserError(_("'{number}' is not a rule number (expected e.g. 104, 104.3 or "
                          "104.3b)").format(number=text)) from None
