"""Word lists compiled to stem keys, kept in the user's cache.

Stemming a word list's words (the synonyms, the bridges to English, the best bets: some
three thousand words) costs a search's start several milliseconds each time. The compiled
form is kept as JSON under the analysis' fingerprint (index.analysis_fingerprint: the
analysis code and the word lists), so that a change to either compiles it again; a cache
that cannot be read or written only means compiling again.
"""

from __future__ import annotations


def kept(name: str, make, encode, decode):
    """make()'s value, read back from the cache file of name (decode of its JSON) when
    there is one for the analysis in use, else made and written there (encode's JSON)."""
    import json
    import os

    from .. import cache
    from .index import analysis_fingerprint

    path = os.path.join(cache.cache_dir(), f"search-{name}-{analysis_fingerprint()}.json")
    try:
        with open(path, encoding="utf-8") as stream:
            return decode(json.load(stream))
    except (OSError, ValueError, TypeError, LookupError):  # absent, damaged, another shape
        pass
    made = make()
    try:
        from ..rulebook.writer import write_atomically

        os.makedirs(cache.cache_dir(), exist_ok=True)
        write_atomically(path, json.dumps(encode(made), ensure_ascii=False))
    except OSError:
        pass  # a read-only cache: compile again next time
    return made
