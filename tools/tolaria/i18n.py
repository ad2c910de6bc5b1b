"""The interface's own words: gettext catalogs under locales/, chosen by --lang or the locale."""

from __future__ import annotations

import gettext as _gettext
import os
from pathlib import Path

DOMAIN = "tolaria"
LOCALES = Path(__file__).resolve().parents[2] / "locales"
SUPPORTED = ("en", "es", "it")

_current: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"


def language_from_environment(environ: os._Environ | dict | None = None) -> str:
    """es/it/en from LANGUAGE, LC_ALL, LC_MESSAGES or LANG (in that order), else en."""
    environ = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var, "")
        for item in value.split(":"):
            code = item.split(".")[0].split("_")[0].split("-")[0].lower()
            if code in SUPPORTED:
                return code
            if code in ("c", "posix"):
                break
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
    from datetime import date

    from babel.dates import format_date as babel_format_date

    if isinstance(value, str):
        value = date.fromisoformat(value)
    return babel_format_date(value, format="long", locale=_language)


def language_name(code: str) -> str:
    """A language's name in the interface's language (inglés, spagnolo)."""
    from babel import Locale

    return Locale.parse(code).get_display_name(_language)
