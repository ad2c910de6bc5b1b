"""The index on disk: built on first use, rebuilt on change, on damage, on an older schema,
swapped atomically while other processes search."""

import json
import os
import shutil
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest

from tolaria.today.loader import load_rulebook
from tolaria.search.engine import WhooshEngine
from tolaria.cache import source_digest
from tolaria.search.index import IndexNotSaved, IndexRebuilt
from tolaria.search.parsing import parse
from tolaria_testing import FIXTURES


def _engine(book, base, **kw):
    return WhooshEngine.for_book(book, base=str(base), **kw)


def _numbers(engine, query, lang="en"):
    return [h.rulebook_number or h.number for h in engine.search(parse(query), [lang], 5)]


def _current(base: Path) -> Path:
    pointer = next(base.glob("*.current"))
    return base / pointer.read_text().strip()


@pytest.fixture(scope="module")
def book():
    """The tiny fixture rulebook, read in place: what these tests damage and rebuild is the
    index's files, whatever rules it holds (each rebuild takes milliseconds)."""
    return load_rulebook(FIXTURES / "rulebook", use_cache=False)


@pytest.fixture(scope="module")
def built(book, tmp_path_factory) -> Path:
    """A folder holding the index of the tiny rulebook, built once: each test that damages
    or rebuilds an index does it to its own copy (_copy_of)."""
    base = tmp_path_factory.mktemp("built") / "ix"
    _engine(book, base).close()
    return base


def _copy_of(built: Path, tmp_path: Path) -> Path:
    base = tmp_path / "ix"
    shutil.copytree(built, base)
    return base


def test_built_once_then_reused(tiny, tmp_path):
    book = load_rulebook(tiny, use_cache=False)
    first = _engine(book, tmp_path / "ix")
    assert first.info.built and first.info.documents > 0
    again = _engine(book, tmp_path / "ix")
    assert not again.info.built and again.info.path == first.info.path


def test_rebuilt_when_the_rulebook_changes(tiny, tmp_path):
    book = load_rulebook(tiny, use_cache=False)
    engine = _engine(book, tmp_path / "ix")
    assert _numbers(engine, "zanzibar") == []
    path = tiny / "en" / "104.yaml"
    text = path.read_text()
    path.write_text(text.replace("A game ends immediately", "A zanzibar game ends immediately"))
    changed = load_rulebook(tiny, use_cache=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a changed rulebook is rebuilt without a warning
        engine = _engine(changed, tmp_path / "ix")
    assert engine.info.built and _numbers(engine, "zanzibar") == ["104.1"]


def _open_under(folder: Path) -> list[str]:
    """The files this process holds open under folder (Linux's /proc)."""
    found = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith(str(folder)):
            found.append(target)
    return found


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="reads Linux's /proc")
@pytest.mark.parametrize("when", ["opening", "searching"])
def test_a_damaged_index_leaves_no_file_open_once_rebuilt(book, built, tmp_path, when):
    """The failure's frames are dropped with it: nothing holds the damaged files, without
    waiting for the garbage collector (disabled here)."""
    import gc

    base = _copy_of(built, tmp_path)
    folder = _current(base)
    engine = _engine(book, base) if when == "searching" else None
    if engine is not None:
        assert _numbers(engine, "game") and _open_under(folder)
    for file in folder.glob("*.seg"):
        with open(file, "r+b") as out:
            out.truncate(64)
    gc.disable()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            engine = engine or _engine(book, base)
            assert _numbers(engine, "player")  # a word read from the index: not yet kept
        assert [w for w in caught if issubclass(w.category, IndexRebuilt)]
        assert _open_under(folder) == []
    finally:
        gc.enable()
        engine.close()


@pytest.mark.parametrize("damage", ["garbage-segments", "truncated-toc", "bad-meta", "no-files"])
def test_a_damaged_index_is_rebuilt_with_a_warning(book, built, tmp_path, damage):
    base = _copy_of(built, tmp_path)
    folder = _current(base)
    for file in folder.iterdir():
        if damage == "garbage-segments" and file.suffix in (".seg", ".trm", ".pst"):
            file.write_bytes(b"\x00garbage" * 10)
        elif damage == "truncated-toc" and file.suffix == ".toc":
            file.write_bytes(file.read_bytes()[:20])
        elif damage == "bad-meta" and file.name == "meta.json":
            file.write_text("{not json")
        elif damage == "no-files" and file.name != "meta.json":
            file.unlink()
    with pytest.warns(IndexRebuilt, match="rebuilding it"):
        engine = _engine(book, base)
        hits = _numbers(engine, "game ends immediately")
    assert hits[0] == "104.1"


