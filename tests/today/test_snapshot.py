import os
import time

from tolaria_testing import before_end, REPO
from tolaria.today.loader import load_rulebook
from tolaria.rulebook.snapshot import dumps, loads


def test_a_snapshot_gives_back_the_same_rulebook():
    book = load_rulebook(REPO / "rules", use_cache=False)
    assert loads(dumps(book, "key"), "key") == book


def test_a_snapshot_of_other_files_is_not_used():
    book = load_rulebook(REPO / "rules", use_cache=False)
    try:
        loads(dumps(book, "key"), "other key")
    except ValueError:
        return
    raise AssertionError("a snapshot made for other files was accepted")


def test_the_cached_rulebook_follows_edits(tiny):
    first = load_rulebook(tiny)
    assert load_rulebook(tiny) == first  # from the snapshot
    path = tiny / "en" / "104.yaml"
    path.write_text(path.read_text().replace("This rule sorts after", "This rule comes after"))
    os.utime(path, ns=(time.time_ns(), time.time_ns() + 10**9))
    second = load_rulebook(tiny)
    assert second.section("en", "104").rules[-1].text == "This rule comes after 104.2."


def test_a_broken_rulebook_is_never_served_from_the_snapshot(tiny):
    from tolaria.errors import DataErrors

    load_rulebook(tiny)
    path = tiny / "en" / "104.yaml"
    path.write_text(before_end(path.read_text(), "extra: key\n"))
    try:
        load_rulebook(tiny)
    except DataErrors as exc:
        assert "unknown key 'extra'" in str(exc)
        return
    raise AssertionError("a broken rulebook loaded")


def test_a_snapshot_gives_back_records_of_the_same_classes():
    book = load_rulebook(REPO / "rules", use_cache=False)

    from tolaria.rulebook.snapshot import Decoded

    def same(ours, theirs, where="book"):  # a dict may come back as a lazy mapping
        assert type(ours) is type(theirs) or isinstance(theirs, Decoded), where
        if isinstance(ours, tuple):
            assert len(ours) == len(theirs), where
            for index, (a, b) in enumerate(zip(ours, theirs)):
                same(a, b, f"{where}[{index}]")
        elif isinstance(theirs, (dict, Decoded)):
            assert set(ours) == set(theirs), where
            for key in ours:
                same(ours[key], theirs[key], f"{where}[{key!r}]")

    same(book, loads(dumps(book, "key"), "key"))


def test_a_snapshot_decodes_a_section_only_when_it_is_read():
    from tolaria.rulebook import snapshot

    book = load_rulebook(REPO / "rules", use_cache=False)
    loaded = loads(dumps(book, "key"), "key")
    assert list(loaded.sections) == list(book.sections)
    assert loaded.sections._decoded == {} and loaded.lags._decoded == {}
    assert loaded.find("en", book.section("en", "104").rules[0].number) is not None
    assert list(loaded.sections._decoded) == [("en", "104")]
    assert loaded.sections == book.sections and dict(loaded.sections) == book.sections
    sections = dict(book.sections)
    assert loaded.sections.get(("en", "104")) == sections[("en", "104")]
    assert loaded.sections.get(("en", "999")) is None and ("en", "999") not in loaded.sections
    assert list(loaded.sections.keys()) == list(sections) and len(loaded.sections) == len(sections)
    assert loaded.sections.items() == list(sections.items())
    assert loaded.sections.values() == list(sections.values())
    assert loaded.sections != {**sections, ("en", "999"): None} and loaded.sections != []
    assert snapshot.Decoded({}, None) == {}


def test_the_rulebook_knows_the_numbers_two_rules_had_and_follows_its_history(tmp_path,
                                                                               monkeypatch):
    import shutil

    from tolaria.history import load_history

    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path / "cache"))
    book = load_rulebook(REPO / "rules")
    assert book.reused == load_history(REPO / "rules").reused()
    assert {"702.25k", "513.2"} <= book.reused and "104.3b" not in book.reused
    rules = tmp_path / "rules"
    shutil.copytree(REPO / "rules", rules)
    titles = rules / "history" / "titles.yaml"
    good = titles.read_bytes()
    titles.write_bytes(good + b"\nbroken: [\n")  # a history that cannot be read: none known
    assert load_rulebook(rules).reused == frozenset()
    titles.write_bytes(good)  # mended: read again, not the snapshot of the broken one
    os.utime(titles, ns=(0, 0))
    assert load_rulebook(rules).reused == book.reused
