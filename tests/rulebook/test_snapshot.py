import os
import time

from tolaria_testing import REPO
from tolaria.rulebook.loader import load_rulebook
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
    path.write_text(path.read_text() + "extra: key\n")
    try:
        load_rulebook(tiny)
    except DataErrors as exc:
        assert "unknown key 'extra'" in str(exc)
        return
    raise AssertionError("a broken rulebook loaded")
