"""Import Whoosh without the modules it imports but a search never runs (start-up is a hot path).

whoosh-reloaded imports, when it loads, modules only its other features use: a download
helper (`urllib.request`), the `cached_property` package (which imports asyncio), its
English morphology tables (hundreds of regular expressions), the Porter and Metaphone
stemmers, twelve Snowball stemmers of other languages, highlighting and classification
(`whoosh.highlight`, `whoosh.classify`), date conversions (`whoosh.util.times`, with
calendar and locale), and the standard library's `tempfile` (with shutil, bz2 and lzma),
`random`, `queue` and `html`: about half of Whoosh's import time. While Whoosh's modules load,
a light stand-in takes the place of each; the stand-ins leave sys.modules afterwards, so a
later import gets the real module, and a stand-in Whoosh kept loads the real module the first
time it is used (index building does: temporary files, random names). Nothing is changed in
what Whoosh does, only when these modules are read.
"""

from __future__ import annotations

import functools
import importlib
import sys
import types

# Whoosh's (and the standard library's) modules that Whoosh imports by name and a search
# never uses, with the names other modules import from them
_UNUSED: dict[str, tuple[str, ...]] = {
    "urllib.request": ("urlretrieve",),
    "html": ("escape",),
    "random": (),
    "tempfile": (),
    "queue": (),
    "shutil": ("copyfileobj",),
    "whoosh.lang.morph_en": ("variations",),
    "whoosh.lang.porter": ("stem",),
    "whoosh.lang.dmetaphone": ("double_metaphone",),
    "whoosh.util.times": ("datetime_to_long", "long_to_datetime"),
    "whoosh.highlight": (),
    **{f"whoosh.lang.snowball.{module}": (stemmer,) for module, stemmer in (
        ("danish", "DanishStemmer"), ("dutch", "DutchStemmer"), ("finnish", "FinnishStemmer"),
        ("french", "FrenchStemmer"), ("german", "GermanStemmer"),
        ("hungarian", "HungarianStemmer"), ("norwegian", "NorwegianStemmer"),
        ("portugese", "PortugueseStemmer"), ("romanian", "RomanianStemmer"),
        ("russian", "RussianStemmer"), ("swedish", "SwedishStemmer"))},
}

_done = False


class StandIn(types.ModuleType):
    """A module not read yet: any attribute asked of it comes from the real module."""

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(real(self.__name__), name)


def real(name: str) -> types.ModuleType:
    """The real module called name, imported now if only its stand-in was."""
    if isinstance(sys.modules.get(name), StandIn):
        del sys.modules[name]
    return importlib.import_module(name)


def _forward(module: str, name: str):
    def call(*args, **kwargs):
        return getattr(real(module), name)(*args, **kwargs)

    call.__name__ = name
    return call


def load() -> None:
    """Import the Whoosh modules the search engine uses."""
    global _done
    if _done:
        return
    stand_ins: dict[str, types.ModuleType] = {}
    if "cached_property" not in sys.modules:  # the standard library has the same today
        module = types.ModuleType("cached_property")
        module.cached_property = functools.cached_property
        stand_ins["cached_property"] = module
    for name, functions in _UNUSED.items():
        if name not in sys.modules:
            module = StandIn(name)
            for function in functions:
                setattr(module, function, _forward(name, function))
            stand_ins[name] = module
    sys.modules.update(stand_ins)
    try:
        # lazy: saves 122 ms of `search`'s cold start for a number or a query the postings
        # answer (import CPU time, min of 5 runs)
        import whoosh.analysis  # noqa: F401
        import whoosh.fields  # noqa: F401
        import whoosh.index  # noqa: F401
        import whoosh.query  # noqa: F401
        import whoosh.scoring  # noqa: F401
        import whoosh.searching  # noqa: F401
        import whoosh.lang.snowball  # noqa: F401
        import whoosh.codec.whoosh3  # noqa: F401
    finally:
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]
    _done = True
