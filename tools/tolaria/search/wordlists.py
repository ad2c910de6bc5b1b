"""The search's word lists, as data a translator edits: rules/search/*.yaml.

- `synonyms.yaml`: per language, what people type (jargon, slang, abbreviations,
  loanwords) and how the rules say it (read by synonyms.py);
- `filler.yaml`: per language, the words of a question around what it asks (filler.py);
- `corrections.yaml`: per language, common words a typo correction never goes to
  (spelling.py);
- `english.yaml`: per language (es, it), the words players use for a topic the covered
  sections do not have, and the English words of the whole CR for it (the bridge from a
  Spanish or Italian query to a rule in English only; read by synonyms.py as `english`);
- `english_words.yaml`: per language (es, it), game words and their English, which rank
  the English rules a bridged query reaches (synonyms.py's `english_words`);
- `topics.yaml`: per language, best bets: the telling words of questions players commonly
  ask, the rules that answer them, and what each was written from (topics.py; the
  editorial rules `validate` holds them to: topic_checks.py).

Read strictly through yamlfiles.YamlFile (every error as file:line) by `tolaria validate`
(check_folder); at search time they are read once per process, from the folder of
$TOLARIA_RULES when it has them, else from the project's rules/search/, and kept in the
user's cache as marshal data by their content's digest (neither YAML nor pathlib is
imported on the hot path: a fresh search pays for every import; the strict readers import
them). The digest is part of the search index's fingerprint (index.analysis_fingerprint):
edit a list and the index is rebuilt by itself.
"""

from __future__ import annotations

import functools
import hashlib
import os

from ..i18n import _
from ..tuples import named
from ..errors import DataErrors
from .. import cache

LANGS = ("en", "es", "it")
FILES = ("synonyms.yaml", "filler.yaml", "corrections.yaml", "english.yaml",
         "english_words.yaml", "topics.yaml")


class Entry(named("Entry", "lang typed rules line")):
    __slots__ = ()
    # lang: str
    # typed: str  # what people type
    # rules: tuple[str, ...]  # how the rules say it, each alternative as text
    # line: int


class Topic(named("Topic", "lang typed rules line sources", defaults=((),))):
    __slots__ = ()
    # lang: str
    # typed: tuple[str, ...]  # the phrases: the telling words of a question, each as text
    # rules: tuple[str, ...]  # what answers it, best first: "104.3c" (in lang's own file),
    #                         # "cr:704.5b" (a rule of the whole CR)
    # line: int
    # sources: tuple[str, ...] = ()  # `from`: the glossary term ids or the rules' words it
    #                                # was written from (topic_checks.py)


class WordLists(named("WordLists", "synonyms filler never english english_words topics",
                       defaults=((), (), ()))):
    __slots__ = ()
    # synonyms: tuple[Entry, ...]
    # filler: dict[str, tuple[str, ...]]  # lang -> words
    # never: dict[str, tuple[str, ...]]  # lang -> words a correction never goes to
    # english: tuple[Entry, ...] = ()  # Spanish and Italian words -> the whole CR's English
    # english_words: tuple[Entry, ...] = ()  # their game words, to rank what english reaches
    # topics: tuple[Topic, ...] = ()  # best bets (topics.py)


def _project_dir() -> str:
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(here))), "rules",
                        "search")


def folder() -> str:
    """Where the lists are read from: $TOLARIA_RULES/search when it has them, else the
    project's rules/search."""
    env = os.environ.get("TOLARIA_RULES")
    if env and os.path.isfile(os.path.join(env, "search", FILES[0])):
        return os.path.join(env, "search")
    return _project_dir()


def _raw(where: str) -> list[bytes | None]:
    out: list[bytes | None] = []
    for name in FILES:
        try:
            with open(os.path.join(where, name), "rb") as stream:
                out.append(stream.read())
        except OSError:
            out.append(None)
    return out


def _digest(where: str) -> str:
    h = hashlib.blake2b(digest_size=8)
    for name, raw in zip(FILES, _raw(where)):
        h.update(name.encode() + (b"\1" if raw is None else b"\0" + raw) + b"\0")
    return h.hexdigest()


@functools.cache
def digest(where: str | None = None) -> str:
    """A digest of the lists' content (part of the index's fingerprint), as the process
    first read it."""
    return _digest(where or folder())


