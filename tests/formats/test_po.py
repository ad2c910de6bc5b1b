"""PO export and import: every text out, edits back in, all or nothing, round trips exact."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tolaria.errors import DataErrors
from tolaria.today.loader import load_rulebook
from tolaria.numbering import RuleNumber
from tolaria.formats.po_export import build_catalog, export_po
from tolaria.formats.po_import import import_po
from tolaria_testing import REPO


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "rules"
    shutil.copytree(REPO / "rules", target)
    return target


def _snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


def _catalog(text: str):
    from babel.messages.pofile import read_po

    return read_po(io.StringIO(text))


def _set_msgstr(po_text: str, context: str, value: str) -> str:
    """po_text with the msgstr of one message replaced (through Babel, as a tool would)."""
    from babel.messages.pofile import write_po

    catalog = _catalog(po_text)
    message = next(m for m in catalog if m.context == context)
    message.string = value
    out = io.BytesIO()
    write_po(out, catalog, width=76)
    return out.getvalue().decode("utf-8")


def _history_or_skip():
    from tolaria.audit.runner import default_history

    history = default_history(REPO / "rules")
    if history is None:
        pytest.skip("no rule history in this tree")
    return history


# --- export ---------------------------------------------------------------------------------
def test_export_holds_every_text_with_context_and_comments(book):
    catalog = build_catalog(book, "es", history=False)
    assert str(catalog.locale) == "es"
    messages = {m.context: m for m in catalog if m.id}
    expected = set()
    for lang in ("en", "es"):
        for _section, rule in book.rules(lang):
            expected.add(str(rule.number))
            expected.update(f"{rule.number} example {i}" for i in range(1, len(rule.examples)
                                                                       + 1))
            expected.update(f"{rule.number} since {w.since.isoformat()}" for w in rule.earlier)
    assert set(messages) == expected
    assert "300.2 since 2005-08-01" in messages
    rule = book.find("es", RuleNumber.parse("104.2a"))
    english = book.find("en", RuleNumber.parse("104.2a"))
    message = messages["104.2a"]
    assert (message.id, message.string) == (english.text, rule.text)
    assert message.locations == [(rule.file, rule.line)]
    comments = "\n".join(message.auto_comments)
    assert "section 104" in comments and "English: the edition of July 13, 2018" in comments
    assert "translation: the edition of July 13, 2018; quoted source: " in comments
    assert not message.fuzzy


def _previous_ids(catalog) -> dict[str, str]:
    """context -> previous msgid, from the `#|` lines. (Babel writes previous msgids but its
    reader keeps `#|` lines as plain comments: previous_id stays empty on reading, so the
    comments are read back here as a PO reader reads `#| msgid` lines.)"""
    from babel.messages.pofile import denormalize

    out = {}
    for m in catalog:
        lines = [c[1:].strip() for c in m.user_comments if c.startswith("|")]
        if lines:
            assert lines[0].startswith("msgid "), lines
            out[m.context] = denormalize("\n".join([lines[0][len("msgid "):]] + lines[1:]))
    return out


@pytest.mark.parametrize("lang", ["es", "it"])
def test_fuzzy_and_previous_msgids_exactly_where_base_and_current_english_differ(book, lang):
    from tolaria.history.records import state_at

    history = _history_or_skip()
    catalog = _catalog(export_po(book, lang, history=history))
    messages = {m.context: m for m in catalog if m.id}
    previous = _previous_ids(catalog)
    expected_previous = {}
    for context, message in messages.items():
        number, _sep, rest = context.partition(" ")
        tracked = history.tracked(number)
        today = tracked and state_at(tracked, book.current)
        if not today or rest.startswith("since"):
            continue
        section = book.section_for(lang, RuleNumber.parse(number))
        base = state_at(tracked, history.edition_on(section.base_of(RuleNumber.parse(number))))
        index = int(rest.split()[-1]) if rest else 0
        now = today[1] if not rest else today[2][index - 1]
        assert message.id == now  # msgid: the current English
        then = (base[1] if not rest else dict(enumerate(base[2], 1)).get(index)) if base else None
        if then is not None and then != now:
            expected_previous[context] = then
    assert previous == expected_previous
    assert {c for c, m in messages.items() if m.fuzzy} == set(expected_previous)
    assert {"702.25d", "702.25k", "104.3j"} <= set(previous)  # reworded since their base


def test_gnu_gettext_reads_the_previous_msgids_and_fuzzy_flags(book, tmp_path):
    msgattrib = shutil.which("msgattrib")
    if msgattrib is None:
        pytest.skip("GNU gettext's msgattrib is not installed")
    import subprocess

    history = _history_or_skip()
    po = tmp_path / "es.po"
    text = export_po(book, "es", history=history)
    po.write_text(text, encoding="utf-8")
    fuzzy = subprocess.run([msgattrib, "--only-fuzzy", str(po)], capture_output=True,
                           text=True, check=True).stdout
    assert set(re.findall(r'^msgctxt "(.*)"$', fuzzy, re.M)) == set(_previous_ids(
        _catalog(text)))
    assert "#| msgid" in fuzzy


def test_rules_of_no_counterpart_today_keep_the_rulebooks_english(book):
    catalog = build_catalog(book, "it", sections=["300"], history=_history_or_skip())
    message = next(m for m in catalog if m.context == "300.6")
    assert message.id == book.find("en", RuleNumber.parse("300.6")).text
    assert not message.fuzzy and not message.previous_id
    assert any("no counterpart in the current edition" in c for c in message.auto_comments)


# --- import ---------------------------------------------------------------------------------
def test_round_trip_without_edits_changes_nothing(tmp_path):
    root = _copy(tmp_path)
    before = _snapshot(root)
    book = load_rulebook(root)
    for lang in ("es", "it"):
        po = tmp_path / f"{lang}.po"
        po.write_text(export_po(book, lang), encoding="utf-8")
        done = import_po(po, root)
        assert done.changes == [] and done.skipped == sum(1 for m in _catalog(
            po.read_text(encoding="utf-8")) if m.id and m.fuzzy) > 0
    assert _snapshot(root) == before


def test_a_translated_unfuzzied_entry_updates_the_text_and_its_base(tmp_path):
    root = _copy(tmp_path)
    book = load_rulebook(root)
    assert book.lag_of("es", "702.25d").stale and book.lag_of("es", "702.25k").stale
    text = export_po(book, "es", sections=["702.25"])
    catalog = _catalog(text)
    for message in catalog:
        if message.context == "702.25d":  # translated again, fuzzy cleared
            message.string = "Texto nuevo de 702.25d."
            message.flags.discard("fuzzy")
        elif message.context == "702.25k":  # translated again, left fuzzy: not applied
            message.string = "Texto nuevo de 702.25k."
    out = io.BytesIO()
    from babel.messages.pofile import write_po

    write_po(out, catalog, width=76)
    po = tmp_path / "es.po"
    po.write_bytes(out.getvalue())
    done = import_po(po, root)
    assert [(Path(c.file).name, c.changed, c.rebased) for c in done.changes] == [
        ("702.25.yaml", 1, ("702.25d",))]
    assert done.skipped == 1  # 702.25k, left fuzzy
    after = load_rulebook(root)
    rule = after.find("es", RuleNumber.parse("702.25d"))
    assert rule.text == "Texto nuevo de 702.25d." and rule.base == after.current
    assert not after.lag_of("es", "702.25d").stale  # staleness cleared
    assert after.lag_of("es", "702.25k").stale
    assert "Texto nuevo de 702.25k" not in (root / "es" / "702.25.yaml").read_text("utf-8")
    again = _catalog(export_po(after, "es", sections=["702.25"]))
    message = next(m for m in again if m.context == "702.25d")
    assert not message.fuzzy and not _previous_ids(again).get("702.25d")
    assert "702.25d" not in _previous_ids(again) and "702.25k" in _previous_ids(again)


def test_clearing_fuzzy_without_a_new_text_records_the_new_base(tmp_path):
    root = _copy(tmp_path)
    catalog = _catalog(export_po(load_rulebook(root), "es", sections=["702.25"]))
    for message in catalog:
        message.flags.discard("fuzzy")  # the translator finds every text still right
    from babel.messages.pofile import write_po

    po = tmp_path / "es.po"
    with open(po, "wb") as out:
        write_po(out, catalog, width=76)
    done = import_po(po, root)
    assert [(c.changed, c.rebased) for c in done.changes] == [(0, ("702.25d", "702.25k"))]
    after = load_rulebook(root)
    assert not any(after.lag_of("es", k).stale for k in ("702.25d", "702.25k"))


def test_a_po_of_another_english_is_refused_in_one_line(tmp_path, monkeypatch, capsys):
    from tolaria.cli import main

    root = _copy(tmp_path)
    monkeypatch.chdir(tmp_path)
    before = _snapshot(root)
    text = export_po(load_rulebook(root), "es", sections=["104", "702.25"])
    text = _set_msgstr(text, "104.2", "Hay varias maneras de ganar.")
    text = text.replace('"Phasing is a static ability', '"Phasing was a static ability')
    text = text.replace('"A game ends immediately', '"A game ended immediately')
    (tmp_path / "es.po").write_text(text, encoding="utf-8")
    assert main(["po", "import", "es.po", "--rules", str(root)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and err.startswith("tolaria: es.po: 2 messages no "
                                                         "longer match the English")
    assert '"104.1"' in err and "nothing was written" in err
    assert _snapshot(root) == before


def test_edits_land_in_the_yaml_with_comments_kept(tmp_path):
    root = _copy(tmp_path)
    path = root / "it" / "104.yaml"
    source = path.read_text(encoding="utf-8")
    # a comment to keep, and rule 104.2b taken out (the PO brings it back, in order)
    start = source.index('  - number: "104.2b"')
    end = source.index('  - number: "104.2c"')
    path.write_text(source[:start].replace('  - number: "104.2"\n',
                                           '  # keep me\n  - number: "104.2"\n')
                    + source[end:], encoding="utf-8")
    book = load_rulebook(root)
    text = export_po(book, "it", sections=["104"])
    text = _set_msgstr(text, "104.2", "Ci sono vari modi per vincere la partita.")
    text = _set_msgstr(text, "104.2b", "Un effetto può dire che un giocatore vince.")
    po = tmp_path / "it.po"
    po.write_text(text, encoding="utf-8")
    changes = import_po(po, root).changes
    assert [(c.changed, c.added, c.rebased) for c in changes] == [(1, 1, ("104.2", "104.2b"))]
    written = path.read_text(encoding="utf-8")
    assert "  # keep me\n  - number: \"104.2\"\n" in written
    after = load_rulebook(root).section("it", "104")
    numbers = [str(r.number) for r in after.rules]
    assert numbers[numbers.index("104.2a") + 1] == "104.2b"
    assert after.rule(RuleNumber.parse("104.2")).text.startswith("Ci sono vari modi")
    from tolaria.yamlfiles.canonical import format_yaml

    assert format_yaml(written) == written


@pytest.mark.parametrize("context, value, message", [
    ("702.25b", "Un nuovo testo.", "rules/it/702.25.yaml is quoted word for word"),
    ("104.2", "   ", "text of 104.2 is empty (after importing"),
])
def test_a_bad_import_changes_nothing(tmp_path, monkeypatch, context, value, message):
    root = _copy(tmp_path)
    monkeypatch.chdir(tmp_path)
    before = _snapshot(root)
    text = export_po(load_rulebook(root), "it")
    text = _set_msgstr(text, "104.3", "Ci sono vari modi per perdere la partita.")
    text = _set_msgstr(text, context, value)
    po = tmp_path / "it.po"
    po.write_text(text, encoding="utf-8")
    with pytest.raises(DataErrors) as info:
        import_po(po, root)
    assert any(message in str(e) for e in info.value.errors), info.value
    assert _snapshot(root) == before


@pytest.mark.parametrize("po_text, message", [
    ('msgid ""\nmsgstr "Language: it\\n"\n\nmsgctxt "104.2"\nmsgid "x"\nmsgstr "y"\nbroken\n',
     "it.po:7: not a valid PO file: a line that is neither a comment, a keyword (msgctxt, "
     "msgid, msgid_plural, msgstr) nor a quoted continuation of one"),
    ('msgid ""\nmsgstr "Language: it\\n"\n\nmsgctxt "104.2"\nmsgid "x"\n',
     "it.po:5: not a valid PO file: a msgid without its msgstr (add a line msgstr \"\" after "
     "it)"),
    ('"stray"\nmsgid ""\nmsgstr "Language: it\\n"\n',
     "it.po:1: not a valid PO file: a quoted line that does not continue a msgctxt, msgid or "
     "msgstr"),
    ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: it\\n"\n\n'
     'msgctxt "104.2"\nmsgid "x"\nmsgstr "caf\xe9"\n',
     "it.po:8: a byte that is not UTF-8 text (0xe9): save the file as UTF-8"),
    ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=KLINGON\\n"\n',
     "it.po:3: the Content-Type header names an unknown charset 'KLINGON': write "
     "charset=UTF-8"),
    ('msgid ""\nmsgstr ""\n"Language: xx_YY\\n"\n',
     "it.po:3: the PO file's Language header is 'xx_YY'; expected one of es, it"),
    ('msgid ""\nmsgstr "Language: fr\\n"\n',
     "it.po:1: the PO file's Language header is 'fr'; expected one of es, it"),
    ('msgid ""\nmsgstr "Language: it\\n"\n\nmsgctxt "104.99"\nmsgid "x"\nmsgstr "y"\n',
     "it.po:5: msgctxt \"104.99\": no such text in the it translation nor in the English"),
])
def test_malformed_or_foreign_po_is_a_file_line_error(tmp_path, monkeypatch, po_text,
                                                       message):
    root = _copy(tmp_path)
    monkeypatch.chdir(tmp_path)
    before = _snapshot(root)
    # (the one "é" is written as Latin-1, the rest is ASCII)
    (tmp_path / "it.po").write_bytes(po_text.encode("latin-1"))
    with pytest.raises(DataErrors) as info:
        import_po(tmp_path / "it.po", root)
    assert [str(e) for e in info.value.errors][0].startswith(message), info.value
    assert _snapshot(root) == before


_TEXT = st.text(alphabet=st.one_of(st.characters(exclude_categories=("Cs", "Cc")),
                                   st.sampled_from("\n\t\r ")), min_size=1, max_size=120)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    """A copy of the project rules for the property test, and its Italian 514 as it was."""
    tmp_path = tmp_path_factory.mktemp("po")
    root = _copy(tmp_path)
    return tmp_path, root, (root / "it" / "514.yaml").read_bytes()


@settings(max_examples=15, deadline=None)  # each example reads the project twice
@given(value=_TEXT.filter(str.strip))
def test_any_text_survives_the_round_trip(scratch, value):
    tmp_path, root, original = scratch
    (root / "it" / "514.yaml").write_bytes(original)
    text = export_po(load_rulebook(root), "it", sections=["514"])
    po = tmp_path / "it.po"
    po.write_text(_set_msgstr(text, "514.1", value), encoding="utf-8")
    import_po(po, root)
    book = load_rulebook(root)
    assert book.find("it", RuleNumber.parse("514.1")).text == value
    again = export_po(book, "it", sections=["514"])
    assert next(m for m in _catalog(again) if m.context == "514.1").string == value


# --- the command ----------------------------------------------------------------------------
def test_cli_po_export_and_import(tmp_path, monkeypatch, capsys):
    from tolaria.cli import main

    root = _copy(tmp_path)
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "it.po"
    assert main(["po", "export", "--lang", "it", "--section", "104", "--rules", str(root),
                 "--out", str(out)]) == 0
    text = _set_msgstr(out.read_text(encoding="utf-8"), "104.1", "Una partita finisce.")
    out.write_text(text, encoding="utf-8")
    assert main(["po", "--rules", str(root), "import", str(out)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "rules/it/104.yaml: 1 text changed, 1 rule now translated from the current edition "
        "(104.1)",
        "2 fuzzy messages not applied (clear their fuzzy flags once the translations follow "
        "the new English)"]  # 104.3j (reworded since 2018) and 104.6 (typography)
    out.write_text("garbage\n", encoding="utf-8")
    assert main(["po", "import", str(out), "--rules", str(root)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("it.po:1: not a valid PO file") and "Traceback" not in err
    assert main(["po", "export", "--lang", "it", "--section", "104.x"]) == 2


def test_header_has_no_babel_placeholders_and_export_is_deterministic(book):
    text = export_po(book, "it", sections=["104"], history=False)
    header = text.split("\n\n")[0]
    assert "EMAIL@ADDRESS" not in header and "FULL NAME" not in header
    assert "LL@li.org" not in header and "PROJECT" not in header
    assert '"Project-Id-Version: Tolaria ' in header
    assert '"Language-Team: Tolaria Italian translation\\n"' in header
    assert '"Last-Translator: Tolaria project\\n"' in header
    assert export_po(book, "it", sections=["104"], history=False).encode() == text.encode()
    catalog = _catalog(text)
    assert catalog.language_team == "Tolaria Italian translation"


# --- messages in the user's language -----------------------------------------------------------
def test_a_po_file_that_cannot_be_read_says_why_in_plain_words(tmp_path, capsys):
    from tolaria.cli import main

    (tmp_path / "it.po").mkdir()
    assert main(["po", "import", str(tmp_path / "it.po")]) == 2
    assert capsys.readouterr().err.endswith(": it is a folder, not a file\n")


def test_babels_complaints_reach_the_user_translated(tmp_path, monkeypatch, capsys):
    from pseudo_locale import pseudo_language, tr
    from tolaria.cli import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "it.po").write_text('msgid ""\nmsgstr "Language: it\\n"\n\nbroken\n',
                                    encoding="utf-8")
    pseudo_language(monkeypatch, "es")
    assert main(["po", "import", "it.po", "--ui-lang", "es"]) == 2
    assert capsys.readouterr().err.splitlines()[0] == "it.po:4: " + tr(
        "not a valid PO file: {problem}", problem=tr(
            "a line that is neither a comment, a keyword (msgctxt, msgid, msgid_plural, msgstr) "
            "nor a quoted continuation of one"))


def test_export_of_no_section_names_the_language_in_words(capsys, monkeypatch):
    from tolaria.cli import main

    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert main(["po", "export", "--lang", "it", "--section", "999"]) == 2
    err = capsys.readouterr().err
    assert "999" in err and "italiano" in err and " it " not in err


def test_export_comments_write_dates_and_sources_in_the_users_language(book):
    from tolaria import i18n

    i18n.set_language("es")
    catalog = build_catalog(book, "es", sections=["104"], history=False)
    comments = "\n".join(next(m for m in catalog if m.context == "104.2a").auto_comments)
    assert "13 de julio de 2018" in comments and "2018-07-13" not in comments
    assert "fuente citada" in comments and "quoted" not in comments


# --- the language written -------------------------------------------------------------------
def _italian_po(root, tmp_path) -> Path:
    """An Italian PO of section 300 with one new msgstr, at tmp_path/it.po."""
    text = export_po(load_rulebook(root), "it", sections=["300"])
    out = tmp_path / "it.po"
    out.write_text(_set_msgstr(text, "300.2", "Un testo italiano nuovo."), encoding="utf-8")
    return out


def test_an_italian_po_whose_header_says_spanish_is_refused(tmp_path, monkeypatch, capsys):
    from tolaria.cli import main

    root = _copy(tmp_path)
    monkeypatch.chdir(tmp_path)
    before = _snapshot(root)
    po = _italian_po(root, tmp_path)
    po.write_text(po.read_text(encoding="utf-8").replace('"Language: it\\n"',
                                                         '"Language: es\\n"'), encoding="utf-8")
    assert main(["po", "import", "it.po", "--rules", str(root)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith('it.po:') and err[0].endswith(
        ': msgctxt "300.1" is the text of rules/it/, but the Language header is \'es\': '
        'nothing was written')
    assert all("Traceback" not in line for line in err)
    assert _snapshot(root) == before


def test_lang_names_the_translation_the_header_must_name(tmp_path, monkeypatch, capsys):
    from tolaria.cli import main

    root = _copy(tmp_path)
    monkeypatch.chdir(tmp_path)
    before = _snapshot(root)
    _italian_po(root, tmp_path)
    assert main(["po", "import", "it.po", "--lang", "es", "--rules", str(root)]) == 2
    assert capsys.readouterr().err == (
        "it.po:11: the PO file's Language header is 'it', not 'es' as asked: nothing was "
        "written\n1 error: fix it and run the command again.\n")
    assert _snapshot(root) == before
    assert main(["po", "import", "it.po", "--lang", "it", "--rules", str(root)]) == 0
    assert "Un testo italiano nuovo." in " ".join(
        (root / "it" / "300.yaml").read_text(encoding="utf-8").split())
