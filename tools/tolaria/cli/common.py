"""Small helpers the commands share: reading the rulebook, printing JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..loader import default_rules_dir, load_rulebook
from ..model import RuleBook


def rules_dir(args) -> Path:
    return Path(args.rules) if getattr(args, "rules", None) else default_rules_dir()


def rulebook(args, only=None) -> RuleBook:
    return load_rulebook(rules_dir(args), only=only)


def print_json(data) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
