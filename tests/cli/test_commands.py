import json
from pathlib import Path

import pytest

from tolaria_testing import REPO, shared_dir
from tolaria.cli import main


def run(capsys, *args):
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_validate_says_ok_and_counts(validated):
    assert validated.status == 0, validated.err
    assert validated.out.startswith("ok: 21 section files, ")


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
    assert set(data["rules"]["702.26n"]) == {"en", "es"}  # the Italian seed has no 702.25n
    assert "702.25n" not in data["rules"]  # today's numbers, the current edition's English
    assert data["rules"]["724.1f"]["en"]["edition"] == "2026-04-17"
    assert {t["id"] for t in data["glossary"]} >= {"phasing", "mana-burn"}


def test_fmt_check_passes_on_the_project(capsys):
    """The project's data is valid and every YAML file of it in canonical form."""
    status, out, err = run(capsys, "fmt", "--check")
    assert status == 0, err


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


def test_import_write_reproduces_the_english_files(capsys, project):
    rules = project
    for path in (rules / "en").glob("*.yaml"):
        if path.stem != "300":
            path.unlink()
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


def test_import_refuses_a_subrule_as_a_section_file(capsys, tiny):
    path = shared_dir() / "reference" / "cr-en" / "rules_20180713.txt"
    before = sorted(p.name for p in (tiny / "en").iterdir())
    status, _, err = run(capsys, "import", str(path), "--sections", "104.3b", "--write",
                         "--rules", str(tiny))
    assert status == 2 and "104.3b is a subrule; a section file holds a section or a rule" in err
    assert sorted(p.name for p in (tiny / "en").iterdir()) == before


def test_import_of_a_missing_file_is_one_line(capsys, tmp_path):
    status, _, err = run(capsys, "import", str(tmp_path / "nope.txt"))
    assert status == 2 and err.count("\n") == 1 and "cannot read the file" in err


def test_every_command_has_help_that_ends_with_an_example(capsys):
    from tolaria.cli import COMMANDS

    for name in COMMANDS:
        status, out, _ = run(capsys, name, "--help")
        assert status == 0
        assert out.rstrip().splitlines()[-1].startswith("Example: tolaria "), name


# --- usage errors, options and the interface's language --------------------------------------
def test_an_unknown_option_before_the_command_is_named(capsys, monkeypatch):
    from pseudo_locale import pseudo_language, tr

    pseudo_language(monkeypatch, "es")
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    status, out, err = run(capsys, "--bogus")
    assert status == 2 and out == ""
    assert err == tr("{prog}: {message} (see: {prog} --help)", prog="tolaria",
                     message=tr("unrecognized arguments: %s") % "--bogus") + "\n"


@pytest.mark.parametrize("args, unknown", [
    (["--la", "it", "show", "104.3b"], "--la"),
    (["show", "104.3b", "--l", "it"], "--l it"),
    (["show", "104.3b", "--js"], "--js"),
])
def test_an_abbreviated_option_is_a_usage_error_not_a_guess(capsys, args, unknown):
    status, out, err = run(capsys, *args)
    assert status == 2 and out == ""
    assert f"unrecognized arguments: {unknown} (see: tolaria" in err


@pytest.mark.parametrize("args", [
    ["show", "104.3z", "--ui-lang=it"], ["--lang=it", "show", "104.3z"],
    ["--lang", "it", "show", "104.3z"], ["show", "104.3z", "--json", "--ui-lang", "it"],
    ["--ui-lang", "it", "show", "104.3z"], ["--ui-lang=it", "show", "104.3z", "--lang", "es"]])
def test_the_interface_speaks_the_parsed_lang_whatever_its_form(capsys, monkeypatch, args):
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    status, out, err = run(capsys, *args)
    assert status == 1 and "nessuna regola 104.3z" in out + err


