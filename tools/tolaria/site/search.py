"""The site's search: the CLI's search, run in the browser on data the build writes.

Every language's build writes, under assets/tolaria/: search/ (tolaria.search.export's
data of its language, search.payload.for_language, split by search.shards: core.json, the
analysis, word lists, glossary, numbers and best bets; index.json, the documents, field
statistics and typo vocabulary; N.json, the postings of the terms of shard N, and
packs/K.json, the shards PACK_SHARDS at a time (for the read-ahead); a Spanish or
Italian search also reads the English site's index and shards), rows/ (the search box's
rows, in shards by number: site.rows), search.js (the scorer, and `window.tolaria.search`)
and the Snowball stemmers (snowball-stemmers.js, vendored from the npm registry by
`make vendor`). The theme's search box talks to a worker that answers from the same
scorer instead of Lunr: one script per language (worker_js: the labels of its rows and
messages, the stemmers, the scorer and assets/search-worker.js). Nothing of it is fetched before the reader
focuses the search box or calls `window.tolaria.search` (theme/partials/search-loader.html).
"""

from __future__ import annotations

import json
import os
import re

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from tolaria import i18n
from tolaria.search.export import search_data
from tolaria.search.payload import dumps, for_language
from tolaria.search.shards import packs, split
from tolaria.site.rows import ROWS, rows_files
from tolaria.site.rows import labels as row_labels
from tolaria.search import engine_for

ASSETS = "assets/tolaria"
ENGINE = f"{ASSETS}/search.js"
DATA = f"{ASSETS}/search"  # core.json, index.json, the shards N.json and packs/K.json
STEMMERS = f"{ASSETS}/snowball-stemmers.js"
WORKER = "assets/javascripts/workers/tolaria-search.js"
HERE = os.path.dirname(os.path.abspath(__file__))

_data: dict[tuple[str, str], dict] = {}  # (rules folder, index fingerprint) -> data
# the languages whose Snowball stemmers the search runs (search.analysis.LANGS)
STEMMED = ("english", "spanish", "italian")
# one algorithm's class in snowball-stemmers.js, up to the next one (or newStemmer)
_ALGORITHM = re.compile(r"^    var (\w+)Stemmer = function \(_SnowballStemmer\d*\) \{$.*?"
                        r"(?=^    var \w+Stemmer = function|^    function newStemmer)",
                        re.M | re.S)


def stemmers_path(config) -> str:
    """snowball-stemmers.js vendored by `make vendor` (build/vendor/), or $TOLARIA_SNOWBALL;
    PluginError when there is none."""
    path = os.environ.get("TOLARIA_SNOWBALL") or os.path.join(
        os.path.dirname(config.config_file_path), "build", "vendor", "snowball-stemmers.js")
    if not os.path.isfile(path):
        raise PluginError(i18n._("the site's search needs build/vendor/snowball-stemmers.js: "
                                 "run `make vendor` (or set TOLARIA_SNOWBALL)"))
    return path


def data_files(book, lang: str, rows: int) -> dict[str, str]:
    """The search data of book for a search in lang, split (search.shards), as JSON files
    by name under DATA (the data made once per process for an unchanged index); the core
    says how many shards the rows are in (rows)."""
    key = (str(book.root), engine_for(book).info.fingerprint)
    if key not in _data:
        _data.clear()
        _data[key] = search_data(book)
    core, index, shards = split(for_language(_data[key], lang), lang)
    texts = [dumps(shard) for shard in shards]
    return {"core.json": dumps({**core, "rows": rows}), "index.json": dumps(index),
            **{f"{n}.json": text for n, text in enumerate(texts)},
            **{f"packs/{k}.json": dumps(pack) for k, pack in enumerate(packs(texts))}}


def stemmers_js(path: str) -> str:
    """snowball-stemmers.js with only the algorithms the search runs (STEMMED): the others
    (some twenty languages, about two thirds of it) left out, each name kept as null so that
    the file still runs as published; the file unchanged if its layout is not the one known."""
    with open(path, encoding="utf-8") as stream:
        text = stream.read()
    found = [m.group(1) for m in _ALGORITHM.finditer(text)]
    if not set(STEMMED) <= set(found):
        return text
    return _ALGORITHM.sub(lambda m: m.group(0) if m.group(1) in STEMMED
                          else f"    var {m.group(1)}Stemmer = null;\n\n", text)


def _asset(name: str) -> str:
    with open(os.path.join(HERE, "assets", name), encoding="utf-8") as stream:
        return stream.read()


def worker_js(stemmers: str) -> str:
    """The search box's worker as one script: the labels of its rows and messages in the
    interface's language (self.TOLARIA_LABELS), the stemmers (stemmers_js's text), the
    scorer and the worker itself, so that the worker asks for no other script and its
    first fetches are those of the search's data."""
    labels = json.dumps(row_labels(), ensure_ascii=False, separators=(",", ":"))
    return ";\n".join([f"self.TOLARIA_LABELS = {labels}", stemmers,
                        _asset("tolaria-search.js"), _asset("search-worker.js")])


def search_files(config, book, lang: str, stemmers: str) -> list[File]:
    """The search's files of lang's build (stemmers: stemmers_path's)."""
    rows = rows_files(book, lang)
    data = data_files(book, lang, len(rows))
    stemmers_text = stemmers_js(stemmers)
    return [*(File.generated(config, f"{DATA}/{name}", content=text)
              for name, text in data.items()),
            *(File.generated(config, f"{ROWS}/{name}", content=text)
              for name, text in rows.items()),
            File.generated(config, ENGINE, content=_asset("tolaria-search.js")),
            File.generated(config, WORKER, content=worker_js(stemmers_text)),
            File.generated(config, STEMMERS, content=stemmers_text)]
