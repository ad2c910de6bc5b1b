"""The interface's own words: gettext catalogs under locales/, chosen by --lang or the locale."""

from __future__ import annotations

import gettext as _gettext
import os

DOMAIN = "tolaria"
LOCALES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "locales")
SUPPORTED = ("en", "es", "it")

_current: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"


def language_from_environment(environ=None) -> str:
    """es/it/en from the first of LANGUAGE, LC_ALL, LC_MESSAGES, LANG that is set, else en.

    As in gettext, the first variable set decides; LANGUAGE may list several languages
    ("it:en"); C and POSIX mean English.
    """
    environ = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var, "")
        if not value:
            continue
        for item in value.split(":"):
            code = item.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            if code in SUPPORTED:
                return code
        return "en"
    return "en"


def set_language(lang: str) -> None:
    """Speak lang from now on (falls back to English where a catalog lacks a string)."""
    global _current, _language
    _language = lang if lang in SUPPORTED else "en"
    _current = _gettext.translation(DOMAIN, LOCALES, languages=[_language], fallback=True)


def current_language() -> str:
    return _language


def _(message: str) -> str:
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it yet."""
    return message


def format_date(value) -> str:
    """A date as people write it in the interface's language (14 de abril de 2023)."""
    text = value if isinstance(value, str) else value.isoformat()
    return _babel_label("date", text, _format_date)


def format_number(value: int) -> str:
    """A count as people write it in the interface's language (3.138 / 3,138)."""
    from babel.numbers import format_decimal

    return format_decimal(value, locale=_language)


def language_name(code: str) -> str:
    """A language's name in the interface's language (inglés, spagnolo)."""
    return _babel_label("language", code, _language_name)


def _format_date(iso: str, locale: str) -> str:
    from datetime import date

    from babel.dates import format_date as babel_format_date

    return babel_format_date(date.fromisoformat(iso), format="long", locale=locale)


def _language_name(code: str, locale: str) -> str:
    from babel import Locale

    return Locale.parse(code).get_display_name(locale)


# Babel's answers are kept in the user's cache: importing Babel costs a fresh process more
# than everything else `tolaria show` does, and its answers for a date never change.
_labels: dict[str, str] | None = None


def _babel_label(kind: str, value: str, compute) -> str:
    global _labels
    import json

    from . import __version__
    from .cache import cache_dir, write_bytes_atomically

    path = os.path.join(cache_dir(), f"babel-labels-{__version__}.json")
    if _labels is None:
        try:
            with open(path, encoding="utf-8") as stream:
                _labels = json.load(stream)
        except (OSError, ValueError):
            _labels = {}
    key = f"{kind}|{_language}|{value}"
    if key not in _labels:
        _labels[key] = compute(value, _language)
        write_bytes_atomically(path, json.dumps(_labels, ensure_ascii=False).encode("utf-8"))
    return _labels[key]
