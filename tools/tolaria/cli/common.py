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
    if cleaned.lower().startswith("rule "):
        cleaned = cleaned[5:]
    try:
        return RuleNumber.parse(cleaned)
    except BadNumber:
        raise UserError(_("'{number}' is not a rule number (expected e.g. 104, 104.3 or "
                          "104.3b)").format(number=text)) from None
