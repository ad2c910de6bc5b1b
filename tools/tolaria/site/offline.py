"""The site offline and installable: per language, a web app manifest, its icons and a
service worker (LANG/sw.js, scope LANG/) whose lists the build writes from the built folder.

The service worker (assets/service-worker.js, with offline_lists' data on its first line):
- at install, caches the language's pages and its own CSS, JavaScript and images (`pages`);
- once installed, caches the whole CR's pages (`more`: about 150 pages, 8 MB uncompressed
  per language, fetched in the background; the worker serves meanwhile);
- caches every other file of the site as the pages fetch it (the search's files among them:
  nothing of the search is fetched before the reader starts to search);
- after the first search, caches the rest of the search's files (`search`: the search box's
  worker and every file under the language's assets/tolaria/ and, for Spanish and Italian,
  the English one they join);
- keeps one cache, named for the build (`version`: a digest of the files listed), and
  removes the caches of earlier builds.
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
import zlib

from mkdocs.structure.files import File

from tolaria.site.pages import site_description


WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
ICONS = {192: "assets/icons/icon-192.png", 512: "assets/icons/icon-512.png"}
THEME_COLOUR = (0x3F, 0x51, 0xB5)  # the theme's primary colour (indigo)
SEARCH_FOLDER = "assets/tolaria"
# files cached as the pages fetch them, never at install: the diagram library (only on the page with a diagram), the theme's own search
# (Lunr and its index, which the site replaces: normally never fetched)
_RUNTIME_ONLY = ("assets/vendor/", "assets/javascripts/lunr/", "search/")
SEARCH_WORKERS = "assets/javascripts/workers/"  # the search box's worker: a search file
WHOLE_CR = "cr/"  # the whole CR's pages, in English: cached after install (`more`)
_SKIPPED_SUFFIXES = (".map", ".gz", ".xml")
HERE = os.path.dirname(os.path.abspath(__file__))


def colour_hex(colour=THEME_COLOUR) -> str:
    return "#" + "".join(f"{c:02x}" for c in colour)


def icon_png(size: int) -> bytes:
    """A square PNG of size pixels: a white T on the theme's colour, drawn within the middle
    three fifths, so that a round or rounded mask (purpose "maskable") leaves it whole."""
    white, background = (255, 255, 255), THEME_COLOUR
    left, right = round(size * 0.3), round(size * 0.7)
    top, bar, bottom = round(size * 0.3), round(size * 0.4), round(size * 0.72)
    stem_left, stem_right = round(size * 0.45), round(size * 0.55)
    rows = []
    for y in range(size):
        row = bytearray(b"\x00")  # filter type: none
        for x in range(size):
            inside = ((top <= y < bar and left <= x < right)
                      or (bar <= y < bottom and stem_left <= x < stem_right))
            row.extend(white if inside else background)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def manifest(lang: str, name: str) -> dict:
    """The web app manifest of lang's site (name: the language's own name)."""
    icons = [{"src": path, "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"}
             for size, path in ICONS.items()]
    icons.append({"src": ICONS[512], "sizes": "512x512", "type": "image/png",
                  "purpose": "maskable"})
    return {"name": f"Tolaria · {name}", "short_name": "Tolaria", "lang": lang, "dir": "ltr",
            "description": site_description(), "start_url": "./", "scope": "./",
            "display": "standalone", "theme_color": colour_hex(),
            "background_color": "#ffffff", "icons": icons}


def installable_files(config, lang: str, name: str) -> list[File]:
    """The manifest and its icons, as files of lang's build (in the build's language)."""
    text = json.dumps(manifest(lang, name), ensure_ascii=False, indent=1)
    return [File.generated(config, MANIFEST, content=text),
            *(File.generated(config, path, content=icon_png(size))
              for size, path in ICONS.items())]


def _files(folder: str) -> list[str]:
    """Every file under folder, relative to it with "/", sorted; hidden ones left out."""
    out = []
    for top, dirs, names in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        out.extend(os.path.relpath(os.path.join(top, n), folder).replace(os.sep, "/")
                   for n in names if not n.startswith("."))
    return sorted(out)


def _address(path: str) -> str:
    """A file's address relative to its language folder: a page by its folder ("702.26/")."""
    if path == "index.html":
        return "./"
    return path[:-len("index.html")] if path.endswith("/index.html") else path


def offline_lists(site_dir: str, lang: str) -> dict:
    """What the service worker of the language built in site_dir (LANG/) caches, as
    addresses relative to it: `pages` at install, `more` (the whole CR's pages) once
    installed, `search` after the first search; and the build's `version` (a digest of every
    file listed)."""
    root = os.path.dirname(site_dir)
    pages, more, search, digest = [], [], [], hashlib.sha256()
    for path in _files(site_dir):
        if path == WORKER or path.endswith(_SKIPPED_SUFFIXES):
            continue
        if path.startswith((SEARCH_FOLDER + "/", SEARCH_WORKERS)):
            search.append(path)
        elif path.startswith(WHOLE_CR):
            more.append(_address(path))
        elif not path.startswith(_RUNTIME_ONLY):
            pages.append(_address(path))
        else:
            continue
        with open(os.path.join(site_dir, path), "rb") as stream:
            digest.update(path.encode() + b"\0" + stream.read())
    english = os.path.join(root, "en")
    if lang != "en" and os.path.isdir(os.path.join(english, SEARCH_FOLDER)):
        for path in _files(os.path.join(english, SEARCH_FOLDER)):
            search.append(f"../en/{SEARCH_FOLDER}/{path}")
            with open(os.path.join(english, SEARCH_FOLDER, path), "rb") as stream:
                digest.update(search[-1].encode() + b"\0" + stream.read())
    return {"lang": lang, "version": digest.hexdigest()[:16], "pages": pages,
            "more": more, "search": search}


def write_service_worker(site_dir: str, lang: str) -> str:
    """LANG/sw.js for the language built in site_dir: the lists on its first line, then the
    worker's code. Returns its path."""
    with open(os.path.join(HERE, "assets", "service-worker.js"), encoding="utf-8") as stream:
        code = stream.read()
    data = json.dumps(offline_lists(site_dir, lang), separators=(",", ":"))
    path = os.path.join(site_dir, WORKER)
    with open(path, "w", encoding="utf-8") as stream:
        stream.write(f"self.TOLARIA_OFFLINE = {data};\n{code}")
    return path

