import shutil
from pathlib import Path

import pytest

from tolaria.errors import DataErrors
from tolaria.today.loader import load_rulebook
from tolaria.numbering import RuleNumber
from tolaria_testing import FIXTURES

BROKEN = FIXTURES / "broken"


def install(rules: Path, case: str) -> None:
    """Put a broken fixture file in place (its first line says where it goes)."""
    text = (BROKEN / f"{case}.yaml").read_text(encoding="utf-8")
    first, rest = text.split("\n", 1)
    target = first.split("installed as ", 1)[1].split(" ", 1)[0]
    (rules / target).write_text(rest, encoding="utf-8")


def errors_of(rules: Path) -> list[str]:
    with pytest.raises(DataErrors) as caught:
        load_rulebook(rules)
    return [str(e) for e in caught.value.errors]


def test_the_tiny_rulebook_loads(tiny):
    book = load_rulebook(tiny)
    assert book.languages == ["en", "es", "it"]
    section = book.section("es", "104")
    assert section.title == "Finalizando el juego"
    assert [str(r.number) for r in section.rules] == ["104.1", "104.2", "104.2a", "104.10"]
    rule = section.rule(RuleNumber.parse("104.2a"))
    assert rule.line == 11 and rule.file == "rules/es/104.yaml"
    assert [str(n) for n in rule.cites] == ["704"]
    assert rule.examples[0].text.startswith("Ejemplo:")


CASES = {
    "syntax-error": ["rules/en/104.yaml:3: YAML syntax error: a ':' where no key can start (is "
                     "a line indented too far, or a text with ': ' left unquoted?)"],
    "duplicate-key": ["rules/en/104.yaml:4: duplicate key 'title' (first at line 2)"],
    "unknown-key": ["rules/en/104.yaml:1: missing key 'title'",
                    "rules/en/104.yaml:2: unknown key 'titel' (did you mean 'title'?)"],
    "missing-key": ["rules/en/104.yaml:1: missing key 'title'"],
    "wrong-type": ["rules/en/104.yaml:4: edition: expected a date (YYYY-MM-DD), found "
                   "'July 13, 2018' (text)"],
    "unknown-language": ["rules/en/104.yaml:3: unknown language 'fr' (known: en, es, it)"],
    "lang-folder-mismatch": ["rules/en/104.yaml:3: lang is 'es' but the file is in the folder "
                             "'en'"],
    "letter-l": ["rules/en/104.yaml:11: malformed rule number '104.2l' (expected e.g. 104, "
                 "104.3 or 104.3b; subrule letters skip l and o)"],
    "malformed-number": ["rules/en/104.yaml:11: malformed rule number '104.2.a' (expected e.g. "
                         "104, 104.3 or 104.3b; subrule letters skip l and o)"],
    "unquoted-number": ["rules/en/104.yaml:7: number: write the number in quotes (\"104.1\"), "
                        "or 104.10 would read as 104.1"],
    "duplicate-number": ["rules/en/104.yaml:15: duplicate rule 104.2a (first at line 11)"],
    "out-of-order": ["rules/en/104.yaml:15: rule 104.1a is out of order (it comes before "
                     "104.2a)"],
    "outside-section": ["rules/en/104.yaml:15: rule 105.1 does not belong in section 104"],
    "empty-text": ["rules/en/104.yaml:10: text of 104.2 is empty"],
    "unknown-edition": ["rules/en/104.yaml:4: edition 2099-01-01 is not in "
                        "rules/editions.yaml (add it there first)"],
    "file-name": ["rules/en/105.yaml:1: section 104 is in a file named '105.yaml' (rename the "
                  "file to 104.yaml)"],
    "duplicate-edition": ["rules/editions.yaml:5: duplicate edition 2018-07-13 (first at "
                          "line 3)"],
    "impossible-date": ["rules/en/104.yaml:4: edition: '2018-02-30' is no day of the calendar "
                        "(write a date that exists, as YYYY-MM-DD)"],
}


def test_every_broken_fixture_has_an_expectation():
    assert sorted(p.stem for p in BROKEN.glob("*.yaml")) == sorted(CASES)


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_data_error_is_reported_at_its_line(tiny, case):
    install(tiny, case)
    assert errors_of(tiny) == CASES[case]


def test_all_errors_of_a_run_are_reported_together(tiny):
    install(tiny, "duplicate-key")
    (tiny / "it" / "104.yaml").write_text(
        (tiny / "it" / "104.yaml").read_text().replace('"104.2a"', '"104.2o"'))
    assert errors_of(tiny) == [
        "rules/en/104.yaml:4: duplicate key 'title' (first at line 2)",
        "rules/it/104.yaml:11: malformed rule number '104.2o' (expected e.g. 104, 104.3 or "
        "104.3b; subrule letters skip l and o)"]


