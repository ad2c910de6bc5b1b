"""The theme's templates, with less work for each build.

- Compiled once: the Python code Jinja makes of each template (its bytecode cache) is
  shared by the languages' builds of a process and kept in the user's cache for the next
  build. Jinja compiles a template again when its source changed, or for another Python.
- Listed without their dot folders: mkdocs lists every file of the theme to copy its static
  files, then drops those under a dot folder (its patterns '.*' and '*/.*'). Material's
  .icons holds 14,348 of its 14,509 files: walking and matching them took about 0.15 s of
  each language's build."""

from __future__ import annotations

import os

import jinja2

from .. import cache

KEY = f"jinja2 {jinja2.__version__}"  # the bucket keys of this Jinja


class Compiled(jinja2.BytecodeCache):
    """Bucket key -> compiled code: read from the user's cache on first use, written back
    (the templates used since, only) by save() when a template was compiled."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] | None = None
        self._path = ""
        self._used: set[str] = set()
        self._compiled = False

    def _codes(self) -> dict[str, bytes]:
        path = os.path.join(cache.cache_dir(), "templates", "compiled.marshal")
        if self._code is None or path != self._path:  # another cache: read it
            self._path, self._used, self._compiled = path, set(), False
            code = cache.read_kept(path, KEY)
            self._code = code if isinstance(code, dict) else {}
        return self._code

    def load_bytecode(self, bucket) -> None:
        code = self._codes().get(bucket.key)
        self._used.add(bucket.key)
        if isinstance(code, bytes):
            bucket.bytecode_from_string(code)  # Jinja drops it if stale

    def dump_bytecode(self, bucket) -> None:
        self._codes()[bucket.key] = bucket.bytecode_to_string()
        self._compiled = True

    def save(self) -> None:
        """Keep what was compiled for the next process (nothing is written when every
        template came from the cache)."""
        if self._code is None or not self._compiled:
            return
        cache.write_kept(self._path, KEY, {key: code for key, code in self._code.items()
                                           if key in self._used})
        self._compiled = False


class ThemeFiles(jinja2.FileSystemLoader):
    """The theme's loader, whose listing leaves out dot folders and dot files (what mkdocs
    copies from the theme is the same); templates load as FileSystemLoader loads them."""

    def list_templates(self) -> list[str]:
        found = set()
        for root in self.searchpath:
            for folder, folders, files in os.walk(root, followlinks=self.followlinks):
                folders[:] = [name for name in folders if not name.startswith(".")]
                inside = os.path.relpath(folder, root).replace(os.sep, "/")
                prefix = "" if inside == "." else inside + "/"
                found.update(prefix + name for name in files if not name.startswith("."))
        return sorted(found)


_COMPILED = Compiled()


def share_compiled(env, compiled: Compiled = _COMPILED):
    """env (a build's Jinja environment), its templates compiled once for every build (of
    this process: compiled)."""
    env.bytecode_cache = compiled
    return env


def lean_environment(theme) -> None:
    """theme (a build's mkdocs Theme) makes its Jinja environments lean: listed by
    ThemeFiles, their templates compiled once (share_compiled). mkdocs lists the theme with
    the environment it renders with, so both are set where it is made."""
    make = theme.get_env

    def get_env():
        env = make()
        env.loader = ThemeFiles(theme.dirs)
        return share_compiled(env)

    theme.get_env = get_env


def keep_compiled() -> None:
    """Write the templates compiled by this process's builds to the user's cache."""
    _COMPILED.save()
