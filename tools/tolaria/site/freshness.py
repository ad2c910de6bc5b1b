"""Whether a built site is still what its sources make: a fingerprint of everything the build
reads (the rulebook, the catalogs, Tolaria's code, mkdocs.yml, the vendored scripts and the
versions of mkdocs and its theme), kept in the built folder."""

from __future__ import annotations

import hashlib
import os

from ..model import LANGUAGES
from ..rulebook.folders import default_rules_dir
from .build import CONFIG, REPO, build_site
from importlib.metadata import PackageNotFoundError, version

STAMP = ".tolaria-sources"  # in the built folder: the fingerprint of the sources it was built from
PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOCALES = os.path.join(REPO, "locales")
VENDOR = os.path.join(REPO, "build", "vendor")
VENDOR_ENV = ("TOLARIA_MERMAID", "TOLARIA_SNOWBALL")  # vendored files named elsewhere
_SKIPPED = ("__pycache__",)
# Tolaria's code that serves the site or runs commands, and builds nothing of it
SERVING = tuple(os.path.join(PACKAGE, *p) for p in (
    ("cli",), ("site", "serve.py"), ("site", "connection.py"), ("site", "compression.py"),
    ("site", "watch.py"), ("site", "freshness.py")))


def watched_folders(rules=None) -> list[str]:
    """The folders whose files the site is built from."""
    return [os.path.abspath(str(rules or default_rules_dir())), LOCALES, PACKAGE, VENDOR]


def source_files(rules=None) -> list[str]:
    """Every file the site is built from, in a stable order."""
    files = [CONFIG]
    for folder in watched_folders(rules):
        for top, dirs, names in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if d not in _SKIPPED and not d.startswith(".")
                             and os.path.join(top, d) not in SERVING)
            files.extend(os.path.join(top, n) for n in sorted(names)
                         if not n.startswith(".") and not n.endswith(".pyc")
                         and os.path.join(top, n) not in SERVING)
    files.extend(os.environ[v] for v in VENDOR_ENV if os.path.isfile(os.environ.get(v, "")))
    return files


def signature(files) -> tuple:
    """What changes when any of files changes, is added or removed: cheap to poll."""
    out = []
    for path in files:
        try:
            status = os.stat(path)
        except OSError:
            continue
        out.append((path, status.st_size, status.st_mtime_ns))
    return tuple(out)


def fingerprint(rules=None, languages=LANGUAGES) -> str:
    """A digest of every source of the site, of the languages built and of the builder's
    versions: equal fingerprints build equal sites."""
    digest = hashlib.sha256()
    for name in ("mkdocs", "mkdocs-material"):
        try:
            digest.update(f"{name} {version(name)}\n".encode())
        except PackageNotFoundError:
            digest.update(f"{name} -\n".encode())
    digest.update((" ".join(languages) + "\n").encode())
    for path in source_files(rules):
        try:
            with open(path, "rb") as stream:
                content = stream.read()
        except OSError:  # removed while read: the next poll sees it
            continue
        digest.update(f"{_relative(path, rules)}\0{len(content)}\0".encode("utf-8",
                                                                            "surrogateescape"))
        digest.update(content)
    return digest.hexdigest()


def _relative(path: str, rules) -> str:
    """A file's name that does not depend on where the project is."""
    rules_dir = os.path.abspath(str(rules or default_rules_dir()))
    if path.startswith(rules_dir + os.sep):
        return "rules/" + os.path.relpath(path, rules_dir)
    if path.startswith(REPO + os.sep):
        return os.path.relpath(path, REPO)
    return os.path.basename(path)


def built_fingerprint(out) -> str | None:
    """The fingerprint the site in out was built from (None: none, or an unfinished build)."""
    try:
        with open(os.path.join(str(out), STAMP), encoding="ascii") as stream:
            return stream.read().strip() or None
    except (OSError, UnicodeDecodeError):
        return None


def forget_fingerprint(out) -> None:
    """out is about to change: until it is whole again, it matches no sources."""
    try:
        os.unlink(os.path.join(str(out), STAMP))
    except FileNotFoundError:
        pass


def write_fingerprint(out, value: str) -> None:
    """Note, in one step, that the site in out is whole and built from value."""
    path = os.path.join(str(out), STAMP)
    with open(path + ".tmp", "w", encoding="ascii") as stream:
        stream.write(value + "\n")
    os.replace(path + ".tmp", path)


def build_if_changed(out, rules=None, building=None, build=None) -> str:
    """Build the site into out unless what is there was built from the same sources (then
    building() is not called); the sources' fingerprint. build(out, rules) builds
    (default: build.build_site)."""
    if build is None:
        build = build_site
    value = fingerprint(rules)
    if built_fingerprint(out) == value and os.path.isfile(os.path.join(str(out), "index.html")):
        return value
    if building is not None:
        building()
    if os.path.isdir(str(out)):
        forget_fingerprint(out)
    build(out, rules=rules)
    write_fingerprint(out, value)
    return value
