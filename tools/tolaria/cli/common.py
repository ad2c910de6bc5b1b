"""Small helpers the commands share: reading the rulebook, printing JSON."""

from __future__ import annotations

import json
import sys
import os

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
