"""The Whoosh index on disk: schema, build, open, and rebuild when stale or broken.

Layout, under `cache.cache_dir()/index/` (or any folder given):

    <name>.current        the folder of the index in use (replaced atomically)
    <name>-<random>/      a complete index, with meta.json (schema, fingerprint, documents)

A build writes a new folder beside the old one (under a hidden name until it is whole),
then points `<name>.current` at it with one rename, so processes still searching the old
folder keep working; a build keeps the folder before it and removes the older ones. An
index of another fingerprint (the rulebook changed, or the code that analyses its text: see
analysis_fingerprint) is rebuilt silently; one that cannot be read (a damaged pointer or
folder), or of an older schema, is rebuilt with a one-line warning. A pointer is only
followed when it names a folder of this index directly inside the index folder (never `../`
or an absolute path). When the folder cannot be written (a read-only or missing cache), the
index is built in memory for this process, with a one-line warning naming the folder, and
search works as usual.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import time
import warnings

from .. import cache
from ..errors import os_error_text
from ..i18n import _, format_list, format_number, language_name, ngettext
from ..tuples import named
from ..files.atomic import locked, write_file
from .analysis import LANGS, analyzer, pairs, word_keys
from .documents import Document

# Imports inside functions: tempfile and shutil (which imports bz2 and lzma) only where an
# index is built or removed, and the atomic writer on building; a search that finds its
# index up to date, as most do, never reads them (start-up is a hot path).
from whoosh import index as whoosh_index  # noqa: E402  (loaded by .analysis)
from whoosh.analysis import SpaceSeparatedTokenizer  # noqa: E402
from whoosh.fields import ID, STORED, TEXT, Schema  # noqa: E402
from whoosh.filedb.filestore import FileStorage, RamStorage  # noqa: E402
from .wordlists import digest

SCHEMA_VERSION = 10
BUILD_SECONDS = 3600  # a hidden build folder this old was left by a killed build
SEARCH_SECONDS = 120  # an index folder younger than this may still be searched: kept
TEXT_FIELDS = ("name", "stem", "section")  # stemmed, per language
# The modules whose code or data decide what the index holds (analysis: stop lists, stems,
# folding; documents and fields): a change to any of them rebuilds the index by itself; so
# does a change to the search's word lists (rules/search/*.yaml, wordlists.digest).
ANALYSIS_MODULES = ("analysis.py", "documents.py", "index.py", "topics.py", "synonyms.py",
                    "kept.py", "../vocabulary/number_words.py")


@functools.cache
def analysis_fingerprint() -> str:
    """A digest of the source of ANALYSIS_MODULES and of the search's word lists (a few kB:
    cheap on every start)."""
    return cache.source_digest(os.path.dirname(os.path.abspath(__file__)),
                               ANALYSIS_MODULES) + "-" + digest()


class IndexRebuilt(UserWarning):
    """The index on disk could not be used as it was and has been rebuilt."""


class IndexNotSaved(UserWarning):
    """The index could not be written to its folder and lives in memory for this process."""


class IndexInfo(named("IndexInfo", "path documents fingerprint built seconds languages saved",
                           defaults=(True,))):
    __slots__ = ()
    # path: str  # where the index is (or, when not saved, where it could not be saved)
    # documents: int
    # fingerprint: str
    # built: bool  # False when an up-to-date index was found
    # seconds: float
    # languages: tuple[str, ...]
    # saved: bool = True  # False: built in memory, the folder could not be written

    def to_json(self) -> dict:
        return {"path": self.path, "documents": self.documents, "built": self.built,
                "saved": self.saved, "seconds": round(self.seconds, 3),
                "languages": list(self.languages)}

    def summary(self) -> str:
        """One line for people: what the index holds, where, and whether it was built."""
        n = self.documents
        if not self.saved:
            message = ngettext("indexed {count} document in {langs} in {seconds} s, in memory "
                               "only: nothing was saved in {path}",
                               "indexed {count} documents in {langs} in {seconds} s, in memory "
                               "only: nothing was saved in {path}", n)
        elif self.built:
            message = ngettext("indexed {count} document (sections, rules and subrules with "
                               "their examples and glossary terms) in {langs} in {seconds} s: "
                               "{path}",
                               "indexed {count} documents (sections, rules and subrules with "
                               "their examples and glossary terms) in {langs} in {seconds} s: "
                               "{path}", n)
        else:
            message = ngettext("up to date: {count} document in {langs}: {path}",
                               "up to date: {count} documents in {langs}: {path}", n)
        return message.format(count=format_number(n),
                              langs=format_list([language_name(c) for c in self.languages]),
                              seconds=format_number(self.seconds, decimals=2), path=self.path)


def schema() -> Schema:
    fields = {"key": ID(unique=True, stored=True), "number": ID(stored=True),
              "lang": ID(stored=True), "title": STORED(), "show": STORED(), "depth": STORED(),
              "keys": STORED(), "shown": STORED(), "editions": STORED(), "first": STORED(),
              # "book": a covered rule (translated); "cr": a rule of the whole CR, English only
              "origin": ID(stored=True)}
    for lang in LANGS:
        for name in TEXT_FIELDS:
            fields[f"{name}_{lang}"] = TEXT(analyzer=analyzer(lang, "stem"), phrase=True)
        fields[f"exact_{lang}"] = TEXT(analyzer=analyzer(lang, "exact"), phrase=True)
        # consecutive words as one token (analysis.pairs): two-word phrases without positions
        fields[f"pairs_{lang}"] = TEXT(analyzer=SpaceSeparatedTokenizer(), phrase=False)
    return Schema(**fields)


def _fields(doc: Document) -> dict:
    lang = doc.lang
    show = doc.heading if doc.depth == 0 else "\n".join(p for p in (doc.text, doc.examples) if p)
    exact = "\n".join(p for p in (doc.heading, doc.text, doc.examples) if p)
    out = {"key": doc.key, "number": doc.number, "lang": lang, "title": doc.title,
           "show": show, "depth": doc.depth, f"exact_{lang}": exact,
           "shown": doc.display, "origin": "cr" if doc.english_only else "book"}
    if doc.editions:
        out["editions"] = " ".join(doc.editions)
    if doc.first:
        out["first"] = doc.first
    names = "\n".join(p for p in (doc.heading, doc.terms) if p)
    section = doc.title if doc.depth else ""  # a rule's section title: what it is about
    out["keys"] = word_keys(lang, "\n".join((names, section, doc.text, doc.examples)))
    text = "\n".join(p for p in (doc.text, doc.examples, doc.gloss) if p)
    found = pairs(lang, names, "name") + pairs(lang, text, "stem") + pairs(lang, exact, "exact")
    if found:
        out[f"pairs_{lang}"] = " ".join(found)
    for name, value in (("name", names), ("stem", text), ("section", section)):
        if value:
            out[f"{name}_{lang}"] = value
    return out


def write_index(folder: str, docs: list[Document], fingerprint: str, procs: int = 1) -> int:
    """Write a complete index of docs into the empty folder; the number of documents."""
    count = _fill(whoosh_index.create_in(folder, schema()), docs, procs)
    langs = sorted({d.lang for d in docs})
    with open(os.path.join(folder, "meta.json"), "w", encoding="utf-8") as out:
        json.dump({"schema": SCHEMA_VERSION, "fingerprint": fingerprint, "documents": count,
                   "languages": langs}, out)
    return count


class MemoryStorage(RamStorage):
    """Whoosh's RamStorage, whose writer keeps its temporary files in memory too. RamStorage
    puts them in one folder of the system's temporary directory (MAIN.tmp), the same for
    every process, which the first writer to finish empties under the others; and an index
    built in memory because the disk is full or read-only must not need the disk."""

    def temp_storage(self, name=None):
        return RamStorage()


def memory_index(docs: list[Document]):
    """An index of docs in memory only, with nothing written to disk."""
    ix = MemoryStorage().create_index(schema())
    _fill(ix, docs, 1)
    return ix


def _fill(ix, docs: list[Document], procs: int) -> int:
    writer = ix.writer(limitmb=256, procs=procs, multisegment=procs > 1)
    count = 0
    try:
        for doc in docs:
            writer.add_document(**_fields(doc))
            count += 1
    except BaseException:
        writer.cancel()
        raise
    writer.commit()
    return count


def open_folder(path: str, whole: bool = False):
    """The index saved in path, read in place: without memory mapping, Whoosh would copy
    each part of the segment file into memory on opening it (about 20 ms of every fresh
    search), while read in place only the parts a query needs are read. whole: memory
    mapped, each part copied once, for a reader of every term's postings (the site's
    search data), which read in place would make millions of small reads."""
    return FileStorage(path, supports_mmap=whole, readonly=True).open_index()


class OpenIndex(named("OpenIndex", "index info")):
    __slots__ = ()
    # index: object  # whoosh.index.Index
    # info: IndexInfo


def open_index(base: str, name: str, docs_factory, fingerprint: str,
               rebuild: bool = False) -> OpenIndex:
    """The index called name under base, built (or rebuilt) from docs_factory() if needed;
    built in memory, with an IndexNotSaved warning, when base cannot be written."""
    start = time.perf_counter()
    pointer = os.path.join(base, f"{name}.current")
    reason = None
    if not rebuild:
        reason, opened = _try_open(base, pointer, fingerprint)
        if opened is not None:
            return opened
        held = _build_lock(base)
        if held is not None:
            with held:  # another process building this index: wait, then read what it built
                again, opened = _try_open(base, pointer, fingerprint)
                if opened is not None:
                    return opened
                return _made(base, name, pointer, docs_factory, fingerprint, again, start)
    return _made(base, name, pointer, docs_factory, fingerprint, reason, start)


def _build_lock(base: str):
    """base's lock while this process builds an index there; None when base cannot be made
    or opened (a read-only or missing cache: the build then says why, in memory)."""
    try:
        os.makedirs(base, exist_ok=True)
        os.close(os.open(base, os.O_RDONLY))
    except OSError:
        return None
    return locked(base)


def _made(base: str, name: str, pointer: str, docs_factory, fingerprint: str, reason,
          start: float) -> OpenIndex:
    """The index built from docs_factory() and pointed at (reason: the warning that says why
    an index there was not used), or built in memory when base cannot be written."""
    docs = docs_factory()
    langs = tuple(sorted({d.lang for d in docs}))
    folder = None
    try:
        folder = _build(base, name, docs, fingerprint)
        write_file(pointer, folder + "\n")  # the pointer names the new folder
    except OSError as exc:  # a read-only or missing cache: search from memory this time
        if folder is not None:
            # lazy: saves 4 ms of `search`'s cold start (import CPU time, min of 5 runs)
            import shutil

            shutil.rmtree(os.path.join(base, folder), ignore_errors=True)
        message = _("the search index could not be saved in {path} ({error}); it is "
                    "built in memory for this run").format(path=base, error=os_error_text(exc))
        with quietly():  # the files Whoosh left open when the write failed: closed here
            forget(exc)
        warnings.warn(message, IndexNotSaved, stacklevel=3)  # where open_index was called
        ix = memory_index(docs)
        return OpenIndex(ix, IndexInfo(base, len(docs), fingerprint, True,
                                       time.perf_counter() - start, langs, saved=False))
    if reason:
        warnings.warn(reason, IndexRebuilt, stacklevel=3)
    _remove_stale(base, name, folder)
    ix = open_folder(os.path.join(base, folder))
    return OpenIndex(ix, IndexInfo(os.path.join(base, folder), len(docs), fingerprint, True,
                                   time.perf_counter() - start, langs))


@contextlib.contextmanager
def quietly():
    """Silence the ResourceWarnings of the files Whoosh leaves open when it fails on a
    damaged index (call forget() inside, on failure, so that they are closed in here)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        yield