def test_an_index_of_an_older_schema_is_rebuilt_with_a_warning(book, built, tmp_path):
    base = _copy_of(built, tmp_path)
    meta = _current(base) / "meta.json"
    data = json.loads(meta.read_text())
    meta.write_text(json.dumps(dict(data, schema=data["schema"] - 1)))
    with pytest.warns(IndexRebuilt, match="older schema"):
        engine = _engine(book, base)
    assert engine.info.built and _numbers(engine, "game ends immediately")[0] == "104.1"


def test_explicit_rebuild_swaps_while_an_open_engine_keeps_searching(book, built, tmp_path):
    base = _copy_of(built, tmp_path)
    old = _engine(book, base)
    assert _numbers(old, "game ends immediately")[0] == "104.1"
    new = _engine(book, base, rebuild=True)
    assert new.info.path != old.info.path and _current(base) == Path(new.info.path)
    assert _numbers(old, "termina inmediatamente", "es")[0] == "104.1"  # the old files are still there
    assert _numbers(new, "termina inmediatamente", "es")[0] == "104.1"


SEARCHER = """
import os, sys
from tolaria.today.loader import load_rulebook
from tolaria.search.engine import WhooshEngine
from tolaria.search.parsing import parse
base, ready, stop, rules = sys.argv[1:]
book = load_rulebook(rules)  # the rulebook whose index the test rebuilds
count = 0
while not os.path.exists(stop):
    engine = WhooshEngine.for_book(book, base=base)
    hits = engine.search(parse("game ends immediately"), ["en"], 3)
    assert hits[0].number == "104.1", hits
    engine.close()
    count += 1
    if count == 1:
        open(ready, "w").close()
print(count)
"""
REBUILDS = 3


