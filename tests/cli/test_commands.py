import json
import shutil

from tolaria_testing import REPO, shared_dir
from tolaria.cli import main


def run(capsys, *args):
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_validate_says_ok_and_counts(capsys):
    status, out, _ = run(capsys, "validate")
    assert status == 0
    assert out.startswith("ok: 21 section files, ")


def test_validate_reports_every_error(capsys, tiny):
    for lang in ("en", "it"):
        path = tiny / lang / "104.yaml"
        path.write_text(path.read_text().replace('"104.10"', '"104.1"'))
    status, out, err = run(capsys, "validate", "--rules", str(tiny))
    assert status == 2 and out == ""
    assert err.splitlines() == [
        "rules/en/104.yaml:15: duplicate rule 104.1 (first at line 7)",
        "rules/it/104.yaml:15: duplicate rule 104.1 (first at line 7)",
        "2 errors: fix them and run the command again."]


def test_export_is_keyed_by_rule_number_with_every_language(capsys):
    status, out, _ = run(capsys, "export", "--json")
    data = json.loads(out)
    assert list(data["rules"])[:3] == ["104", "104.1", "104.2"]
    assert set(data["rules"]["104.3b"]) == {"en", "es", "it"}
    assert set(data["rules"]["702.25n"]) == {"en", "es"}  # the Italian seed has no 702.25n
    assert {t["id"] for t in data["glossary"]} >= {"phasing", "mana-burn"}


def test_fmt_check_passes_on_the_project(capsys):
    status, out, _ = run(capsys, "fmt", "--check")
    assert status == 0


def test_fmt_rewrites_and_check_fails_before(capsys, tiny):
    path = tiny / "en" / "104.yaml"
    path.write_text(path.read_text().replace("lang: en", "lang:    en  # spaced"))
    status, _, err = run(capsys, "fmt", "--check", "--rules", str(tiny))
    assert status == 1 and "rules/en/104.yaml: not in canonical form" in err
    status, out, _ = run(capsys, "fmt", "--rules", str(tiny))
    assert status == 0 and "lang: en  # spaced" in path.read_text()
    assert run(capsys, "fmt", "--check", "--rules", str(tiny))[0] == 0


def test_import_summary_and_json(capsys):
    path = shared_dir() / "reference" / "cr-en" / "rules_20230414.txt"
    status, out, _ = run(capsys, "import", str(path))
    assert status == 0 and out.startswith("rules_20230414.txt: effective April 14, 2023; 142 sections, 2,842 rules")
    status, out, _ = run(capsys, "import", str(path), "--json", "--sections", "512-514")
    data = json.loads(out)
    assert list(data["rules"]) == ["512", "512.1", "513", "513.1", "513.1a", "513.2", "514",
                                   "514.1", "514.2", "514.3", "514.3a"]
    assert data["rules"]["514.3a"]["en"]["text"].startswith("At this point, the game checks")


def test_import_write_reproduces_the_english_files(capsys, tmp_path, monkeypatch):
    rules = tmp_path / "rules"
    shutil.copytree(REPO / "rules", rules)
    for path in (rules / "en").glob("*.yaml"):
        if path.stem != "300":
            path.unlink()
    monkeypatch.chdir(tmp_path)
    cr = shared_dir() / "reference" / "cr-en"
    for file, sections in [("rules_20180713.txt", "104"), ("rules_20230414.txt", "512-514"),
                           ("rules_20201120.txt", "702.25"), ("rules_20191004.txt", "717")]:
        status, out, _ = run(capsys, "import", str(cr / file), "--sections", sections,
                             "--write", "--rules", str(rules))
        assert status == 0, out
    for path in (REPO / "rules" / "en").glob("*.yaml"):
        assert (rules / "en" / path.name).read_text() == path.read_text(), path.name


def test_import_refuses_an_edition_missing_from_the_editions_file(capsys, tiny):
    path = shared_dir() / "reference" / "cr-en" / "rules_20260417.txt"
    status, _, err = run(capsys, "import", str(path), "--sections", "104", "--write",
                         "--rules", str(tiny))
    assert status == 2 and "the edition 2026-04-17 is not in rules/editions.yaml" in err
    assert not (tiny / "en" / "104.yaml").read_text().count("2026")


def test_import_of_a_missing_file_is_one_line(capsys, tmp_path):
    status, _, err = run(capsys, "import", str(tmp_path / "nope.txt"))
    assert status == 2 and err.count("\n") == 1 and "cannot read the file" in err


def test_every_command_has_help_that_ends_with_an_example(capsys):
    from tolaria.cli import COMMANDS

    for name in COMMANDS:
        status, out, _ = run(capsys, name, "--help")
        assert status == 0
        assert out.rstrip().splitlines()[-1].startswith("Example: tolaria "), name
