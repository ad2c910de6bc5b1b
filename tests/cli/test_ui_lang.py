"""--ui-lang chooses the interface's language; --lang the rules' (show, search, audit, po
export), or is --ui-lang's other name where it never meant the rules' language."""

import pytest

from tolaria.cli import main
from tolaria.cli.interface import interface_language


def run(capsys, *args):
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_show_the_italian_rule_with_spanish_labels(capsys):
    status, out, _ = run(capsys, "show", "104.3b", "--lang", "it", "--ui-lang", "es")
    assert status == 0 and "Fine della partita" in out
    assert "Edición: 13 de julio de 2018" in out and "Edition:" not in out


def test_show_lang_alone_leaves_the_labels_in_the_locales_language(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "C")
    status, out, _ = run(capsys, "show", "104.3b", "--lang", "it")
    assert status == 0 and "Fine della partita · Italian" in out
    assert "Edition: July 13, 2018" in out


def test_audit_of_italian_reported_in_spanish(capsys):
    status, out, _ = run(capsys, "audit", "--lang", "it", "--section", "104", "--ui-lang", "es")
    assert status == 0 and out.startswith("Auditoría de traducciones")
    assert "italiano (it): 1 sección" in out and "Spanish" not in out


@pytest.mark.parametrize("args", [
    ["--ui-lang", "es", "show", "104.3b", "--lang", "it"],
    ["--ui-lang=es", "show", "104.3b", "--lang", "it"],
    ["show", "104.3b", "--lang", "it", "--ui-lang=es"],
    ["show", "--ui-lang", "es", "104.3b", "--lang", "it"]])
def test_ui_lang_before_or_after_the_command(capsys, args):
    status, out, _ = run(capsys, *args)
    assert status == 0 and "Fine della partita" in out and "Edición:" in out


@pytest.mark.parametrize("args, prog", [
    (["show", "104.3b", "--ui-lang", "fr"], "tolaria show"),
    (["--ui-lang", "fr", "validate"], "tolaria"),
    (["validate", "--lang", "fr"], "tolaria validate")])
def test_an_invalid_ui_lang_is_one_line_and_exit_2(capsys, args, prog):
    status, out, err = run(capsys, *args)
    assert status == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith(f"{prog}: ") and "'fr'" in err
    assert err.endswith(f"(see: {prog} --help)\n")


@pytest.mark.parametrize("args", [["--ui-lang", "es", "show", "--help"],
                                  ["show", "--help", "--ui-lang", "es"],
                                  ["--ui-lang=es", "--help"]])
def test_help_in_spanish(capsys, args, monkeypatch):
    monkeypatch.setenv("LANG", "C")
    status, out, _ = run(capsys, *args)
    assert status == 0 and out.startswith("uso: tolaria") and "opciones:" in out


def test_lang_is_the_ui_langs_alias_where_it_never_meant_the_rules(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "C")
    status, _, err = run(capsys, "validate", "--lang", "es", "--rules", "/no/such/folder")
    assert status == 2 and "1 error: corrígelo y vuelve a ejecutar el comando." in err
    assert interface_language(["validate", "--lang", "es"]) == "es"
    assert interface_language(["show", "1", "--lang", "es"]) is None
    assert interface_language(["po", "export", "--lang", "it"]) is None
    assert interface_language(["po", "import", "x.po", "--lang", "it"]) is None
    assert interface_language(["--lang", "it", "show", "1", "--lang", "es"]) == "it"
    assert interface_language(["search", "--", "--ui-lang", "es"]) is None
