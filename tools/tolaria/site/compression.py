"""What `tolaria serve` compresses: text answers in gzip when the client accepts it, each file
compressed once while it is unchanged."""

from __future__ import annotations

import gzip
import os
import threading
from collections import OrderedDict

# The kinds of file worth compressing: the site's pages, styles, scripts, data and drawings.
TEXT_TYPES = ("text/", "application/json", "application/javascript", "image/svg+xml",
              "application/xml")
# Below this a file gains nothing from compression.
SMALLEST = 256
_KEPT_BYTES = 64 << 20  # compressed bodies kept in memory at most


def is_compressible(content_type: str) -> bool:
    """Whether a file of this Content-Type is text worth compressing.

    >>> is_compressible("text/html"), is_compressible("application/json")
    (True, True)
    >>> is_compressible("image/png"), is_compressible("image/svg+xml")
    (False, True)
    """
    kind = content_type.split(";")[0].strip().lower()
    return kind.startswith(TEXT_TYPES[0]) or kind in TEXT_TYPES[1:]


def accepts_gzip(header: str | None) -> bool:
    """Whether an Accept-Encoding header accepts gzip (named, or *, with a quality above 0).

    >>> accepts_gzip("gzip, deflate, br"), accepts_gzip("br;q=1.0, *;q=0.5")
    (True, True)
    >>> accepts_gzip("gzip;q=0, *"), accepts_gzip("identity"), accepts_gzip(None)
    (False, False, False)
    """
    qualities = {}
    for item in (header or "").split(","):
        name, _sep, params = item.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if name.strip():
            qualities[name.strip().lower()] = quality
    if "gzip" in qualities:
        return qualities["gzip"] > 0
    if "x-gzip" in qualities:
        return qualities["x-gzip"] > 0
    return qualities.get("*", 0) > 0


class Bodies:
    """Answer bodies made from files (compressed, or changed by a function), each made once
    while its file keeps its size and time, the most recent kept up to a total size."""

    def __init__(self, limit: int = _KEPT_BYTES):
        self._limit = limit
        self._kept: OrderedDict[tuple, bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def body(self, path: str, compress: bool, change=None, tag: str = ""):
        """(body, gzipped, etag) of the file at path: its bytes changed by change(bytes) (tag
        names the change), gzipped when compress and the file is worth it; the etag names
        that body. OSError when the file cannot be read."""
        status = os.stat(path)
        zipped = compress and status.st_size >= SMALLEST
        key = (path, status.st_mtime_ns, status.st_size, zipped, tag)
        etag = f'"{status.st_mtime_ns:x}-{status.st_size:x}{"-gz" if zipped else ""}' \
               f'{"-" + tag if tag else ""}"'
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key], zipped, etag
        with open(path, "rb") as stream:
            data = stream.read()
        if change is not None:
            data = change(data)
        if zipped:
            data = gzip.compress(data, compresslevel=6, mtime=0)
        with self._lock:
            if key not in self._kept:
                self._kept[key] = data
                self._size += len(data)
            while self._size > self._limit and len(self._kept) > 1:
                self._size -= len(self._kept.popitem(last=False)[1])
        return data, zipped, etag
