"""The committed CLI reference is what the CLI says today, and names every command."""

from tolaria_testing import REPO


def test_the_cli_reference_is_up_to_date(monkeypatch):
    from tolaria.cli import COMMANDS
    from tolaria.cli.reference import render

    monkeypatch.setenv("COLUMNS", "100")
    text = render()
    assert (REPO / "docs" / "cli.md").read_text(encoding="utf-8") == text, \
        "docs/cli.md is out of date: run `make docs`"
    for name in COMMANDS:
        assert f"## tolaria {name}\n" in text
