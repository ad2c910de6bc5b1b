"""The theme's templates compiled once per process: the languages' builds share the Python
code Jinja makes of each template (Jinja's bytecode cache, kept in memory; a template whose
source changed is compiled again)."""

from __future__ import annotations

from jinja2 import BytecodeCache


class _Compiled(BytecodeCache):
    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


_COMPILED = _Compiled()


def share_compiled(env):
    """env (a build's Jinja environment), its templates compiled once for every build."""
    env.bytecode_cache = _COMPILED
    return env