def test_two_searchers_keep_working_while_a_third_rebuilds(tiny, tmp_path):
    """Two processes open the index and search, again and again, from before the first
    rebuild to after the last (the mechanics, on the tiny rulebook)."""
    book = load_rulebook(tiny, use_cache=False)
    base = tmp_path / "ix"
    _engine(book, base).close()
    env = dict(os.environ, PYTHONWARNINGS="ignore")
    stop = tmp_path / "stop"
    ready = [tmp_path / f"ready-{n}" for n in range(2)]
    searchers = [subprocess.Popen([sys.executable, "-c", SEARCHER, str(base), str(mark),
                                   str(stop), str(book.root)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  env=env) for mark in ready]
    try:
        deadline = time.monotonic() + 120
        while not all(mark.exists() for mark in ready):
            assert all(p.poll() is None for p in searchers), "a searcher ended early"
            assert time.monotonic() < deadline, "the searchers never searched"
            time.sleep(0.05)
        for _ in range(REBUILDS):
            _engine(book, base, rebuild=True).close()
            assert all(p.poll() is None for p in searchers), "a searcher ended early"
    finally:
        stop.touch()
    for process in searchers:
        out, err = process.communicate(timeout=60)
        assert process.returncode == 0, err
        assert int(out.strip()) > 0


@pytest.mark.parametrize("content", [b"\xff\xfe\x00", b"", b"../decoy", b"/etc",
                                     b"rules-x/../../decoy", b"\x00" * 5000])
def test_a_damaged_or_foreign_pointer_is_rebuilt_never_followed(book, built, tmp_path, content):
    base = _copy_of(built, tmp_path)
    # A valid index outside the index folder: following the pointer there would open it
    # quietly, without a rebuild.
    shutil.copytree(_current(base), tmp_path / "decoy")
    pointer = next(base.glob("*.current"))
    pointer.write_bytes(content)
    with pytest.warns(IndexRebuilt, match="rebuilding it") as caught:
        engine = _engine(book, base)
    assert len(caught) == 1 and engine.info.built
    assert Path(engine.info.path).parent == base
    assert _numbers(engine, "game ends immediately")[0] == "104.1"


@pytest.mark.parametrize("damage, detail", [
    ("pointer", "su archivo puntero no nombra ninguna carpeta de este índice"),
    ("meta", "su meta.json no es JSON válido"),
    ("segments", ("sus archivos están dañados)", "el sistema operativo lo rechazó (")),
])
def test_what_is_damaged_is_said_in_the_users_language(book, built, tmp_path, damage, detail):
    from tolaria import i18n

    base = _copy_of(built, tmp_path)
    folder = _current(base)
    if damage == "pointer":
        next(base.glob("*.current")).write_bytes(b"../decoy")
    elif damage == "meta":
        (folder / "meta.json").write_text("{not json")
    else:
        for file in folder.iterdir():
            if file.suffix in (".seg", ".trm", ".pst"):
                file.write_bytes(b"\x00garbage" * 10)
    i18n.set_language("es")
    try:
        with pytest.warns(IndexRebuilt) as caught:
            _engine(book, base)
    finally:
        i18n.set_language("en")
    message = str(caught[0].message)
    details = detail if isinstance(detail, tuple) else (detail,)
    assert message.startswith("el índice de búsqueda de "), message
    assert any(d in message for d in details) and "Errno" not in message, message


def test_damaged_segments_give_exactly_one_warning_line(tiny, tmp_path):
    cache = tmp_path / "cache"
    env = dict(os.environ, TOLARIA_CACHE=str(cache), TOLARIA_RULES=str(tiny))
    env.pop("PYTHONWARNINGS", None)
    tolaria = [sys.executable, "-m", "tolaria"]
    subprocess.run(tolaria + ["index"], env=env, check=True, capture_output=True)
    folder = _current(cache / "index")
    segments = list(folder.glob("*.seg"))
    assert segments
    for file in segments:
        file.write_bytes(os.urandom(3000))
    done = subprocess.run(tolaria + ["search", "jugador", "--lang", "es"], env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "rebuilding it" in lines[0], done.stderr


def test_rebuild_warnings_are_translated(book, built, tmp_path, monkeypatch):
    from tolaria.search import engine as engine_module, index as index_module

    monkeypatch.setattr(index_module, "_", lambda text: "«" + text + "»")
    monkeypatch.setattr(engine_module, "_", lambda text: "‹" + text + "›")
    base = _copy_of(built, tmp_path)
    (_current(base) / "meta.json").write_text("{not json")
    with pytest.warns(IndexRebuilt, match="^«the search index at .* rebuilding it»$"):
        engine = _engine(book, base)
    for file in Path(engine.info.path).iterdir():  # now break it under the open engine
        if file.suffix == ".seg":
            file.write_bytes(b"\x00garbage" * 10)
    engine.close()
    with pytest.warns(IndexRebuilt, match="^‹the search index at .* while searching") as said:
        assert _numbers(engine, "game ends immediately")[0] == "104.1"
    assert "Error" not in str(said[0].message)  # in words, never a Python class name


def _unwritable(tmp_path) -> Path:
    """An index folder that cannot be made, whoever runs the tests (root included): its
    parent is a file."""
    (tmp_path / "a-file").write_text("not a folder")
    return tmp_path / "a-file" / "ix"


def test_an_unwritable_cache_builds_in_memory_with_one_warning(book, tmp_path):
    base = _unwritable(tmp_path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        engine = _engine(book, base)
        hits = _numbers(engine, "termina inmediatamente", "es")
    assert [type(w.message) for w in caught] == [IndexNotSaved]
    assert str(caught[0].message).startswith(f"the search index could not be saved in {base} ")
    assert not engine.info.saved and engine.info.built and engine.info.documents > 0
    assert hits[0] == "104.1"


def test_an_index_built_in_memory_needs_no_temporary_folder(book, tmp_path, monkeypatch):
    """Nothing of an index built in memory goes to disk, not even to the system's temporary
    directory, which Whoosh's RamStorage shares between every process building one (and
    which the disk that could not hold the cache may not hold either)."""
    monkeypatch.setattr("tempfile.tempdir", str(_unwritable(tmp_path)))
    with pytest.warns(IndexNotSaved):
        engine = _engine(book, _unwritable(tmp_path))
    assert not engine.info.saved and _numbers(engine, "game ends immediately")[0] == "104.1"


def test_a_cache_folder_that_refuses_writes_builds_in_memory(book, tmp_path, monkeypatch):
    base = tmp_path / "ix"
    base.mkdir()

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("tempfile.mkdtemp", refuse)  # as a read-only folder would
    with pytest.warns(IndexNotSaved, match=r"could not be saved in .*\(permission denied\)"):
        engine = _engine(book, base)
    assert not engine.info.saved and _numbers(engine, "game ends immediately")[0] == "104.1"
    assert list(base.iterdir()) == []


def test_search_with_an_unwritable_cache_works_with_one_plain_line(tiny, tmp_path):
    env = dict(os.environ, TOLARIA_CACHE=str(_unwritable(tmp_path)), TOLARIA_RULES=str(tiny))
    env.pop("PYTHONWARNINGS", None)
    done = subprocess.run([sys.executable, "-m", "tolaria", "search", "jugador gana",
                           "--lang", "es", "--ui-lang", "es", "--limit", "1"], env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("104.1 ")
    lines = done.stderr.splitlines()  # in Spanish: --ui-lang es
    assert len(lines) == 1 and "no se pudo guardar el índice" in lines[0], lines
    assert "Not a directory" not in lines[0] and "no se puede leer" not in lines[0]


def test_source_digest_follows_the_files(tmp_path):
    (tmp_path / "analysis.py").write_text("STOP = {'de'}\n")
    before = source_digest(str(tmp_path), ("analysis.py", "gone.py"))
    assert before == source_digest(str(tmp_path), ("analysis.py", "gone.py"))
    (tmp_path / "analysis.py").write_text("STOP = {'de', 'fuera'}\n")
    assert source_digest(str(tmp_path), ("analysis.py", "gone.py")) != before


def test_a_change_to_the_analysis_rebuilds_the_index_silently(book, tmp_path, monkeypatch):
    base = tmp_path / "ix"
    first = _engine(book, base)
    assert first.info.built
    assert not _engine(book, base).info.built  # same analysis: reused
    from tolaria.search import engine as engine_module

    monkeypatch.setattr(engine_module, "analysis_fingerprint", lambda: "another analysis")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # rebuilt without a word
        again = _engine(book, base)
    assert again.info.built and again.info.path != first.info.path


def test_the_analysis_fingerprint_covers_the_stop_lists_and_stems():
    from tolaria.search import index as index_module

    assert {"analysis.py", "documents.py", "index.py"} <= set(index_module.ANALYSIS_MODULES)
    from tolaria.search.wordlists import digest

    assert index_module.analysis_fingerprint() == source_digest(
        os.path.dirname(index_module.__file__), index_module.ANALYSIS_MODULES) \
        + "-" + digest()


def test_processes_that_find_no_index_at_once_build_it_once(tiny, tmp_path):
    """Two searches started together on a cold cache: one builds the index while the other
    waits for it, then reads what was built (one index folder, the same answers)."""
    import fcntl
    import time

    base = tmp_path / "cache" / "index"
    base.mkdir(parents=True)
    env = dict(os.environ, TOLARIA_CACHE=str(tmp_path / "cache"), TOLARIA_RULES=str(tiny))
    tolaria = [sys.executable, "-m", "tolaria", "search", "player", "--json"]
    holder = os.open(base, os.O_RDONLY)
    try:
        fcntl.flock(holder, fcntl.LOCK_EX)  # as a process building there holds it
        searches = [subprocess.Popen(tolaria, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True) for _ in range(2)]
        time.sleep(1.5)  # both have found no index and wait for the lock
        assert not list(base.iterdir())  # nothing built, nor being built
    finally:
        os.close(holder)
    answers = [search.communicate(timeout=120) for search in searches]
    assert [s.returncode for s in searches] == [0, 0], answers
    assert answers[0] == answers[1] and answers[0][1] == ""
    assert len([p for p in base.iterdir() if p.is_dir()]) == 1, list(base.iterdir())
