"""A pseudo-translation for tests: every string the interface translates comes out in ⟦ ⟧.

With it, a test proves that a message went through the catalogs, word for word, whatever
the state of the real translations: `⟦YAML syntax error: {problem}⟧` with the problem
`⟦a tab: indent with spaces⟧` inside. English that bypasses `_()` shows up unbracketed.

    def test_x(monkeypatch):
        pseudo_language(monkeypatch, "es")   # `--lang es` (or set_language("es")) speaks it
"""

from __future__ import annotations

import gettext

OPEN, CLOSE = "⟦", "⟧"


class PseudoTranslations(gettext.NullTranslations):
    def gettext(self, message):
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, singular, plural, n):
        return f"{OPEN}{singular if n == 1 else plural}{CLOSE}"


def pseudo_language(monkeypatch, lang: str = "es") -> None:
    """From now on, lang is spoken in brackets (the other languages as usual)."""
    from tolaria import i18n

    real = i18n._catalog

    def catalog(wanted: str):
        return PseudoTranslations() if wanted == lang else real(wanted)

    monkeypatch.setattr(i18n, "_catalog", catalog)


def tr(text: str, /, **values) -> str:
    """What the pseudo-translation makes of text, formatted with values."""
    return f"{OPEN}{text}{CLOSE}".format(**values)


def bare_words(text: str) -> str:
    """text without everything inside brackets: what did not come from the catalogs."""
    out, depth = [], 0
    for char in text:
        if char == OPEN:
            depth += 1
        elif char == CLOSE:
            depth -= 1
        elif depth == 0:
            out.append(char)
    return "".join(out)