def forget(exc: BaseException | None) -> None:
    """Drop a failure's frames (and the files they hold open) now, not at some later time:
    nothing else refers to them, so they go as the references do, with no garbage
    collection (a full one costs a long-lived process, a server or a test worker, a second or
    more; test_index.py holds the files closed with the collector off)."""
    if exc is not None:
        exc.__traceback__ = None
        exc.__context__ = exc.__cause__ = None


def read_pointer(pointer: str, name: str) -> str | None:
    """The folder a pointer names; None when there is no pointer; ValueError when it is
    unreadable or names anything but a folder of this index directly inside the index folder."""
    try:
        with open(pointer, "rb") as stream:
            raw = stream.read(4096)
    except (FileNotFoundError, NotADirectoryError):  # no index there (yet)
        return None
    except OSError as exc:
        raise Damage(os_error_text(exc)) from None
    try:
        folder = raw.decode("utf-8").strip()
    except UnicodeDecodeError:
        raise Damage(_("its pointer file is not UTF-8 text")) from None
    if not re.fullmatch(re.escape(name) + r"-[A-Za-z0-9_]{1,64}", folder):
        raise Damage(_("its pointer file names no folder of this index"))
    return folder


def _try_open(base: str, pointer: str, fingerprint: str):
    """(warning or None, OpenIndex or None): the current index, if usable as it is."""
    name = os.path.basename(pointer)[:-len(".current")]
    try:
        folder = read_pointer(pointer, name)
    except ValueError as exc:
        return _broken(pointer, exc), None
    if folder is None:
        return None, None
    path = os.path.join(base, folder)
    try:
        with open(os.path.join(path, "meta.json"), encoding="utf-8") as stream:
            meta = json.load(stream)
        if not isinstance(meta, dict):
            raise Damage(_("its meta.json is not a JSON object"))
    except (OSError, ValueError) as exc:
        return _broken(path, exc), None
    if meta.get("schema") != SCHEMA_VERSION:
        return _("the search index at {path} has an older schema ({old}, now {new}); "
                 "rebuilding it").format(path=path, old=meta.get("schema"),
                                         new=SCHEMA_VERSION), None
    if meta.get("fingerprint") != fingerprint:
        return None, None  # the rulebook changed: rebuild without a word
    problem = None
    with quietly():
        try:
            ix = open_folder(path)
            if check(ix) != meta.get("documents"):
                raise Damage(_("it holds another number of documents than its meta.json "
                               "says"))
        except Exception as exc:  # noqa: BLE001 - any failure to read means a broken index
            problem = _broken(path, exc)
            ix = None
            forget(exc)
    if problem:
        return problem, None
    info = IndexInfo(path, meta["documents"], fingerprint, False, 0.0,
                     tuple(meta.get("languages", ())))
    return None, OpenIndex(ix, info)


