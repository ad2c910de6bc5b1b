"""rulebook.readings: a second `validate` of a folder in the same process reuses what it made
of files that have not changed (by path, size and time), and reads a changed file again,
including one rewritten with the same size and time while it was recent."""

from __future__ import annotations

import os
import time

import pytest

from tolaria.errors import DataErrors
from tolaria.rulebook import readings
from tolaria.validation import folder as validation
from tolaria.validation.folder import validate_folder

GOOD = "en: [the, and]\n...\n"
BAD = "en: [the, o f]\n...\n"  # the same size as GOOD: "o f" is not one word


@pytest.fixture
def reads(monkeypatch) -> list:
    """The folders validate reads the search's word lists of, one item per reading."""
    readings.forget()
    calls = []
    real = validation.read_word_lists

    def counted(where):
        calls.append(where)
        return real(where)

    monkeypatch.setattr(validation, "read_word_lists", counted)
    yield calls
    readings.forget()


def _filler(tiny, text: str, age: float = 60.0):
    path = tiny / "search" / "filler.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    if age:
        then = time.time() - age
        os.utime(path, (then, then))
    return path


def _errors(root) -> list[str]:
    with pytest.raises(DataErrors) as caught:
        validate_folder(root)
    return [str(e) for e in caught.value.errors]


def test_unchanged_files_are_read_once_their_errors_reported_each_time_changed_ones_again(tiny, reads):
    _filler(tiny, BAD)
    first = _errors(tiny)
    assert first == ["rules/search/filler.yaml:1: filler: 'o f' is not one word"]
    assert _errors(tiny) == first
    assert len(reads) == 1
    _filler(tiny, GOOD + "\n", age=30)  # changed: another size and time
    validate_folder(tiny)
    assert len(reads) == 2


def test_a_recent_file_is_read_again_though_rewritten_with_the_same_size_and_time(tiny, reads):
    path = _filler(tiny, BAD, age=0)  # just written: its time cannot tell a later change
    assert len(_errors(tiny)) == 1
    stat = os.stat(path)
    path.write_text(GOOD, encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert os.stat(path).st_size == stat.st_size
    validate_folder(tiny)
    assert len(reads) == 2
    _filler(tiny, GOOD)  # settled: kept from now on
    validate_folder(tiny)
    validate_folder(tiny)
    assert len(reads) == 3


def test_a_reading_is_made_again_in_another_language_or_folder(tiny, reads, monkeypatch):
    from tolaria import i18n

    _filler(tiny, BAD)
    assert _errors(tiny)[0].endswith("'o f' is not one word")
    i18n.set_language("es")
    assert "'o f'" in _errors(tiny)[0] and "not one word" not in _errors(tiny)[0]
    i18n.set_language("en")
    monkeypatch.chdir(tiny)
    assert _errors(tiny)[0].startswith("search/filler.yaml:1: ")
    assert len(reads) == 3


def test_an_unchanged_json_file_is_parsed_once_a_cut_one_again(project, monkeypatch):
    from tolaria.validation import whole_files

    readings.forget()
    parsed = []
    real = whole_files.json_problem
    monkeypatch.setattr(whole_files, "json_problem",
                        lambda text: parsed.append(len(text)) or real(text))
    store = project / "cr" / "en.json"
    try:
        validate_folder(project)
        first = len(parsed)
        assert first >= 1  # the whole CR, and any other JSON store
        validate_folder(project)
        assert len(parsed) == first
        whole = store.read_text(encoding="utf-8")
        store.write_text(whole[:len(whole) // 2], encoding="utf-8")
        errors = _errors(project)
        assert len(parsed) == first + 1
        assert len(errors) == 1 and errors[0].startswith("rules/cr/en.json:")
        assert "not whole JSON" in errors[0]
    finally:
        readings.forget()
