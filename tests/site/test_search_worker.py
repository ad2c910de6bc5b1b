"""The search box's worker as the build writes it: one script per language, holding the
labels of its rows and messages in the language, the stemmers and the scorer, so that it
loads no other script before its first fetches of the search's data."""

from __future__ import annotations

import json
import re

from tolaria import i18n
from tolaria.site.rows import labels
from tolaria.site.search import _asset, worker_js

STEMMERS = "var snowballFactory = {newStemmer: function () {}};"


def written(lang: str) -> str:
    interface = i18n.current_language()
    i18n.set_language(lang)
    try:
        return worker_js(STEMMERS)
    finally:
        i18n.set_language(interface)


def test_the_worker_holds_its_labels_in_the_language_then_the_scripts_it_runs():
    for lang in ("en", "es", "it"):
        text = written(lang)
        found = re.match(r"self\.TOLARIA_LABELS = (\{.*?\});\n", text)
        assert found, text[:200]
        held = json.loads(found.group(1))
        interface = i18n.current_language()
        i18n.set_language(lang)
        try:
            assert held == labels()
        finally:
            i18n.set_language(interface)
        stemmers = text.index(STEMMERS)
        scorer = text.index(_asset("tolaria-search.js"))
        worker = text.index(_asset("search-worker.js"))
        assert found.end() <= stemmers < scorer < worker
    assert len({written("en"), written("es"), written("it")}) == 3