def check(ix) -> int:
    """Read every segment's term index once (raises on most kinds of damage); the number
    of documents."""
    with ix.searcher() as searcher:
        reader = searcher.reader()
        for field in ("lang", "origin"):  # small fields: the whole term index is opened
            for _ in reader.lexicon(field):
                pass
        return reader.doc_count()


class Damage(ValueError):
    """What is wrong with a saved index, in the interface's language."""


def damage_text(exc: Exception) -> str:
    """What a failure to read an index says is wrong with it, in the interface's language."""
    if isinstance(exc, Damage):
        return str(exc)
    if isinstance(exc, OSError):
        return os_error_text(exc)
    if isinstance(exc, json.JSONDecodeError):
        return _("its meta.json is not valid JSON")
    # Whoosh failing on damaged files: its own words would mean nothing to a user
    return _("its files are damaged")


def _broken(path: str, exc: Exception) -> str:
    return _("the search index at {path} is unreadable ({detail}); rebuilding it").format(
        path=path, detail=damage_text(exc))


def _build(base: str, name: str, docs: list[Document], fingerprint: str) -> str:
    """A new index folder of name under base: built under a hidden name (a build in
    progress is no item another build's pruning takes), then renamed whole."""
    os.makedirs(base, exist_ok=True)
    # lazy: saves 6 ms of `search`'s cold start (import CPU time, min of 5 runs)
    import shutil
    import tempfile

    building = tempfile.mkdtemp(prefix=f".{name}-", dir=base)
    try:
        write_index(building, docs, fingerprint)
        folder = os.path.join(base, os.path.basename(building)[1:])
        os.rename(building, folder)
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    return os.path.basename(folder)


