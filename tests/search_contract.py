"""The search's contract (docs/search-contract.yaml): queries, each with the rule numbers a
search of it gives, best first. tolaria.search (tests/search/test_contract.py) and the site's
search (tests/site/test_search_contract.py) are both held to it.

`make contract` runs this file: it writes the numbers the CLI's search gives now into the
contract, for a ranking changed on purpose (the diff is the change, to be read). Named
uniquely, as tolaria_testing is.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from tolaria_testing import REPO, cli_numbers

CONTRACT = REPO / "docs" / "search-contract.yaml"
LIMIT = 5  # the numbers an entry holds unless it says otherwise


def entries(path: Path = CONTRACT) -> list[dict]:
    """The contract's entries: query, lang, what (the part of docs/search.md it shows),
    limit (LIMIT unless given), gives (the numbers, best first; [] for a refused query)."""
    from tolaria.yamlfiles.nodes import load  # the product's reader, as bench_queries

    out = load(path.read_text(encoding="utf-8"))["queries"]
    for entry in out:
        entry.setdefault("limit", LIMIT)
    return out


def cli_gives(book, entry: dict) -> list[str]:
    """The numbers tolaria.search gives for an entry ([] for a query it refuses)."""
    return cli_numbers(book, entry["query"], entry["lang"], entry["limit"])


def written(text: str, gives: list[list[str]]) -> str:
    """The contract's text with each entry's `gives` replaced, in order (comments and the
    rest of each line kept)."""
    numbers = iter(gives)

    def one(match: re.Match) -> str:
        return match[1] + "gives: [" + ", ".join(f'"{n}"' for n in next(numbers)) + "]"

    pattern = re.compile(r"(?m)^(  - \{.*, )gives: \[[^\]]*\]")
    count = len(pattern.findall(text))
    if count != len(gives):
        raise ValueError(f"{count} 'gives' in the contract for {len(gives)} entries")
    return pattern.sub(one, text)


def main() -> int:
    from tolaria.today.loader import load_rulebook

    book = load_rulebook(REPO / "rules")
    listed = entries()
    gives = [cli_gives(book, entry) for entry in listed]
    CONTRACT.write_text(written(CONTRACT.read_text(encoding="utf-8"), gives), encoding="utf-8")
    changed = sum(entry["gives"] != numbers for entry, numbers in zip(listed, gives))
    print(f"{CONTRACT.name}: {changed} of {len(listed)} entries changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