def test_an_unknown_language_folder_is_reported(tiny):
    (tiny / "fr").mkdir()
    shutil.copy(tiny / "en" / "104.yaml", tiny / "fr" / "104.yaml")
    assert errors_of(tiny) == [
        "rules/fr/104.yaml:1: unknown language folder 'fr' (known: en, es, it)"]


def test_an_empty_file_and_a_missing_file_are_reported(tiny):
    (tiny / "es" / "104.yaml").write_text("")
    (tiny / "glossary.yaml").unlink()
    assert errors_of(tiny) == [
        "rules/es/104.yaml:1: the file is empty",
        "rules/glossary.yaml:1: cannot read the file: no such file or folder"]


def test_a_file_that_is_not_utf8_is_reported_at_the_line_of_the_bad_byte(tiny):
    text = (tiny / "es" / "104.yaml").read_text().replace("Finalizando", "Finalizaci\xf3n")
    (tiny / "es" / "104.yaml").write_bytes(text.encode("latin-1"))
    assert errors_of(tiny) == [
        "rules/es/104.yaml:2: not UTF-8 text (byte 0xf3): save the file as UTF-8"]


def test_a_byte_order_mark_and_crlf_line_endings_are_read(tiny):
    path = tiny / "es" / "104.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n"))
    assert load_rulebook(tiny).section("es", "104").title == "Finalizando el juego"


def test_a_control_character_is_reported_at_its_line(tiny):
    path = tiny / "es" / "104.yaml"
    path.write_text(path.read_text().replace("Hay varias", "Hay\x07varias"))
    assert errors_of(tiny) == [
        "rules/es/104.yaml:10: the character U+0007 is not allowed in YAML; remove it"]


def test_yaml_tags_that_build_objects_are_refused(tiny):
    path = tiny / "en" / "104.yaml"
    path.write_text(path.read_text().replace("title: Ending the Game",
                                             "title: !!python/object:os.system ls"))
    [error] = errors_of(tiny)
    assert error.startswith("rules/en/104.yaml:")


def test_the_section_file_may_be_a_keyword_rule(tiny):
    for lang in ("en", "es", "it"):
        text = (tiny / lang / "104.yaml").read_text().replace('"104', '"702.25').replace(
            '702.25.1"', '702.25a"').replace('702.25.2"', '702.25b"').replace(
            '702.25.2a"', '702.25c"').replace('702.25.10"', '702.25d"')
        (tiny / lang / "104.yaml").unlink()
        (tiny / lang / "702.25.yaml").write_text(text)
    book = load_rulebook(tiny)
    section = book.section("en", "702.25")
    assert [str(r.number) for r in section.rules] == ["702.25a", "702.25b", "702.25c", "702.25d"]
    assert book.find("en", RuleNumber.parse("702.25c")).text.startswith("An effect")


def test_every_english_section_has_every_translation(tiny):
    (tiny / "it" / "104.yaml").unlink()
    assert errors_of(tiny) == [
        "rules/en/104.yaml:1: section 104 has no Italian text: add rules/it/104.yaml"]


def test_a_file_that_is_not_a_section_file_is_reported(tiny):
    (tiny / "it" / "104.yaml").rename(tiny / "it" / "104.yml")
    assert errors_of(tiny) == [  # (checks across files wait until every file is right)
        "rules/it/104.yml:1: not a section file: section files are named after their section, "
        "e.g. 104.yaml"]


def test_a_glossary_term_must_name_rules_that_exist(tiny):
    path = tiny / "glossary.yaml"
    path.write_text(path.read_text().replace('rules: ["104.2"]', 'rules: ["104.9z"]'))
    assert errors_of(tiny) == [
        "rules/glossary.yaml:2: term 'win-the-game' names rule 104.9z, which the English text "
        "does not have"]


def test_a_reference_into_the_rulebook_must_exist_unless_quoted(tiny):
    path = tiny / "it" / "104.yaml"
    path.write_text(path.read_text().replace("(Vedi regola 704.)", "(Vedi regola 104.3z.)"))
    assert errors_of(tiny) == [
        "rules/it/104.yaml:11: 104.2a cites rule 104.3z, which this rulebook's section 104 "
        "does not have"]
    path.write_text(path.read_text().replace("kind: project, name: Test fixture, "
                                             "translated_from: en",
                                             "kind: quoted, name: A page, file: x.txt"))
    assert load_rulebook(tiny).section("it", "104").source.kind == "quoted"


