"""The library's warnings, said by the program in its own words: one plain line each."""

from __future__ import annotations

import sys
import warnings

from ..i18n import _


class report_warnings:
    """The library's warnings (an index rebuilt, or not saved) as one plain line each on
    stderr, as they happen, each once, for a `with` block: never Python's own lines, which
    name a source file and quote its code. Other categories (deprecations) go where they
    went. Every command runs in one (cli.main)."""

    def __enter__(self) -> None:
        self._catching = warnings.catch_warnings()
        self._catching.__enter__()
        other, shown = warnings.showwarning, set()

        def show(message, category, filename, lineno, file=None, line=None):
            if not issubclass(category, UserWarning):
                other(message, category, filename, lineno, file, line)
            elif (category, str(message)) not in shown:
                shown.add((category, str(message)))
                print(_("tolaria: warning: {message}").format(message=message),
                      file=sys.stderr, flush=True)

        warnings.showwarning = show

    def __exit__(self, *failure) -> None:
        self._catching.__exit__(*failure)
