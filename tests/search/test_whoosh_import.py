"""Whoosh loaded without the modules a search never runs: they are not read by a search, and
the ones Whoosh kept a name for work as the real modules when they are used."""

import gc
import json
import os
import subprocess
import sys
import warnings

from tolaria.search.engine import WhooshEngine
from tolaria.search.parsing import parse
from tolaria.search.whoosh_import import StandIn

DEFERRED = ("tempfile", "html", "random", "queue", "urllib.request", "whoosh.highlight",
            "whoosh.lang.porter", "whoosh.lang.dmetaphone", "whoosh.lang.morph_en",
            "whoosh.util.times", "whoosh.lang.snowball.danish", "whoosh.collectors")

_SEARCH_AND_REPORT = """
import json, sys
from tolaria.cli import main
sys.argv = ["tolaria", "search", "fuera de fase", "--lang", "es"]
try:
    status = main()
except SystemExit as exc:
    status = exc.code
from tolaria.search.whoosh_import import StandIn
print(json.dumps({"status": status,
                  "read": [name for name in %r if name in sys.modules],
                  "stand_ins": [name for name, module in sys.modules.items()
                                if isinstance(module, StandIn)]}))
"""


def test_a_search_reads_none_of_the_modules_it_never_runs(book, tmp_path):
    env = dict(os.environ, TOLARIA_CACHE=str(tmp_path / "cache"),
               TOLARIA_RULES=str(book.root))
    command = [sys.executable, "-c", _SEARCH_AND_REPORT % (DEFERRED,)]
    subprocess.run(command, env=env, check=True, capture_output=True)  # builds the index
    done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["status"] == 0, done.stderr
    assert "702.26b" in done.stdout or "702.25b" in done.stdout
    assert report["read"] == [] and report["stand_ins"] == []


_USE_WHAT_WHOOSH_KEPT = """
import json, os, sys
from tolaria.search.whoosh_import import StandIn, load
load()
from whoosh import compat, searching
from whoosh.analysis import morph
from whoosh.filedb import filestore
from whoosh.lang import snowball
from whoosh.util import random_name
kept = isinstance(filestore.tempfile, StandIn)
folder = filestore.tempfile.mkdtemp()  # the real tempfile, read now
made = os.path.isdir(folder)
os.rmdir(folder)
print(json.dumps({
    "kept": kept, "made": made, "name": len(random_name(12)),
    "danish": snowball.classes["da"]().stem("hestene"),
    "spanish": snowball.classes["es"]().stem("fases"),
    "porter": morph.stem("phasing"), "escaped": compat.htmlescape("<b>"),
    "highlight": searching.highlight.Highlighter.__module__,
    "real": not isinstance(sys.modules.get("tempfile"), StandIn)}))
"""


def test_what_whoosh_kept_of_a_stand_in_works_as_the_real_module():
    done = subprocess.run([sys.executable, "-c", _USE_WHAT_WHOOSH_KEPT], check=True,
                          capture_output=True, text=True)
    assert json.loads(done.stdout) == {
        "kept": True, "made": True, "name": 12, "danish": "hest", "spanish": "fas",
        "porter": "phase", "escaped": "&lt;b&gt;", "highlight": "whoosh.highlight",
        "real": True}


def test_an_engine_dropped_closes_its_index_file(book, tmp_path):
    engine = WhooshEngine.for_book(book, base=str(tmp_path / "ix"))
    assert engine.search(parse("phasing"), ["en"], 3)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        del engine
        gc.collect()
    assert not [w for w in caught if issubclass(w.category, ResourceWarning)]


def test_an_engine_closed_opens_its_index_again_when_searched(book, tmp_path):
    engine = WhooshEngine.for_book(book, base=str(tmp_path / "ix"))
    first = [hit.number for hit in engine.search(parse("cleanup step"), ["en"], 5)]
    engine.close()
    assert [hit.number for hit in engine.search(parse("cleanup step"), ["en"], 5)] == first
    engine.close()