def test_without_editions_only_that_file_is_reported(tiny):
    (tiny / "editions.yaml").unlink()
    assert errors_of(tiny) == [
        "rules/editions.yaml:1: cannot read the file: no such file or folder"]


# --- YAML syntax errors: plain words, in the user's language, whichever parser runs -------------
FIXTURE_104 = (FIXTURES / "rulebook" / "en" / "104.yaml")


def _broken(old: str, new: str) -> str:
    text = FIXTURE_104.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


def _tail(new: str) -> str:
    """The fixture's text, its end line replaced by new."""
    text = FIXTURE_104.read_text(encoding="utf-8")
    return text[:text.rindex("...\n")] + new


# case -> (the file's text, the line reported, the problem's English, its values)
YAML_CASES = {
    "tab": (_broken("lang: en\n", "\tlang: en\n"), 3, "a tab: indent with spaces", {}),
    "tab-inside-indentation": (
        _broken("player wins.\n", "player wins.\n  \t  more\n"), 9,
        "a tab: indent with spaces", {}),
    "unclosed-flow-sequence": (
        _broken("title: Ending the Game\n", "title: [Ending the Game\n"), 3,
        "a list opened with '{open}' at line {line} is not closed with '{close}' (or an item "
        "lacks its ',')", {"open": "[", "close": "]", "line": 2}),
    "unclosed-flow-mapping": (
        _broken("translated_from: en}\n", "translated_from: en\n"), 6,
        "a mapping opened with '{open}' at line {line} is not closed with '{close}' (or an "
        "item lacks its ',')", {"open": "{", "close": "}", "line": 5}),
    "duplicate-anchor": (
        _broken("title: Ending the Game\nlang: en\n", "title: &t Ending the Game\nlang: &t en\n"),
        3, "this anchor (&name) is already defined at line {line}: give each anchor its own "
           "name", {"line": 2}),
    "bad-escape": (
        _broken("title: Ending the Game\n", 'title: "Ending \\q the Game"\n'), 2,
        "a '\\' in a double-quoted text that is not a valid escape: write '\\\\' for a "
        "backslash, or put the text in single quotes", {}),
    "bad-hex-escape": (
        _broken("title: Ending the Game\n", 'title: "Ending \\xZZ"\n'), 2,
        "a '\\' in a double-quoted text that is not a valid escape: write '\\\\' for a "
        "backslash, or put the text in single quotes", {}),
    "unknown-directive": (
        "%FOO bar\n---\n" + FIXTURE_104.read_text(encoding="utf-8"), 1,
        "a YAML directive (a line starting with '%') that is unknown, repeated or for another "
        "YAML version: remove the line", {}),
    "second-document": (
        _tail("---\nsection: \"105\"\n...\n"), 17,
        "a second document (after a line '---') in the file: a data file holds one "
        "document", {}),
    "text-after-document-end": (
        _tail("...\nx: 1\n...\n"), 18,
        "text after the end of the document (a line '...' or a '%' line above?): remove it",
        {}),
    "block-scalar-indicator": (
        _broken("title: Ending the Game\n", "title: |x\n  Ending the Game\n"), 2,
        "after '|' or '>' only '+' or '-', a digit from 1 to 9 and a comment may follow", {}),
    "missing-value": (
        _broken("source: {kind: project, ", "source: {kind: project, , "), 5,
        "a value is missing here (two commas in a row, or a ',' or ':' with nothing before "
        "it?)", {}),
    "anchor-without-name": (
        _broken("title: Ending the Game\n", "title: & Ending the Game\n"), 2,
        "'&' or '*' must be followed by a name (an anchor or an alias): put the text in "
        "quotes", {}),
    "unknown-tag-handle": (
        _broken("title: Ending the Game\n", "title: !x!y Ending the Game\n"), 2,
        "a tag ('!...') that YAML does not know: remove it, or put the text in quotes", {}),
    "character-that-cannot-start": (
        _broken("title: Ending the Game\n", "title: @Ending the Game\n"), 2,
        "the character '{char}' cannot start a value: put the text in quotes", {"char": "@"}),
    "colon-in-plain-text": (
        _broken("title: Ending the Game\n", "title: Ending: the Game\n"), 2,
        "a ':' where no key can start (is a line indented too far, or a text with ': ' left "
        "unquoted?)", {}),
    "key-without-colon": (
        _broken("lang: en\n", "lang en\nx: 1\n"), 4,
        "a key without ':' (or a text that needs quotes)", {}),
    "list-indentation": (
        _broken('  - number: "104.2"\n', '   - number: "104.2"\n'), 9,
        "a line that is not an item of the list above (check its indentation)", {}),
    "item-in-a-mapping": (
        _broken("lang: en\n", "lang: en\n- x\n"), 4,
        "a line that is not a key of the mapping above (check its indentation)", {}),
    "undefined-alias": (
        _broken("lang: en\n", "lang: *en\n"), 3, "an alias (*name) with no anchor (&name)", {}),
    "unclosed-quote": (
        _tail('note: "open\n'), 18,
        "the file ends inside a quoted text (a quote is not closed)", {}),
}


