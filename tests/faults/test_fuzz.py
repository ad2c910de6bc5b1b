"""Arbitrary arguments and PO files through tolaria.cli.main: nothing raises past main, a
failure is a clear message on stderr (never a traceback, never the bug catch-all of exit
70), and the status is 0, 1 or 2."""

from __future__ import annotations

import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tolaria_testing import REPO

from .support import in_process

SETTINGS = settings(max_examples=150, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])
text = st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00"),
               max_size=40)
number = st.one_of(text, st.from_regex(r"\A[0-9]{1,4}(\.[0-9]{0,3}[a-z]?)?\Z"),
                   st.integers(-10**6, 10**6).map(str))
lang = st.one_of(st.sampled_from(["en", "es", "it", "all", "fr", "", "EN"]), text)
limit = st.one_of(st.integers(-5, 10**9).map(str), text)
date_ = st.one_of(st.dates().map(str), text, st.sampled_from(["2026-02-30", "0000-01-01"]))


@pytest.fixture
def rules(tmp_path_factory, monkeypatch):
    """A copy of the rulebook (po import can never change the project's own)."""
    target = tmp_path_factory.getbasetemp() / "fuzz-rules"
    if not target.exists():
        shutil.copytree(REPO / "rules", target)
    monkeypatch.setenv("TOLARIA_RULES", str(target))
    return target


def _check(argv, capsys):
    status, out, err = in_process(argv, capsys)
    assert status in (0, 1, 2), (argv, status, err)
    assert "Traceback" not in err and "unexpected error" not in err, (argv, err)
    if status:
        # split at "\n" only: a message that echoes a typed control character (\x1e, \r)
        # is still one line of output (known: such characters are echoed raw)
        lines = err.rstrip("\n").split("\n")
        assert lines and all(line.strip() for line in lines), (argv, err)
        if not lines[-1].endswith("run the command again."):  # not a list of data errors
            assert len(lines) == 1, (argv, err)


@SETTINGS
@given(words=number, lang=lang, json=st.booleans())
def test_show(rules, capsys, words, lang, json):
    _check(["show", words, "--lang", lang] + (["--json"] if json else []), capsys)


@SETTINGS
@given(term=text, lang=lang, json=st.booleans())
def test_show_glossary(rules, capsys, term, lang, json):
    _check(["show", "--glossary", term, "--lang", lang] + (["--json"] if json else []), capsys)


@SETTINGS
@given(words=number, lang=lang, limit=limit)
def test_search(rules, capsys, words, lang, limit):
    _check(["search", words, "--lang", lang, "--limit", limit], capsys)


@SETTINGS
@given(words=number, edition=st.one_of(st.none(), date_))
def test_history(rules, capsys, words, edition):
    _check(["history", words] + (["--edition", edition] if edition is not None else []),
           capsys)


PO_PARTS = st.sampled_from([
    'msgid ""\n', 'msgstr ""\n', '"Language: es\\n"\n', '"Language: it\\n"\n',
    '"Content-Type: text/plain; charset=UTF-8\\n"\n', 'msgctxt "104.1"\n',
    'msgctxt "702.25b example 1"\n', 'msgctxt "300.2 since 2005-08-01"\n',
    'msgid "The game ends"\n', 'msgstr "El juego termina"\n', '#, fuzzy\n', '"\n',
    'msgstr[0] "x"\n', "\n", "#~ msgid \"old\"\n", 'msgctxt "999.9z"\n'])


@SETTINGS
@given(content=st.one_of(
    st.binary(max_size=300),
    st.lists(PO_PARTS, max_size=25).map(lambda parts: "".join(parts).encode()),
    st.lists(st.one_of(PO_PARTS, text.map(lambda t: t + "\n")), max_size=15)
    .map(lambda parts: "".join(parts).encode("utf-8")),
    st.integers(1, 200_000).map(lambda n: b'msgid "' + b"x" * n + b'"\n')))
def test_po_import(rules, capsys, tmp_path, content):
    before = {p: p.read_bytes() for p in rules.rglob("*.yaml")}
    path = tmp_path / "fuzz.po"
    path.write_bytes(content)
    _check(["po", "import", str(path)], capsys)
    after = {p: p.read_bytes() for p in rules.rglob("*.yaml")}
    if after != before:  # a PO file that applies: back to the rulebook as it was
        for p, data in before.items():
            p.write_bytes(data)
