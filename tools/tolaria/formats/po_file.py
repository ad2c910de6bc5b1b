"""Gettext PO files of the rule texts, for translators' tools: reading a translator's file.

Babel reads it; what it cannot read becomes one `file:line` error in plain words (a charset
the bytes do not match, a Language header naming no translation, a message without its
msgctxt, a msgctxt given twice).
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import NamedTuple

from babel.core import UnknownLocaleError
from babel.messages.pofile import PoFileError, read_po

from ..errors import DataError, DataErrors, UserError, os_error_text
from ..i18n import _
from .po_export import LANGS

_MSGCTXT_LINE = re.compile(r'^msgctxt\s+"(.*)"\s*$')


class PoMessage(NamedTuple):
    """One message of a translator's PO file, with the line of its msgctxt or msgid."""

    context: str
    msgid: str
    msgstr: str
    line: int
    fuzzy: bool = False
    folder: str | None = None  # the language of the rules/<lang>/ file the message names


def _folder_language(locations) -> str | None:
    """The language of the folder of the first `#: rules/<lang>/<section>.yaml` reference."""
    for filename, _line in locations or ():
        parts = str(filename).replace("\\", "/").split("/")
        if len(parts) >= 2 and parts[-1].endswith(".yaml"):
            return parts[-2]
    return None


def read_po_file(path: Path, display: str, expected: str | None = None
                 ) -> tuple[str, list[PoMessage]]:
    """(language, messages) of a PO file; DataErrors (file:line) when it is malformed, when
    its Language header is not `expected` (the language asked for), or when a message names
    a text of another language's folder than the header's."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise UserError(_("cannot read {file}: {problem}").format(
            file=display, problem=os_error_text(exc))) from None
    problem = _charset_problem(raw)
    if problem is not None:
        raise DataErrors([DataError(display, *problem)])
    try:
        catalog = read_po(io.BytesIO(raw), abort_invalid=True)
    except PoFileError as exc:  # babel counts its lines from 0
        raise DataErrors([DataError(display, max(1, getattr(exc, "lineno", 0) + 1), _(
            "not a valid PO file: {problem}").format(
                problem=_babel_problem(re.sub(r" on -?\d+$", "", str(exc)))))]) from None
    except UnknownLocaleError as exc:
        raise _language_error(display, raw, exc.identifier) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise DataErrors([DataError(display, 1, _("not a valid PO file: {problem}").format(
            problem=_babel_problem(str(exc))))]) from None
    lang = catalog.locale.language if catalog.locale is not None else None
    if lang not in LANGS:
        raise _language_error(display, raw, lang)
    if expected is not None and lang != expected:
        raise DataErrors([DataError(display, _header_line(raw, b"Language:"), _(
            "the PO file's Language header is '{lang}', not '{expected}' as asked: nothing "
            "was written").format(lang=lang, expected=expected))])
    lines: dict[str, list[int]] = {}
    for number, text in enumerate(raw.decode("utf-8", "replace").splitlines(), 1):
        match = _MSGCTXT_LINE.match(text)
        if match:
            lines.setdefault(match.group(1), []).append(number)
    errors = [DataError(display, where[1], _("duplicate msgctxt \"{context}\" (first at line "
                                             "{line})").format(context=ctx, line=where[0]))
              for ctx, where in lines.items() if len(where) > 1]
    messages = []
    for message in catalog:
        if not message.id:
            continue
        if not message.context:
            errors.append(DataError(display, message.lineno or 1, _(
                "a message without msgctxt (expected the rule, e.g. \"104.2\")")))
            continue
        msgstr = message.string if isinstance(message.string, str) else message.string[0]
        line = message.lineno or lines.get(message.context, [1])[0]
        folder = _folder_language(message.locations)
        if folder is not None and folder != lang:
            errors.append(DataError(display, line, _(
                "msgctxt \"{context}\" is the text of rules/{folder}/, but the Language header "
                "is '{lang}': nothing was written").format(
                    context=message.context, folder=folder, lang=lang)))
            continue
        messages.append(PoMessage(message.context, message.id, msgstr or "", line,
                                  message.fuzzy, folder))
    if errors:
        raise DataErrors(errors)
    return lang, messages


def _language_error(display: str, raw: bytes, lang: str | None) -> DataErrors:
    """The error for a Language header naming no translated language (lang: what Babel
    made of it; when nothing, the header as written)."""
    if not lang:
        written = re.search(rb'^"Language:[ \t]*([^"\\]*)', raw, re.M)
        lang = written.group(1).decode("utf-8", "replace").strip() if written else ""
    return DataErrors([DataError(display, _header_line(raw, b"Language:"), _(
        "the PO file's Language header is '{lang}'; expected one of {langs}").format(
            lang=lang, langs=", ".join(LANGS)))])


def _babel_problem(problem: str) -> str:
    """Babel's words for a malformed PO file, in the interface's language where known."""
    known = [
        (r"^missing msgstr for msgid", _("a msgid without its msgstr (add a line msgstr \"\" "
                                         "after it)")),
        (r"^Unknown or misformatted keyword",
         _("a line that is neither a comment, a keyword (msgctxt, msgid, msgid_plural, "
           "msgstr) nor a quoted continuation of one")),
        (r"^Got line starting with",
         _("a quoted line that does not continue a msgctxt, msgid or msgstr")),
        (r"more translations than num_plurals",
         _("more msgstr[N] forms than the language has plural forms")),
        (r"invalid literal for int",
         _("a msgstr[N] whose N is not a whole number")),
    ]
    for pattern, text in known:
        if re.search(pattern, problem):
            return text
    return _("Babel cannot read it ({problem})").format(problem=problem)


def _header_line(raw: bytes, key: bytes) -> int:
    """The line of the header field key (e.g. b"Language:"), else 1."""
    for number, line in enumerate(raw.splitlines(), 1):
        if line.lstrip(b'"').startswith(key):
            return number
    return 1


def _charset_problem(raw: bytes) -> tuple[int, str] | None:
    """(line, message) when the PO file's bytes are not in the charset its header names."""
    match = re.search(rb"charset=([A-Za-z0-9_.:-]+)", raw)
    charset = match.group(1).decode("ascii") if match else "utf-8"
    try:
        raw.decode(charset)
    except LookupError:
        return _header_line(raw, b"Content-Type:"), _(
            "the Content-Type header names an unknown charset '{charset}': write "
            "charset=UTF-8").format(charset=charset)
    except UnicodeDecodeError as exc:
        return raw[:exc.start].count(b"\n") + 1, _(
            "a byte that is not {charset} text (0x{byte:02x}): save the file as {charset}"
            ).format(charset=charset, byte=raw[exc.start])
    return None
