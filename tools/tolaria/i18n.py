"""The interface's own words: gettext catalogs under locales/, chosen by --lang or the locale."""

from __future__ import annotations

import marshal
import os

from . import __version__
from .cache import cache_dir, prune, write_bytes_atomically

DOMAIN = "tolaria"
LOCALES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "locales")
SUPPORTED = ("en", "es", "it")



class _Untranslated:
    """English, the language the messages are written in: gettext's NullTranslations, for
    which `show` need not import gettext (with re and enum, about 12 ms of its cold start,
    python -X importtime)."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


_current = _Untranslated()
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
    _current = _catalog(_language) if _language != "en" else _Untranslated()


def _catalog(lang: str):
    """lang's catalog: the compiled .mo when it is as new as its .po (`make compile` writes
    it); else, so that a checkout whose .po changed since never speaks English by mistake,
    the .po compiled now (kept in the user's cache for the next start)."""
    # lazy: saves 12 ms of an English `show`'s cold start (gettext, re; python -X importtime)
    import gettext
    import io

    po = os.path.join(LOCALES, lang, "LC_MESSAGES", DOMAIN + ".po")
    mo = po[:-3] + ".mo"
    try:
        po_stat = os.stat(po)
    except OSError:
        po_stat = None
    try:
        if po_stat is None or os.stat(mo).st_mtime_ns >= po_stat.st_mtime_ns:
            with open(mo, "rb") as stream:
                return gettext.GNUTranslations(stream)
    except OSError:
        pass
    if po_stat is None:
        return _Untranslated()

    cached = os.path.join(cache_dir(), "locales",
                          f"{lang}-{po_stat.st_size}-{po_stat.st_mtime_ns}.mo")
    try:
        with open(cached, "rb") as stream:
            return gettext.GNUTranslations(stream)
    except (OSError, ValueError):
        pass
    data = compile_catalog(po, lang)
    if write_bytes_atomically(cached, data):  # this catalog and the one before kept
        prune(os.path.dirname(cached), f"{lang}-", cached)

    return gettext.GNUTranslations(io.BytesIO(data))


def compile_catalog(po_path: str, lang: str) -> bytes:
    """A .po file compiled to .mo bytes with Babel (fuzzy entries used, as `make compile`)."""
    # lazy: saves 28 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    import io

    with open(po_path, "rb") as stream:
        catalog = read_po(stream, locale=lang, domain=DOMAIN)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=True)
    return out.getvalue()


def current_language() -> str:
    return _language


def _(message: str) -> str:
    return _current.gettext(message)


def gettext_in(lang: str, message: str) -> str:
    """message in lang, whatever the interface speaks (a server answers each reader in the
    reader's language); mark message with N_ for extraction."""
    if lang not in SUPPORTED or lang == "en":
        return message
    return _catalog(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it yet."""
    return message


def format_date(value) -> str:
    """A date as people write it in the interface's language (14 de abril de 2023)."""
    text = value if isinstance(value, str) else value.isoformat()
    return _babel_label("date", text, _format_date)


def format_number(value, decimals: int | None = None) -> str:
    """A number as people write it in the interface's language (3.138 / 3,138); with
    decimals, exactly that many digits after the separator (73,3 / 73.3)."""
    # lazy: saves 16 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from babel.numbers import format_decimal

    if decimals is None:
        return format_decimal(value, locale=_language)
    return format_decimal(value, format="#,##0." + "0" * decimals if decimals else "#,##0",
                          locale=_language)


def format_percent(fraction: float) -> str:
    """A fraction as a whole percentage in the interface's language (100% / 100 %)."""
    # lazy: saves 16 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from babel.numbers import format_percent as babel_format_percent

    return babel_format_percent(fraction, locale=_language)


def editions_phrase(dates) -> str:
    """'the edition of June 12, 2026' or 'the editions of July 25, 2025 … June 12, 2026'
    (dates or ISO strings, in order)."""
    dates = list(dates)
    if not dates:
        return _("no official edition")
    if len(dates) == 1:
        return _("the edition of {date}").format(date=format_date(dates[0]))
    return _("the editions of {first} … {last}").format(first=format_date(dates[0]),
                                                      last=format_date(dates[-1]))


def source_kind_label(kind: str) -> str:
    """A source's kind in the interface's words (for show, the site, the audit, PO files)."""
    return {"official": _("official text"), "quoted": _("quoted source"),
            "project": _("project translation")}.get(kind, kind)


def shorten(text: str, width: int = 160) -> str:
    """The first line of text, cut at a word boundary to about width characters."""
    line = " ".join(text.split())
    if len(line) <= width:
        return line
    cut = line.rfind(" ", 0, width)
    return line[:cut if cut > width // 2 else width].rstrip(" ,;:") + " …"


def format_list(items: list[str]) -> str:
    """Items joined as the interface's language writes a list (inglés, español e italiano)."""
    # lazy: saves 14 ms of `show`'s cold start (import CPU time, min of 5 runs)
    import re
    from babel.lists import format_list as babel_format_list

    if not items:
        return ""
    text = babel_format_list(list(items), locale=_language)
    if _language == "es":  # "y" becomes "e" before an i sound: español e italiano (not hie-)
        text = re.sub(r" y (?=(?:[iíIÍ]|[hH][iíIÍ])(?![aeoAEO]))", " e ", text)
    return text


def language_name(code: str) -> str:
    """A language's name in the interface's language (inglés, spagnolo)."""
    return _babel_label("language", code, _language_name)


def _format_date(iso: str, locale: str) -> str:
    # lazy: saves 19 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from datetime import date
    from babel.dates import format_date as babel_format_date

    return babel_format_date(date.fromisoformat(iso), format="long", locale=locale)


def _language_name(code: str, locale: str) -> str:
    # lazy: saves 15 ms of `show`'s cold start (import CPU time, min of 5 runs)
    from babel import Locale

    return Locale.parse(code).get_display_name(locale)


# Babel's answers are kept in the user's cache: importing Babel costs a fresh process more
# than everything else `tolaria show` does, and its answers for a date never change. They
# are kept with marshal, which Python has loaded already (json would cost `show` 2 ms).
_labels: dict[str, str] | None = None


def _babel_label(kind: str, value: str, compute) -> str:
    global _labels

    path = os.path.join(cache_dir(), f"babel-labels-{__version__}.marshal")
    if _labels is None:
        try:
            with open(path, "rb") as stream:
                _labels = marshal.loads(stream.read())
        except (OSError, ValueError, EOFError, TypeError):
            _labels = {}
        if not isinstance(_labels, dict):
            _labels = {}  # not a cache this version wrote: start it again
    key = f"{kind}|{_language}|{value}"
    label = _labels.get(key)
    if not isinstance(label, str):  # not known yet (or a cache of another shape)
        label = _labels[key] = compute(value, _language)
        if write_bytes_atomically(path, marshal.dumps(_labels)):
            prune(os.path.dirname(path), "babel-labels-", path)  # other versions' labels
    return label
