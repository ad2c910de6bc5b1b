"""examples.schema: the schema tables agree with their contract, docs/worked-examples.md, and
cover every action and expectation the project's worked examples use."""

from __future__ import annotations

import re

import pytest
import yaml

from tolaria.examples import schema
from tolaria.examples.schema import ACTIONS, EXPECTATIONS, GAME_ENDING, TOP, TOP_OPTIONAL
from tolaria_testing import REPO

DOC = REPO / "docs" / "worked-examples.md"
EXAMPLES = sorted((REPO / "rules" / "examples").glob("*.yaml"))


def _doc_section(heading: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(f"\n## {heading}")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


def _documented(heading: str) -> dict[str, str]:
    """name -> the first cells of the table rows that document it (`name: …` / `name: …`)."""
    out: dict[str, str] = {}
    for line in _doc_section(heading).splitlines():
        if not line.startswith("| `"):
            continue
        cell = line.split(" | ")[0]
        for name in re.findall(r"`(\w+):", cell):
            out[name] = out.get(name, "") + cell
    return out


ACTIONS_DOC = "Actions: `do`"
EXPECT_DOC = "Expectations: `expect`"


def test_the_doc_tables_are_found():
    assert len(_documented(ACTIONS_DOC)) > 20 and len(_documented(EXPECT_DOC)) > 10


def test_every_documented_action_is_in_the_schema_and_vice_versa():
    assert set(_documented(ACTIONS_DOC)) == set(ACTIONS)


def test_every_documented_expectation_is_in_the_schema_and_vice_versa():
    assert set(_documented(EXPECT_DOC)) == set(EXPECTATIONS)


def _keys(spec) -> set[str]:
    return set(spec) if isinstance(spec, dict) else set()


@pytest.mark.parametrize("name", sorted(n for n, s in EXPECTATIONS.items() if isinstance(s, dict)))
def test_every_key_of_an_expectation_is_documented(name):
    section = _doc_section(EXPECT_DOC)
    missing = [k for k in EXPECTATIONS[name] if not re.search(rf"`?\b{k}: ", section)]
    assert missing == [], f"{name}: {missing} are not in {DOC.name}"


@pytest.mark.parametrize("name", sorted(n for n, s in ACTIONS.items() if isinstance(s, dict)
                                        and s not in (schema.PERMANENT,)))
def test_every_key_of_an_action_is_documented(name):
    documented = _documented(ACTIONS_DOC)
    # actions of one shared schema (put_on_stack and trigger) are documented together
    cells = "".join(documented[n] for n, spec in ACTIONS.items() if spec is ACTIONS[name])
    missing = [k for k in ACTIONS[name] if f"{k}:" not in cells]
    assert missing == [], f"{name}: {missing} are not in the table of {DOC.name}"


def test_game_ending_actions_exist_and_the_top_keys_do_not_overlap():
    assert set(GAME_ENDING) <= set(ACTIONS)
    assert not TOP & TOP_OPTIONAL


def _used(node, actions: set, expectations: set, key: str | None = None) -> None:
    """Every action name under a `do` and every expectation name under an `expect`."""
    if isinstance(node, dict):
        for k, v in node.items():
            _used(v, actions, expectations, k)
    elif isinstance(node, list):
        for item in node:
            if key in ("do", "simultaneously") and isinstance(item, dict):
                actions.update(item)
            elif key == "expect" and isinstance(item, dict):
                expectations.update(item)
            _used(item, actions, expectations, key if isinstance(item, list) else None)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_every_action_and_expectation_of_the_worked_examples_is_in_the_schema(path):
    actions: set[str] = set()
    expectations: set[str] = set()
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    _used(data, actions, expectations)
    assert actions and expectations, path
    assert actions - set(ACTIONS) == set()
    assert expectations - set(EXPECTATIONS) == set()
    for example in data:
        assert TOP <= set(example) <= TOP | TOP_OPTIONAL, example["id"]


def test_the_walk_of_the_examples_finds_nested_actions():
    actions: set[str] = set()
    expectations: set[str] = set()
    _used([{"given": {"stack": [{"id": "x", "do": [{"draw": {"player": "A"}}]}]},
            "do": [{"simultaneously": [{"concede": "A"}]}],
            "expect": [{"stack": []}]}], actions, expectations)
    assert actions == {"draw", "simultaneously", "concede"} and expectations == {"stack"}
