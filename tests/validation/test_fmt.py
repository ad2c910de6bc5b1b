import pytest
import yaml
from hypothesis import given, settings, strategies as st

from tolaria.yamlfiles.canonical import format_yaml
from tolaria.validation.fmt import format_rulebook

MESSY = '''# top comment
section:   '104'   # the number
lang: en
title: Ending the Game
edition: 2018-07-13
source: {name: Fixture, kind: project,
  translated_from: en}
rules:
# first rule
- text: "A game ends immediately when a player wins, when the game is a draw, or when the game is restarted, and this line is long."
  number: "104.1"
-   number: '104.10'
    text: |-
      Two paragraphs.
      Second one.
# trailing comment
'''


def test_canonical_form_keeps_values_and_comments():
    out = format_yaml(MESSY)
    assert yaml.safe_load(out) == yaml.safe_load(MESSY)
    for comment in ("# top comment", "# the number", "# first rule", "# trailing comment"):
        assert comment in out
    assert out.index("# first rule") < out.index('number: "104.1"')
    assert 'section: "104"  # the number' in out
    assert "  - number: \"104.1\"\n    text: >-\n      A game ends" in out


def test_canonical_form_is_a_fixed_point():
    once = format_yaml(MESSY)
    assert format_yaml(once) == once


def test_fmt_writes_nothing_from_an_invalid_rulebook(tiny):
    from tolaria.errors import DataErrors

    path = tiny / "en" / "104.yaml"
    path.write_text(path.read_text().replace("lang: en", "lang: en\nlang: en"))
    before = {p: p.read_bytes() for p in tiny.rglob("*.yaml")}
    with pytest.raises(DataErrors, match="duplicate key 'lang'"):
        format_rulebook(tiny, write=True)
    assert {p: p.read_bytes() for p in tiny.rglob("*.yaml")} == before


def test_fmt_refuses_a_date_that_is_no_day_in_any_data_file(tiny, capsys):
    """Not only the rule texts: a waiver's impossible date is a file:line error too."""
    from tolaria.cli import main

    waivers = tiny / "waivers.yaml"
    waivers.write_text("waivers:\n  - lang: es\n    rule: \"104.1\"\n    check: spelling\n"
                       "    key: k\n    reason: r\n    by: me\n    date: 2026-02-30\n...\n",
                       encoding="utf-8")
    before = {p: p.read_bytes() for p in tiny.rglob("*.yaml")}
    assert main(["fmt", "--rules", str(tiny)]) == 2
    err = capsys.readouterr().err
    assert "waivers.yaml:8: date: '2026-02-30' is no day of the calendar" in err, err
    assert "Traceback" not in err and "unexpected" not in err
    assert {p: p.read_bytes() for p in tiny.rglob("*.yaml")} == before


texts = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x85\u2028\u2029"),
                max_size=200)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["104.1", "104.2a", "104.10"]), texts), max_size=4),
       texts)
def test_any_text_survives_the_canonical_form(rules, title):
    data = {"section": "104", "title": title,
            "rules": [{"number": n, "text": t} for n, t in rules]}
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    out = format_yaml(text)
    assert yaml.safe_load(out) == data
    assert format_yaml(out) == out


def test_fmt_drops_a_byte_order_mark_and_crlf_but_keeps_every_comment(tiny, capsys):
    from tolaria.cli import main

    path = tiny / "es" / "104.yaml"
    original = "# A comment on the first line\n" + path.read_text()
    path.write_bytes(b"\xef\xbb\xbf" + original.replace("\n", "\r\n").encode("utf-8"))
    assert main(["fmt", "--check", "--rules", str(tiny)]) == 1
    assert main(["fmt", "--rules", str(tiny)]) == 0
    assert path.read_bytes() == format_yaml(original).encode("utf-8")
    assert path.read_text().startswith("# A comment on the first line\n")


def test_fmt_reports_a_non_utf8_file_the_loader_does_not_read(tiny, capsys):
    """waivers.yaml, examples/, history/, audit/: fmt reads them all, so it reports their
    encoding like the loader does, one line, nothing written."""
    from tolaria.cli import main

    (tiny / "waivers.yaml").write_bytes(b"waivers: []\n# caf\xe9\n")
    before = {p: p.read_bytes() for p in tiny.rglob("*.yaml")}
    assert main(["fmt", "--rules", str(tiny)]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[0] == ("rules/waivers.yaml:2: not UTF-8 text (byte 0xe9): save the "
                                   "file as UTF-8")
    assert "Traceback" not in err and "unexpected" not in err
    assert {p: p.read_bytes() for p in tiny.rglob("*.yaml")} == before


@pytest.mark.parametrize("tagged", ["!!timestamp xx", "!!timestamp 2020-13-45", "!!int xyz",
                                    "!!float abc", "!!bool maybe"])
def test_fmt_reports_a_value_its_tag_cannot_read_as_one_line(tiny, capsys, tagged):
    """PyYAML's own constructors fail on such text with errors of their own (AttributeError,
    KeyError, ValueError): fmt says where, one line, and writes nothing."""
    from tolaria.cli import main

    (tiny / "notes.yaml").write_text(f"a: 1\nb: {tagged}\n...\n", encoding="utf-8")
    before = {p: p.read_bytes() for p in tiny.rglob("*.yaml")}
    assert main(["fmt", "--rules", str(tiny)]) == 2
    err = capsys.readouterr().err
    tag, _, value = tagged.partition(" ")
    assert err.splitlines()[0] == (f"rules/notes.yaml:2: a value that cannot be read ({tag} "
                                   f"cannot read '{value}'): run tolaria validate")
    assert "Traceback" not in err and "unexpected" not in err
    assert {p: p.read_bytes() for p in tiny.rglob("*.yaml")} == before


def test_fmt_reports_yaml_errors_in_the_users_language(tiny, monkeypatch, capsys):
    from pseudo_locale import pseudo_language, tr
    from tolaria.cli import main

    (tiny / "notes.yaml").write_text("a: b: c\n...\n", encoding="utf-8")
    pseudo_language(monkeypatch, "es")
    assert main(["fmt", "--check", "--rules", str(tiny), "--lang", "es"]) == 2
    assert capsys.readouterr().err.splitlines()[0] == "rules/notes.yaml:1: " + tr(
        "YAML syntax error: {problem}", problem=tr(
            "a ':' where no key can start (is a line indented too far, or a text with ': ' "
            "left unquoted?)"))
