"""The glossary's names, found in queries in any language; their keys kept in the user's
cache give the very same names as made afresh, and a damaged or foreign cache file is
never believed."""

from pathlib import Path

import pytest

from tolaria.search.glossary import Glossary


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path))
    return tmp_path / "glossary"


def test_kept_names_are_the_names_made_afresh(book, cache):
    fresh = Glossary(book.glossary).names
    assert Glossary(book.glossary, "salt").names == fresh  # made, then kept
    assert len(list(cache.glob("*.marshal"))) == 1
    assert Glossary(book.glossary, "salt").names == fresh  # read back


def test_another_salt_makes_the_names_again(book, cache, monkeypatch):
    from tolaria.search import glossary

    Glossary(book.glossary, "one")
    made = []
    real = glossary._names
    monkeypatch.setattr(glossary, "_names", lambda forms: made.append(1) or real(forms))
    Glossary(book.glossary, "one")
    assert made == []
    Glossary(book.glossary, "two")
    assert made == [1]


@pytest.mark.parametrize("content", [b"", b"\x00garbage", b"\xe9\x01\x02"])
def test_a_damaged_cache_file_is_made_again(book, cache, content):
    fresh = Glossary(book.glossary).names
    Glossary(book.glossary, "salt")
    (file,) = cache.glob("*.marshal")
    file.write_bytes(content)
    assert Glossary(book.glossary, "salt").names == fresh
    assert file.read_bytes() != content


def test_a_query_names_terms_in_every_language(book):
    found = Glossary(book.glossary, None).find(("phased", "out"))
    assert found and found[0].lang == "en" and found[0].words == frozenset({0, 1})
    spanish = Glossary(book.glossary).find(("fuera", "de", "fase"))
    assert any(match.lang == "es" for match in spanish)