def test_help_follows_a_later_lang(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    status, out, _ = run(capsys, "show", "--help", "--ui-lang", "it")
    assert status == 0 and out.rstrip().splitlines()[-1].startswith("Esempio: tolaria show")


def test_a_rejected_lang_does_not_switch_the_interface(capsys, monkeypatch):
    """audit takes es or it: `--lang en` is an error, reported in the locale's language."""
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    status, out, err = run(capsys, "audit", "--lang", "en")
    assert status == 2 and out == ""
    assert "opción no válida: 'en'" in err and "invalid choice" not in err


@pytest.mark.parametrize("port", ["99999", "-1", "x", "80.5"])
def test_a_port_out_of_range_or_not_a_number_is_a_usage_error(capsys, monkeypatch, tmp_path,
                                                              port):
    from pseudo_locale import pseudo_language, tr

    pseudo_language(monkeypatch, "es")
    status, out, err = run(capsys, "serve", "--no-build", "--out", str(tmp_path), "--port",
                           port, "--lang", "es")
    assert status == 2 and out == ""
    assert err == tr("{prog}: {message} (see: {prog} --help)", prog="tolaria serve",
                     message=tr("argument %(argument_name)s: %(message)s") % {
                         "argument_name": "--port", "message": tr(
                             "'{value}' is not a port: give a whole number from 0 to 65535",
                             value=port)}) + "\n"


def test_serve_help_names_its_metavar_in_the_users_language(capsys, monkeypatch):
    from pseudo_locale import pseudo_language, tr

    pseudo_language(monkeypatch, "es")
    status, out, _ = run(capsys, "serve", "--help", "--lang", "es")
    assert status == 0 and "--port " + tr("PORT") in out


def test_serve_without_building_a_missing_folder_is_an_error(capsys, tmp_path):
    status, out, err = run(capsys, "serve", "--no-build", "--out", str(tmp_path / "nope"))
    assert status == 2 and out == ""
    assert err == (f"tolaria: {tmp_path / 'nope'}: no such folder to serve (build the site "
                   "into it: run the command without --no-build)\n")


# --- operating-system errors ------------------------------------------------------------------
@pytest.mark.parametrize("number, words", [
    ("ENAMETOOLONG", "the file name is too long"),
    ("ELOOP", "too many symbolic links (a link that points to itself?)"),
    ("EISDIR", "it is a folder, not a file"), ("ENOTDIR", "a part of the path is not a folder"),
    ("EEXIST", "it exists already"), ("EBUSY", "it is in use by another program"),
    ("EROFS", "the file system is read-only"), ("ENOSPC", "no space left on the device"),
    ("EACCES", "permission denied"), ("EPERM", "permission denied"),
])
def test_common_os_errors_read_in_plain_words(monkeypatch, number, words):
    import errno

    from pseudo_locale import pseudo_language, tr
    from tolaria import i18n
    from tolaria.errors import os_error_text

    code = getattr(errno, number)
    assert os_error_text(OSError(code, "English words")) == words
    pseudo_language(monkeypatch, "es")
    i18n.set_language("es")
    assert os_error_text(OSError(code, "English words")) == tr(words)


def test_another_os_error_is_translated_and_names_its_errno(monkeypatch):
    import errno

    from pseudo_locale import pseudo_language, tr
    from tolaria import i18n
    from tolaria.errors import os_error_text

    pseudo_language(monkeypatch, "es")
    i18n.set_language("es")
    assert os_error_text(OSError(errno.ENOLCK, "No locks available")) == tr(
        "the operating system refused ({symbol})", symbol="ENOLCK")


def test_a_file_name_too_long_is_one_line(capsys, tmp_path):
    status, _, err = run(capsys, "check", "--junit", str(tmp_path / ("x" * 300 + ".xml")))
    assert status == 2 and err.count("\n") == 1
    assert err.endswith(".xml: the file name is too long\n")


def test_an_output_that_is_a_folder_names_it_not_a_temporary_file(capsys, tmp_path):
    folder = tmp_path / "report"
    folder.mkdir()
    status, _, err = run(capsys, "check", "--junit", str(folder))
    assert status == 2 and err == f"tolaria: {folder}: it is a folder, not a file\n"
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize("args, message", [
    (["check", "--junit", "{missing}/j.xml"],
     "the folder {missing} does not exist (create it first, or write the file elsewhere)"),
    (["po", "export", "--lang", "it", "--ui-lang", "it", "--section", "104", "--out",
      "{missing}/it.po"],
     "la cartella {missing} non esiste (creala prima, o scrivi il file altrove)"),
])
def test_a_missing_output_folder_is_reported_not_made(capsys, tmp_path, args, message):
    missing = tmp_path / "no" / "such"
    status, out, err = run(capsys, *[a.format(missing=missing) for a in args])
    assert status == 2 and out == ""
    assert err == (f"tolaria: {missing}/{Path(args[-1]).name}: "
                   f"{message.format(missing=missing)}\n")
    assert not (tmp_path / "no").exists()


# --- validate reads every data file ------------------------------------------------------------
def test_validate_counts_every_kind_of_file(validated):
    assert validated.status == 0, validated.err
    out = validated.out
    assert " worked examples, " in out and " waiver" in out and "rule history of" in out


def _broken_data_files(rules):
    """The copy of the project's rules with an error in the waivers, the audit's card table
    and the rule history."""
    waivers = rules / "waivers.yaml"
    text = waivers.read_text(encoding="utf-8")
    assert "check: " in text
    waivers.write_text(text.replace("check: ", "check: bogus", 1), encoding="utf-8")
    (rules / "audit" / "cards.yaml").write_text("cards: [\n...\n", encoding="utf-8")
    (rules / "history" / "titles.yaml").write_text("titles: {}\n...\n", encoding="utf-8")
    return rules


def _files_in(err: str) -> set[str]:
    return {line.split(":", 1)[0] for line in err.splitlines()[:-1]}


def test_validate_reports_the_errors_of_every_data_file_at_once(capsys, project):
    rules = _broken_data_files(project)
    (rules / "examples" / "104.yaml").write_text(
        "- id: x\n  rules: [104.99]\n  title: {en: t}\n  expect: [{step: upkeep}]\n...\n",
        encoding="utf-8")
    status, out, err = run(capsys, "validate", "--rules", str(rules))
    assert status == 2 and out == ""
    assert _files_in(err) == {"rules/examples/104.yaml", "rules/waivers.yaml",
                              "rules/audit/cards.yaml", "rules/history/titles.yaml"}, err


def test_validate_reads_the_other_files_when_a_section_file_is_wrong(capsys, project):
    """(The worked examples cite rules: they are read once the rule texts are right.)"""
    rules = _broken_data_files(project)
    section = rules / "es" / "104.yaml"
    section.write_text(section.read_text(encoding="utf-8").replace("lang: es", "lang: es\nx: 1"),
                       encoding="utf-8")
    status, out, err = run(capsys, "validate", "--rules", str(rules))
    assert status == 2 and out == ""
    assert _files_in(err) == {"rules/es/104.yaml", "rules/waivers.yaml",
                              "rules/audit/cards.yaml", "rules/history/titles.yaml"}, err