def _ended(case: str) -> bool:
    return YAML_CASES[case][0].rstrip().endswith("\n...")


@pytest.mark.parametrize("case", sorted(filter(_ended, YAML_CASES)))
def test_each_yaml_syntax_error_is_one_line_in_the_users_language(tiny, monkeypatch, capsys,
                                                                  case):
    """Every word of the message comes from the catalogs (the pseudo-Spanish brackets all of
    it), with the file and line; libyaml's wording and PyYAML's give the same message."""
    from pseudo_locale import pseudo_language, tr
    from tolaria.cli import main

    text, line, problem, values = YAML_CASES[case]
    (tiny / "en" / "104.yaml").write_text(text, encoding="utf-8")
    pseudo_language(monkeypatch, "es")
    assert main(["validate", "--rules", str(tiny), "--lang", "es"]) == 2
    first = capsys.readouterr().err.splitlines()[0]
    assert first == f"rules/en/104.yaml:{line}: " + tr(
        "YAML syntax error: {problem}", problem=tr(problem, **values))


@pytest.mark.parametrize("case", sorted(set(YAML_CASES) - {"unknown-directive"}))
def test_the_pure_python_parser_gives_the_same_messages(tiny, monkeypatch, case):
    """(PyYAML's own parser accepts an unknown directive, with a warning.)"""
    import yaml

    from tolaria.yamlfiles import nodes

    text, line, problem, values = YAML_CASES[case]
    (tiny / "en" / "104.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(nodes, "safe_loader", lambda: yaml.SafeLoader)
    assert errors_of(tiny) == [f"rules/en/104.yaml:{line}: YAML syntax error: "
                               + problem.format(**values)]


def test_a_file_without_its_end_line_is_refused_before_its_syntax_is_read(tiny, capsys):
    """`validate` says first that a file may be cut short; the loader names its syntax error."""
    from tolaria.cli import main

    text, line, problem, _values = YAML_CASES["unclosed-quote"]
    (tiny / "en" / "104.yaml").write_text(text, encoding="utf-8")
    assert errors_of(tiny) == [f"rules/en/104.yaml:{line}: YAML syntax error: {problem}"]
    assert main(["validate", "--rules", str(tiny)]) == 2
    last = len(text.rstrip("\n").split("\n"))  # the line 'note: "open', where the file stops
    assert capsys.readouterr().err.startswith(
        f"rules/en/104.yaml:{last}: the file does not end with the line '...'")


def test_a_tab_reads_in_spanish(tiny, capsys):
    """libyaml does not name the tab it stops at: the message is still the Spanish one."""
    from tolaria.cli import main

    (tiny / "en" / "104.yaml").write_text(YAML_CASES["tab"][0], encoding="utf-8")
    assert main(["validate", "--rules", str(tiny), "--lang", "es"]) == 2
    assert capsys.readouterr().err.splitlines()[0] == (
        "rules/en/104.yaml:3: error de sintaxis YAML: un tabulador: sangra con espacios")


def test_an_unknown_parser_problem_is_still_introduced_in_the_users_language(monkeypatch):
    from pseudo_locale import bare_words, pseudo_language
    from tolaria import i18n
    from tolaria.yamlfiles.problems import problem_text

    pseudo_language(monkeypatch, "es")
    i18n.set_language("es")
    text = problem_text("found something new", "while doing a thing")
    assert "found something new" in text and bare_words(text) == ""


def test_a_wrong_type_names_its_kind_in_words(tiny):
    path = tiny / "en" / "104.yaml"
    path.write_text(path.read_text().replace("title: Ending the Game", "title: 12"))
    assert errors_of(tiny) == ["rules/en/104.yaml:2: title: expected a text, found '12' "
                               "(number)"]
    path.write_text(path.read_text().replace("title: 12", "title: true"))
    assert errors_of(tiny) == ["rules/en/104.yaml:2: title: expected a text, found 'true' "
                               "(true/false)"]
