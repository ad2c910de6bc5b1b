"""kept.kept: a compiled word list is made once, read back the same, and made again when
its cache file is damaged or cannot be written."""

import marshal

import pytest

from tolaria.search import synonyms
from tolaria.search.kept import kept


def _made(calls):
    def make():
        calls.append(1)
        return ("a", frozenset({"b"}))
    return make


def encode(value):
    return [value[0], sorted(value[1])]


def decode(stored):
    return stored[0], frozenset(stored[1])


def test_made_once_then_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path))
    calls = []
    first = kept("example", _made(calls), encode, decode)
    again = kept("example", _made(calls), encode, decode)
    assert first == again == ("a", frozenset({"b"})) and len(calls) == 1
    assert len(list(tmp_path.glob("search-example@*.marshal"))) == 1


def test_a_new_file_keeps_the_one_before_and_removes_older_ones(tmp_path, monkeypatch):
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path))
    calls = []
    kept("example", _made(calls), encode, decode, version="one-")
    kept("example-es", _made(calls), encode, decode)  # another name whose name starts alike
    kept("example", _made(calls), encode, decode, version="two-")
    kept("example", _made(calls), encode, decode, version="three-")
    names = sorted(p.name for p in tmp_path.glob("search-*.marshal"))
    assert len(names) == 3 and len(calls) == 4
    assert [n.split("@")[1].split("-")[0] for n in names if n.startswith("search-example@")] \
        == ["three", "two"]
    assert any(n.startswith("search-example-es@") for n in names)


def test_nothing_is_kept_when_make_finds_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path))
    assert kept("example", lambda: None, encode, decode) is None
    assert not list(tmp_path.glob("search-example@*.marshal"))


@pytest.mark.parametrize("damage", ["cut", "shape", "key", "empty"])
def test_a_damaged_file_is_made_again(tmp_path, monkeypatch, damage):
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path))
    calls = []
    kept("example", _made(calls), encode, decode)
    path = next(tmp_path.glob("search-example@*.marshal"))
    key, _value = marshal.loads(path.read_bytes())
    path.write_bytes({"cut": path.read_bytes()[:-3],
                      "shape": marshal.dumps((key, [1])),  # decode fails on it
                      "key": marshal.dumps(("another key", ["a", ["b"]])),
                      "empty": b""}[damage])
    assert kept("example", _made(calls), encode, decode) == ("a", frozenset({"b"}))
    assert len(calls) == 2


def test_a_cache_that_cannot_be_written_only_means_making_it_again(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("", encoding="utf-8")
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path / "file" / "cache"))  # not a folder
    calls = []
    assert kept("example", _made(calls), encode, decode) == ("a", frozenset({"b"}))
    assert kept("example", _made(calls), encode, decode) == ("a", frozenset({"b"}))
    assert len(calls) == 2


@pytest.mark.parametrize("kind", [synonyms.SYNONYMS, synonyms.ENGLISH, synonyms.ENGLISH_WORDS])
@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_every_synonym_table_reads_back_as_compiled(kind, lang):
    def plain(table):  # each pattern's key collections as sets: read back, they are lists
        return [(tuple(i if isinstance(i, str) else frozenset(i) for i in pattern), entry)
                for pattern, entry in table]

    made = synonyms._compiled(lang, kind)
    assert plain(synonyms._decode(synonyms._encode(made))) == plain(made)