def _recent(path: str) -> bool:
    """An index folder built so lately that a process which found it may be searching it
    still (concurrent builds of one name: each process reads the folder it built)."""
    try:
        return time.time() - os.stat(path).st_mtime < SEARCH_SECONDS
    except OSError:
        return True


def _remove_stale(base: str, name: str, folder: str) -> None:
    """Keep the index folder just built for name, the one before it and those built in the
    last SEARCH_SECONDS (a process may still be searching them); remove name's other
    folders, and builds a killed process left (hidden, over an hour old)."""
    mine = re.compile(re.escape(name) + r"-[A-Za-z0-9_]{1,64}")  # as read_pointer takes
    cache.prune_entries(base, lambda entry: mine.fullmatch(entry) is not None
                        and os.path.isdir(os.path.join(base, entry))
                        and not _recent(os.path.join(base, entry)), {folder})
    import shutil  # lazy: saves 4 ms of `search`'s cold start (import CPU time, min of 5 runs)

    try:
        with os.scandir(base) as entries:
            left = [e.path for e in entries if e.name.startswith(".")
                    and mine.fullmatch(e.name[1:]) and e.is_dir(follow_symlinks=False)
                    and time.time() - e.stat().st_mtime > BUILD_SECONDS]
    except OSError:
        return
    for path in left:
        shutil.rmtree(path, ignore_errors=True)
