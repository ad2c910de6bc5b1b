"""rulebook.limits: input past a stated limit is refused with one line, by validate (rule
texts, data files), search (the query) and show and search alike (numbers, ranges)."""

from __future__ import annotations

import json

import pytest

from tolaria.cli import main
from tolaria.errors import DataErrors, UserError
from tolaria.rulebook import limits
from tolaria.validation.folder import validate_folder
from tolaria_testing import REPO


def _errors(root) -> list[str]:
    with pytest.raises(DataErrors) as caught:
        validate_folder(root)
    return [str(e) for e in caught.value.errors]


def _with_text(tiny, rule_line: int, text: str) -> None:
    """tiny's en/104.yaml with the text on line rule_line replaced."""
    path = tiny / "en" / "104.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[rule_line - 1] = "    text: " + text
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_a_rule_text_at_the_limit_passes_and_one_past_it_is_refused(tiny):
    _with_text(tiny, 8, "a" * limits.MAX_TEXT)
    validate_folder(tiny)
    _with_text(tiny, 8, "a" * (limits.MAX_TEXT + 1))
    assert _errors(tiny) == [
        "rules/en/104.yaml:7: a text of rule 104.1 has 20,001 characters, more than the "
        "limit of 20,000"]


def test_a_worked_example_past_the_limit_is_refused_at_its_line(tiny):
    path = tiny / "en" / "104.yaml"
    text = path.read_text(encoding="utf-8").replace(
        "Example: A card says you win the game.", "Example: " + "word " * 5000)
    path.write_text(text, encoding="utf-8")
    assert _errors(tiny) == [
        "rules/en/104.yaml:14: a text of rule 104.2a has 25,009 characters, more than the "
        "limit of 20,000"]


def test_a_rule_of_the_whole_cr_past_the_limit_is_refused_at_its_line(tiny):
    (tiny / "cr").mkdir()
    source = (REPO / "rules" / "cr" / "en.json").read_text(encoding="utf-8")
    lines = source.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith('["704.5a",'))
    rule = json.loads(lines[index].rstrip(","))
    rule[1] = "x" * (limits.MAX_TEXT + 5)
    lines[index] = json.dumps(rule, ensure_ascii=False) + ("," if lines[index].endswith(",")
                                                           else "")
    (tiny / "cr" / "en.json").write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert _errors(tiny) == [
        f"rules/cr/en.json:{index + 1}: a text of rule 704.5a has 20,005 characters, more "
        "than the limit of 20,000"]


def test_a_data_file_past_the_limit_is_refused_without_being_read(tiny, capsys):
    path = tiny / "es" / "104.yaml"
    with open(path, "a", encoding="utf-8") as out:  # not even YAML: it is never parsed
        out.write("{" * (limits.MAX_FILE - path.stat().st_size + 1))
    status = main(["validate", "--rules", str(tiny)])
    out, err = capsys.readouterr()
    assert status != 0 and out == ""
    assert err.splitlines()[0] == ("rules/es/104.yaml:1: the file has 4,000,001 bytes, more "
                                   "than the limit of 4,000,000 for a data file")
    assert "Traceback" not in err and len(err.splitlines()) <= 2


def test_the_projects_data_is_within_the_limits(validated):
    root = REPO / "rules"
    assert limits.check_files(root) == []
    summary = validated.ok()  # the project's rules/
    assert limits.check_texts(summary.book, summary.whole_cr) == []


# --- search and show: the query, numbers and ranges --------------------------------------
def _run(capsys, *args):
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_a_query_past_the_limit_is_refused_in_one_line(capsys):
    status, out, err = _run(capsys, "search", "phasing " * 125 + "x")  # 1,001 characters
    assert status == 2 and out == ""
    assert err == ("tolaria: the query has 1,001 characters, more than the limit of 1,000: "
                   "search for a few words or a rule number\n")
    status, out, _ = _run(capsys, "search", ("phasing " * 125)[:limits.MAX_QUERY])
    assert status == 0 and out.startswith("702.26")


def test_the_query_limit_is_a_user_error():
    limits.check_query("x" * limits.MAX_QUERY)
    with pytest.raises(UserError):
        limits.check_query("x" * (limits.MAX_QUERY + 1))
