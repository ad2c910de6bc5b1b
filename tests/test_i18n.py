"""The interface's catalogs: complete, current, placeholders kept; the language is chosen right."""

import re
import subprocess
import sys

import pytest
from babel.messages.pofile import read_po

from tolaria_testing import REPO
from tolaria import i18n

LOCALES = REPO / "locales"
PLACEHOLDER = re.compile(r"\{[a-z_]*\}|%\([a-z_]+\)[a-z]|%[sdr]")


def catalog(lang):
    with open(LOCALES / lang / "LC_MESSAGES" / "tolaria.po", "rb") as stream:
        return read_po(stream, locale=lang)


def template():
    with open(LOCALES / "tolaria.pot", "rb") as stream:
        return read_po(stream)


def test_the_template_is_what_extract_makes_of_the_source(tmp_path):
    out = tmp_path / "tolaria.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract",
                    "--mapping", str(REPO / "babel.cfg"), "--output", str(out), "--no-wrap",
                    "--sort-output", "--no-location", "--omit-header", "--keywords", "N_",
                    "tools/tolaria"],
                   check=True, cwd=REPO, capture_output=True)
    assert out.read_text() == (LOCALES / "tolaria.pot").read_text(), \
        "the catalogs are out of date: run `make update` and translate the new strings"


@pytest.mark.parametrize("lang", ["es", "it"])
def test_every_string_is_translated(lang):
    ids = {m.id for m in template() if m.id}
    po = catalog(lang)
    have = {m.id for m in po if m.id}
    assert ids == have, f"{lang}: catalog not updated from the template (run `make update`)"
    missing = [m.id for m in po if m.id and (m.fuzzy or not (
        all(m.string) if isinstance(m.string, tuple) else m.string))]
    assert missing == [], f"{lang}: untranslated or fuzzy: {missing[:5]}"


@pytest.mark.parametrize("lang", ["es", "it"])
def test_translations_keep_every_placeholder(lang):
    for message in catalog(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        expected = sorted(PLACEHOLDER.findall(ids[-1]))
        for string in strings:
            found = sorted(PLACEHOLDER.findall(string))
            # a singular form may say "one" instead of "{count}"
            assert found == expected or (len(strings) > 1 and set(found) <= set(expected)), \
                (lang, message.id, string)


def test_plurals_are_real_plural_forms():
    for lang in ("es", "it"):
        plural = [m for m in catalog(lang) if isinstance(m.id, tuple)]
        assert plural and all(len(m.string) == 2 for m in plural)


@pytest.mark.parametrize("env, lang", [
    ({"LANG": "es_ES.UTF-8"}, "es"), ({"LC_ALL": "it_IT.UTF-8", "LANG": "es_ES"}, "it"),
    ({"LANGUAGE": "it:en", "LANG": "es_ES"}, "it"), ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LC_ALL": "C", "LANG": "es_ES.UTF-8"}, "en"), ({}, "en"), ({"LC_MESSAGES": "es"}, "es"),
])
def test_the_language_comes_from_the_environment(env, lang):
    assert i18n.language_from_environment(env) == lang


def test_plural_forms_are_chosen_by_count():
    i18n.set_language("es")
    one = i18n.ngettext("{n} rule", "{n} rules", 1).format(n=1)
    two = i18n.ngettext("{n} rule", "{n} rules", 2).format(n=2)
    assert (one, two) == ("1 regla", "2 reglas")


def _locales(tmp_path, translation: str, mo: str | None, mo_first: bool = True):
    """A locales folder with an es catalog translating "Edition" as translation, and, when
    mo is given, a compiled .mo translating it as mo (older than the .po when mo_first)."""
    import os

    folder = tmp_path / "locales" / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = folder / "tolaria.po"
    po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  f'msgid "Edition"\nmsgstr "{translation}"\n', encoding="utf-8")
    if mo is not None:
        compiled = folder / "tolaria.mo"
        po_text = po.read_text(encoding="utf-8").replace(translation, mo)
        (tmp_path / "old.po").write_text(po_text, encoding="utf-8")
        compiled.write_bytes(i18n.compile_catalog(str(tmp_path / "old.po"), "es"))
        stamp = os.stat(po).st_mtime_ns
        os.utime(compiled, ns=(stamp, stamp + (-10**9 if mo_first else 10**9)))
    return tmp_path / "locales"


@pytest.mark.parametrize("mo, mo_first, expected", [
    (None, True, "Edición"),  # a fresh clone before `make compile`: the .po is read
    ("Edición vieja", True, "Edición"),  # the .po changed since the .mo was compiled
    ("Edición compilada", False, "Edición compilada"),  # an up-to-date .mo is used as is
])
def test_a_stale_or_missing_compiled_catalog_never_falls_back_to_english(
        tmp_path, monkeypatch, mo, mo_first, expected):
    monkeypatch.setattr(i18n, "LOCALES", str(_locales(tmp_path, "Edición", mo, mo_first)))
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path / "cache"))
    try:
        i18n.set_language("es")
        assert i18n._("Edition") == expected
    finally:
        monkeypatch.undo()
        i18n.set_language("en")


@pytest.mark.parametrize("content", [[], {"date|es|2023-04-14": 3}, None, b"not marshal"])
def test_a_label_cache_this_version_did_not_write_is_started_again(tmp_path, monkeypatch,
                                                                     content):
    import marshal

    from tolaria import __version__

    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path))
    data = content if isinstance(content, bytes) else marshal.dumps(content)
    (tmp_path / f"babel-labels-{__version__}.marshal").write_bytes(data)
    monkeypatch.setattr(i18n, "_labels", None)
    i18n.set_language("es")
    try:
        assert i18n.format_date("2023-04-14") == "14 de abril de 2023"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang, date, name", [
    ("es", "14 de abril de 2023", "inglés"), ("it", "14 aprile 2023", "inglese"),
    ("en", "April 14, 2023", "English")])
def test_dates_and_language_names_through_babel(lang, date, name):
    i18n.set_language(lang)
    assert i18n.format_date("2023-04-14") == date
    assert i18n.language_name("en") == name


@pytest.mark.parametrize("args, env, expected", [
    (["show", "104.3z", "--lang", "it", "--ui-lang", "it"], {}, "nessuna regola 104.3z"),
    (["show", "104.3z"], {"LANG": "es_ES.UTF-8"}, "no hay ninguna regla 104.3z"),
    (["show", "--help"], {"LANG": "es_ES.UTF-8"}, "Ejemplo: tolaria show"),
    (["import"], {"LANG": "it_IT.UTF-8"}, "gli argomenti seguenti sono obbligatori"),
    (["show"], {"LANG": "it_IT.UTF-8"}, "indica un NUMERO di regola, o --glossary TERMINE"),
])
def test_the_cli_speaks_the_users_language(args, env, expected, monkeypatch, capsys):
    from tolaria.cli import main

    for key, value in env.items():
        monkeypatch.setenv(key, value)
    main(args)
    out, err = capsys.readouterr()
    assert expected in (out + err)


def test_no_marked_string_hides_inside_an_f_string():
    """pybabel (on Python 3.11) cannot see _() inside an f-string: such a string would never
    reach the catalogs, and the interface would stay English there."""
    import ast

    hidden = []
    for path in (REPO / "tools" / "tolaria").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                hidden += [f"{path.relative_to(REPO)}:{call.lineno}" for call in ast.walk(node)
                           if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                           and call.func.id in ("_", "ngettext", "N_")]
    assert hidden == []