# --- strict reading (validate) ----------------------------------------------------------
def read_folder(where, errors: list) -> WordLists:
    """The lists of a folder, every problem appended to errors as a DataError (file:line);
    a missing file reads as empty."""
    # lazy: saves 5 ms of `search`'s cold start (import CPU time, min of 5 runs)
    from pathlib import Path

    # lazy: saves 31 ms of `search`'s cold start (import CPU time, min of 5 runs)
    from ..yamlfiles.nodes import STR, YamlFile, display_path, is_sequence, line_of

    where = Path(os.fspath(where))
    synonyms: list[Entry] = []
    filler: dict[str, tuple[str, ...]] = {}
    never: dict[str, tuple[str, ...]] = {}

    def opened(name):
        path = where / name
        if not path.exists():
            return None, None
        f = YamlFile(path, display_path(path), errors)
        return f, f.compose()

    def words(f, node, what):
        out = []
        for item in f.sequence(node):
            value = f.scalar(item, STR, what)
            if value is None:
                continue
            if len(value.split()) != 1:
                f.error(item, _("{what}: '{value}' is not one word").format(
                    what=what, value=value))
                continue
            out.append(value.lower())
        return tuple(out)

    def entries(name, into, langs=LANGS):
        f, root = opened(name)
        if root is None:
            return
        for lang, node in (f.mapping(root, set(), set(langs)) or {}).items():
            for item in f.sequence(node):
                keys = f.mapping(item, {"typed", "rules"})
                if not keys or len(keys) < 2:
                    continue
                typed = f.scalar(keys["typed"], STR, "typed")
                rules = [f.scalar(x, STR, "rules") for x in f.sequence(keys["rules"])]
                if rules == [] and is_sequence(keys["rules"]):
                    f.error(keys["rules"], _("rules: expected at least one wording"))
                if typed is None or None in rules or not rules:
                    continue
                into.append(Entry(lang, typed.lower(), tuple(r.lower() for r in rules),
                                  line_of(item)))

    entries("synonyms.yaml", synonyms)
    english: list[Entry] = []
    entries("english.yaml", english, ("es", "it"))
    english_words: list[Entry] = []
    entries("english_words.yaml", english_words, ("es", "it"))
    topics: list[Topic] = []
    f, root = opened("topics.yaml")
    for lang, node in ((f.mapping(root, set(), set(LANGS)) or {}).items()
                       if root is not None else ()):
        for item in f.sequence(node):
            keys = f.mapping(item, {"typed", "rules", "from"})
            if not keys or len(keys) < 3:
                continue
            lists = {}
            for name in ("typed", "rules", "from"):
                values = [f.scalar(x, STR, name) for x in f.sequence(keys[name])]
                if values == [] and is_sequence(keys[name]):
                    f.error(keys[name], _("{what}: expected at least one").format(what=name))
                lists[name] = values
            if all(lists.values()) and None not in sum(lists.values(), []):
                topics.append(Topic(lang, tuple(t.lower() for t in lists["typed"]),
                                    tuple(lists["rules"]), line_of(item),
                                    tuple(lists["from"])))
    f, root = opened("filler.yaml")
    if root is not None:
        for lang, node in (f.mapping(root, set(), set(LANGS)) or {}).items():
            filler[lang] = words(f, node, "filler")
    f, root = opened("corrections.yaml")
    if root is not None:
        top = f.mapping(root, {"never"}) or {}
        if "never" in top:
            for lang, node in (f.mapping(top["never"], set(), set(LANGS)) or {}).items():
                never[lang] = words(f, node, "never")
    return WordLists(tuple(synonyms), filler, never, tuple(english), tuple(english_words),
                     tuple(topics))


def read_checked(where, content: str | None = None) -> tuple[WordLists, list]:
    """The lists of a folder and the problems read_folder finds in them: lists of the same
    content (their digest, read now unless given) as lists read whole and found right
    before come from the user's cache, with none (only lists found right are kept)."""
    where = os.fspath(where)
    content = content or _digest(where)
    path = _kept_path(content)
    found = cache.read_kept(path, content, _decoded)  # of another shape: read again
    if found is not None:
        return found, []
    errors: list = []
    found = read_folder(where, errors)
    if not errors:
        cache.keep_pruned(path, content, _encoded(found), "search-words-")
    return found, errors


def check_folder(rules_root) -> int:
    """Check rules_root/search/*.yaml strictly; the number of entries. Raises DataErrors."""
    lists, errors = read_checked(os.path.join(os.fspath(rules_root), "search"))
    if errors:
        raise DataErrors(errors)
    return len(lists.synonyms) + len(lists.english) + len(lists.english_words) + \
        len(lists.topics)


# --- reading at search time ---------------------------------------------------------------
def _kept_path(content: str) -> str:
    """Where lists of this content (a _digest), read whole and found right, are kept."""
    return os.path.join(cache.cache_dir(), f"search-words-{content}.marshal")


def _encoded(found: WordLists) -> dict:
    """found in builtin types, as cache.write_kept keeps them (named tuples as tuples)."""
    return {"synonyms": [tuple(e) for e in found.synonyms], "filler": dict(found.filler),
            "never": dict(found.never), "english": [tuple(e) for e in found.english],
            "english_words": [tuple(e) for e in found.english_words],
            "topics": [tuple(t) for t in found.topics]}


def _decoded(held: dict) -> WordLists:
    """The lists as _encoded keeps them."""
    def read(name):
        return tuple(Entry(e[0], e[1], tuple(e[2]), e[3]) for e in held[name])

    return WordLists(read("synonyms"), {k: tuple(v) for k, v in held["filler"].items()},
                     {k: tuple(v) for k, v in held["never"].items()}, read("english"),
                     read("english_words"),
                     tuple(Topic(t[0], tuple(t[1]), tuple(t[2]), t[3], tuple(t[4]))
                           for t in held["topics"]))


def check() -> None:
    """Raise the lists' DataErrors, if any. Lists with this content that were read whole
    before were right (only right lists are kept): a search's start then reads nothing
    (the kept lists are some 300 kB of marshal data; the tables a search uses are kept
    apart)."""
    if not os.path.exists(_kept_path(digest(folder()))):
        lists()


@functools.cache
def lists() -> WordLists:
    """The lists in use (see folder), from the cache when their content is unchanged.
    Raises DataErrors when they are broken (`tolaria validate` names every problem)."""
    where = folder()
    found, errors = read_checked(where, digest(where))
    if errors:
        raise DataErrors(errors)
    return found
