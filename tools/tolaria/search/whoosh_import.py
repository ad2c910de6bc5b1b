"""Import Whoosh without two slow imports it never uses here (start-up is a hot path).

whoosh-reloaded imports `urllib.request` (for a download helper), the `cached_property`
package (which imports asyncio) and its English morphology tables (hundreds of regular
expressions, for a filter not used here): about 95 ms of a fresh process. While Whoosh's modules
load, light stand-ins take their place in sys.modules; they are removed afterwards, so any
later `import urllib.request` or `import cached_property` gets the real module.
"""

from __future__ import annotations

import functools
import sys
import types

_done = False


def _urlretrieve(*args, **kwargs):  # pragma: no cover - Whoosh's downloader, unused here
    import urllib.request

    return urllib.request.urlretrieve(*args, **kwargs)


def _variations(*args, **kwargs):  # pragma: no cover - Whoosh's VariationFilter, unused here
    from whoosh.lang.morph_en import variations

    return variations(*args, **kwargs)


def load() -> None:
    """Import the Whoosh modules the search engine uses."""
    global _done
    if _done:
        return
    stand_ins = {}
    if "cached_property" not in sys.modules:
        module = types.ModuleType("cached_property")
        module.cached_property = functools.cached_property
        stand_ins["cached_property"] = module
    if "urllib.request" not in sys.modules:
        module = types.ModuleType("urllib.request")
        module.urlretrieve = _urlretrieve
        stand_ins["urllib.request"] = module
    if "whoosh.lang.morph_en" not in sys.modules:
        module = types.ModuleType("whoosh.lang.morph_en")
        module.variations = _variations
        stand_ins["whoosh.lang.morph_en"] = module
    sys.modules.update(stand_ins)
    try:
        import whoosh.analysis  # noqa: F401
        import whoosh.fields  # noqa: F401
        import whoosh.index  # noqa: F401
        import whoosh.query  # noqa: F401
        import whoosh.scoring  # noqa: F401
        import whoosh.searching  # noqa: F401
        import whoosh.lang.snowball  # noqa: F401
    finally:
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]
    _done = True
