"""Word lists compiled to stem keys, kept in the user's cache.

Stemming a word list's words (the synonyms, the bridges to English, the best bets: some
three thousand words) costs a search's start several milliseconds each time. The compiled
form is kept as marshal data (cache.read_kept, as every kept value) under the analysis'
fingerprint (index.analysis_fingerprint: the analysis code and the word lists), so that a
change to either compiles it again; a cache that cannot be read or written only means
compiling again.
"""

from __future__ import annotations

import os

from .. import cache
from .index import analysis_fingerprint


def kept(name: str, make, encode, decode, version: str = ""):
    """make()'s value, read back from the cache file of name (decode of what encode gave,
    builtin types only) when there is one for the analysis in use (and version: what else
    the value is made of), else made and written there, and name's files for any other
    analysis or version removed. A kept value decode cannot read (of another shape) is made
    again. make() may return None: then nothing is kept."""
    key = f"{version}{analysis_fingerprint()}"
    # "@": no name holds it, so that one name's files are never another's ("topics-es")
    path = os.path.join(cache.cache_dir(), f"search-{name}@{key}.marshal")
    held = cache.read_kept(path, key, decode)
    if held is not None:
        return held
    made = make()
    if made is not None:  # None: nothing to keep (make found no sources), made again next time
        cache.keep_pruned(path, key, encode(made), f"search-{name}@")
    return made
