"""JSON files kept in the user's cache (the search's word lists and what is compiled from
them): read back whole, or written whole; a cache that cannot be read or written only
means reading or making the value again."""

from __future__ import annotations

import json
import os

from .. import cache
from ..files.atomic import write_file


def read(path: str, decode):
    """decode(the JSON kept at path); None when there is none, or it is damaged or of
    another shape (decode raised TypeError or LookupError)."""
    try:
        with open(path, encoding="utf-8") as stream:
            return decode(json.load(stream))
    except (OSError, ValueError, TypeError, LookupError):
        return None


def keep(path: str, data, prefix: str) -> None:
    """Write data as JSON at path (in the cache's folder), and remove the older files named
    prefix... but the one before it (cache.prune); a read-only cache keeps nothing."""
    try:
        os.makedirs(cache.cache_dir(), exist_ok=True)
        write_file(path, json.dumps(data, ensure_ascii=False), durable=False)
    except OSError:
        return
    cache.prune(cache.cache_dir(), prefix, path)
