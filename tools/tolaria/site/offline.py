"""The site offline and installable: per language, a web app manifest, its icons and a
service worker (LANG/sw.js, scope LANG/) whose lists the build writes from the built folder.

The service worker (assets/service-worker.js, with offline_lists' data on its first line):
- at install, keeps only the shell (`shell`: the CSS, JavaScript and icons the language's
  404 page uses, which every page uses, and the 404 page itself), so that a single page view
  fetches no more than the page's own files;
- keeps every file of the site as the pages fetch it (the whole CR's pages, cr/, only so:
  offline, one not read opens the 404 page, saying it is not saved for offline reading);
- once the reader reads on (a second page view in the language, or the first focus of the
  search box), fetches in the background, at low priority and a few at a time after the
  page's own fetches, the language's pages with their other files (`pages`) and every file
  of its search (`search`: the search box's worker, the theme's index it requests, and
  every file under the language's assets/tolaria/ and, for Spanish and Italian, the English ones they join); not at all
  when the reader asks to save data. The search's shards come from their packs (`packs`:
  each pack's address and the shards it holds, in its order): one fetch per pack, each
  shard kept as its own file; a pack is never kept, and a page's fetch of one is left to
  the browser;
- keeps one cache, named for the build (`version`: a digest of the files listed), and
  removes the caches of earlier builds.
"""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import struct
import zlib
from html.parser import HTMLParser

from mkdocs.structure.files import File

from tolaria.search.shards import pack_members
from tolaria.site.pages import site_description


WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
ICONS = {192: "assets/icons/icon-192.png", 512: "assets/icons/icon-512.png"}
THEME_COLOUR = (0x3F, 0x51, 0xB5)  # the theme's primary colour (indigo)
SEARCH_FOLDER = "assets/tolaria"
PACKS = "search/packs/"  # under a SEARCH_FOLDER: the shards of search/, a few to a file
# files kept as the pages fetch them, never in the offline copy: the diagram library (only
# on the page with a diagram), the theme's Lunr (which the site's search replaces)
_RUNTIME_ONLY = ("assets/vendor/", "assets/javascripts/lunr/")
THEME_INDEX = "search/"  # the theme's index, which it requests as its search starts
SEARCH_WORKERS = "assets/javascripts/workers/"  # the search box's worker: a search file
WHOLE_CR = "cr/"  # the whole CR's pages, in English: kept only as read
NOT_FOUND = "404.html"
SHELL_LINKS = {"stylesheet", "icon", "manifest"}  # the <link rel> of the shell
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

    def row(start: int, end: int) -> bytes:  # filter type none, then the pixels
        return (b"\x00" + bytes(background) * start + bytes(white) * (end - start)
                + bytes(background) * (size - end))

    bar_row, stem_row, plain_row = row(left, right), row(stem_left, stem_right), row(0, 0)
    rows = [bar_row if top <= y < bar else stem_row if bar <= y < bottom else plain_row
            for y in range(size)]

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


class _Shell(HTMLParser):
    """The addresses of a page's stylesheets, icons, manifest and scripts."""

    def __init__(self):
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "link" and SHELL_LINKS & set((attrs.get("rel") or "").split()):
            self.urls.append(attrs.get("href") or "")
        elif tag == "script" and attrs.get("src"):
            self.urls.append(attrs["src"])


def shell_files(site_dir: str) -> list[str]:
    """The files of site_dir (LANG/) its 404 page uses (the theme's shell, which every page
    uses), relative to it, and the 404 page itself; sorted."""
    page = os.path.join(site_dir, NOT_FOUND)
    if not os.path.isfile(page):
        return []
    parser = _Shell()
    with open(page, encoding="utf-8") as stream:
        parser.feed(stream.read())
    found = {NOT_FOUND}
    for url in parser.urls:
        if not url or "//" in url or url.startswith(("/", "data:", "#")):
            continue  # another host's, or an address from the root: not the language's
        path = posixpath.normpath(url.split("#")[0].split("?")[0])
        if not path.startswith("../") and os.path.isfile(os.path.join(site_dir, path)):
            found.add(path)
    return sorted(found)


def offline_lists(site_dir: str, lang: str) -> dict:
    """What the service worker of the language built in site_dir (LANG/) keeps, as
    addresses relative to it: `shell` at install; `pages` (the language's pages and their
    other files, the whole CR's pages left out) and `search` in the background once the
    reader reads on; and the build's `version` (a digest of every file listed and of the
    whole CR's pages); `packs`, [pack, [the shards it holds, in its order]]."""
    root = os.path.dirname(site_dir)
    shell = shell_files(site_dir)
    pages, search, digest = [], [], hashlib.sha256()
    for path in _files(site_dir):
        if (path == WORKER or path.endswith(_SKIPPED_SUFFIXES)
                or path.startswith(_RUNTIME_ONLY)):
            continue
        if path.startswith(WHOLE_CR):
            pass  # kept as read, but a new text is a new version
        elif path.startswith((SEARCH_FOLDER + "/", SEARCH_WORKERS, THEME_INDEX)):
            search.append(path)
        elif path not in shell:
            pages.append(_address(path))
        with open(os.path.join(site_dir, path), "rb") as stream:
            digest.update(path.encode() + b"\0" + stream.read())
    english = os.path.join(root, "en")
    if lang != "en" and os.path.isdir(os.path.join(english, SEARCH_FOLDER)):
        for path in _files(os.path.join(english, SEARCH_FOLDER)):
            search.append(f"../en/{SEARCH_FOLDER}/{path}")
            with open(os.path.join(english, SEARCH_FOLDER, path), "rb") as stream:
                digest.update(search[-1].encode() + b"\0" + stream.read())
    packed, listed = [path for path in search if f"{SEARCH_FOLDER}/{PACKS}" in path], set(search)
    return {"lang": lang, "version": digest.hexdigest()[:16], "shell": shell,
            "pages": pages, "search": [path for path in search if path not in packed],
            "packs": [[pack, _packed_shards(pack, listed)] for pack in packed]}


def _packed_shards(pack: str, listed: set[str]) -> list[str]:
    """The shards pack (FOLDER/packs/K.json) holds, of those listed, in its order."""
    folder, number = pack.split(PACKS)
    held = (f"{folder}search/{n}.json" for n in pack_members(int(number.removesuffix(".json"))))
    return [shard for shard in held if shard in listed]


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

