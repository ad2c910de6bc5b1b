"""The history commands: checks before writing, renumbered references, malformed numbers."""

from __future__ import annotations

import shutil

from tolaria_testing import REPO
from tolaria.cli import main


def _newer_edition(shared, folder):
    """The newest official file, effective on a later date (no rule changes)."""
    newest = sorted((shared / "reference" / "cr-en").glob("*.txt"))[-1]
    text = newest.read_text(encoding="utf-8-sig")
    line = next(x for x in text.splitlines() if "effective as of" in x)
    path = folder / "rules_20990101.txt"
    path.write_text(text.replace(line, "These rules are effective as of January 1, 2099.", 1),
                    encoding="utf-8")
    return path


def test_import_history_checks_the_rulebook_first_and_writes_nothing(tmp_path, shared,
                                                                    capsys):
    rules = tmp_path / "rules"
    shutil.copytree(REPO / "rules", rules)
    newer = _newer_edition(shared, tmp_path)
    stored = {p.name: p.read_bytes() for p in (rules / "history").iterdir()}
    spanish = rules / "es" / "104.yaml"
    good = spanish.read_text(encoding="utf-8")
    assert "\nlang: es\n" in good
    spanish.write_text(good.replace("\nlang: es\n", "\nlang: es\nlang: es\n", 1),
                       encoding="utf-8")
    assert main(["import", str(newer), "--history", "--rules", str(rules)]) == 2
    captured = capsys.readouterr()
    assert "duplicate key 'lang'" in captured.err and captured.out == ""
    assert {p.name: p.read_bytes() for p in (rules / "history").iterdir()} == stored
    # the same file is added once the rulebook is valid
    spanish.write_text(good, encoding="utf-8")
    assert main(["import", str(newer), "--history", "--rules", str(rules)]) == 0
    capsys.readouterr()
    assert {p.name: p.read_bytes() for p in (rules / "history").iterdir()} != stored


def test_renumbered_references_within_a_wording_are_shown(capsys):
    assert main(["history", "702.25i"]) == 0
    out = capsys.readouterr().out
    assert "1 wording:" in out
    assert "references renumbered on September 29, 2017: 704.5n, 704.5p → 704.5m, " \
           "704.5n" in " ".join(out.split())


def test_a_malformed_number_is_a_usage_error(capsys):
    assert main(["history", "abc"]) == 2
    history_err = capsys.readouterr().err
    assert main(["show", "abc"]) == 2
    assert history_err == capsys.readouterr().err
    assert history_err.count("\n") == 1 and "is not a rule number" in history_err
    assert main(["history", "999.9"]) == 1  # well formed, but not covered
    assert main(["history", "702.25K"]) == 0  # as show reads it
    assert capsys.readouterr().out.startswith("702.25k · ")


def test_a_number_of_one_edition_is_said_in_the_singular(book):
    from tolaria.numbering import RuleNumber
    from tolaria.show import find_rule, render_text

    data = find_rule(book, "en", RuleNumber.parse("717"))
    data.update(asked="724", editions=["2026-06-12"])
    text = render_text(book, data)
    assert "724 is this rule's number in the edition of June 12, 2026" in text
    assert "editions of" not in text
    data.update(editions=["2025-07-25", "2026-06-12"])
    assert "in the editions of July 25, 2025 … June 12, 2026" in render_text(book, data)
