"""`tolaria serve --watch`: the served site rebuilt whenever its sources change (the rulebook,
the catalogs, Tolaria's code), and its open pages reloaded.

The sources are polled: a change of any file's size or time, an added or a removed file is
looked at, and the site is rebuilt when their fingerprint (freshness) differs from the built
one. Each rebuild runs in a new process, so that changed code is the code that builds. The
server gives every page a small script that asks VERSION_PATH for the site's version (its
fingerprint) and reloads the page when it is no longer the one the page was served with.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading

from .. import i18n
from ..errors import os_error_text
from .freshness import fingerprint, forget_fingerprint, signature, source_files, \
    write_fingerprint

POLL_SECONDS = 1.0
VERSION_PATH = "/__tolaria__/version"
RELOAD_SCRIPT = """<script>/* tolaria serve --watch: reload when the site is rebuilt */
(function () {{
  var served = {version}
  var ask = function () {{
    fetch("{path}", {{cache: "no-store"}}).then(function (answer) {{
      return answer.ok ? answer.text() : served
    }}).then(function (version) {{
      if (version.trim() !== served) location.reload()
      else setTimeout(ask, {every})
    }}, function () {{ setTimeout(ask, {every}) }})
  }}
  setTimeout(ask, {every})
}})()
</script>
"""


def with_reload_script(page: bytes, version: str) -> bytes:
    """An HTML page with the script that reloads it once the site's version is no longer
    version (before its </body>, else at its end)."""
    script = RELOAD_SCRIPT.format(version=json.dumps(version), path=VERSION_PATH,
                                  every=int(POLL_SECONDS * 1000)).encode("utf-8")
    at = page.rfind(b"</body>")
    return page + script if at < 0 else page[:at] + script + page[at:]


def build_in_new_process(out, rules=None) -> str | None:
    """Build the site into out with `tolaria site`, in a process of its own; None when it
    was built, else what went wrong (its error lines)."""
    command = [sys.executable, "-m", "tolaria", "site", "--out", os.fspath(out),
               "--lang", i18n.current_language()]
    if rules:
        command += ["--rules", os.fspath(rules)]
    done = subprocess.run(command, capture_output=True, text=True,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    if done.returncode == 0:
        return None
    return (done.stderr.strip() or done.stdout.strip()
            or i18n._("exit status {status}").format(status=done.returncode))


class Watcher:
    """Polls the site's sources and rebuilds the site in out when they change.

    version: the fingerprint of the sources the site in out was built from (the server's
    pages reload when it changes). told(event, detail) hears "building", "built" and
    "failed" (detail: what went wrong; the site then stays as it was). build(out, rules)
    builds, returning None or a problem (default: build_in_new_process)."""

    def __init__(self, out, rules, version: str, told=None, build=None,
                 every: float = POLL_SECONDS):
        self.out, self.rules, self.version = out, rules, version
        self._told = told or (lambda event, detail=None: None)
        self._build = build or build_in_new_process
        self._every = every
        self._seen = signature(source_files(rules))
        self._stopped = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="tolaria-watch", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopped.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=self._every * 2)

    def _run(self) -> None:
        while not self._stopped.wait(self._every):
            try:
                self.check()
            except OSError as exc:  # a source or the site unreadable for now: said, and
                self._told("failed", os_error_text(exc))  # the next look tries again

    def check(self) -> bool:
        """One look at the sources: rebuild if they changed; whether the site was rebuilt."""
        seen = signature(source_files(self.rules))
        if seen == self._seen:
            return False
        self._seen = seen
        value = fingerprint(self.rules)
        if value == self.version:
            return False
        self._told("building", None)
        forget_fingerprint(self.out)
        problem = self._build(self.out, self.rules)
        if problem is not None:
            self._told("failed", problem)
            return False
        write_fingerprint(self.out, value)
        self.version = value
        self._told("built", None)
        return True
