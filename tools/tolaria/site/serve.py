"""Serve a built site folder with Python's own HTTP server: GET and HEAD only, the site's own
error pages, nothing from outside the folder, and a bad request never stops the server."""

from __future__ import annotations

import functools
import http.server
import os
import socket
import sys
import time
from urllib.parse import unquote, urlsplit

from .. import i18n
from ..errors import UserError, os_error_text
from ..i18n import N_, _
from .build import build_site

ALLOWED = "GET, HEAD"
NOT_ALLOWED = N_("This site can only be read: it answers GET and HEAD requests only.")
NO_PAGE = N_("No page at this address (error {code}).")
# After an error, what the client still sends (a body, the rest of a huge header) is read and
# dropped, this much at most, so that closing does not reset the connection before the client
# has read the answer.
_LINGER_BYTES = 1 << 20
_LINGER_SECONDS = 2.0


def accepted_language(header: str) -> str:
    """The supported language an Accept-Language header prefers most, else en.

    >>> accepted_language("de-DE,de;q=0.9,it;q=0.8,en;q=0.5")
    'it'
    """
    best, best_q = "en", 0.0
    for item in (header or "").split(","):
        code, _sep, params = item.strip().partition(";")
        code = code.strip().split("-")[0].lower()
        quality = 1.0
        for param in params.split(";"):
            name, _eq, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if code in i18n.SUPPORTED and quality > best_q:
            best, best_q = code, quality
    return best


def is_safe_target(target: str) -> bool:
    """Whether a request target can only name a file under the site folder: an absolute path
    (not //host/…, not a full URL) without a .. segment, backslash or NUL, plain or %-encoded."""
    if not target.startswith("/") or target.startswith("//"):
        return False
    path = unquote(urlsplit(target).path, errors="surrogatepass")
    return "\\" not in path and "\0" not in path and ".." not in path.split("/") \
        and not path.startswith("//")


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach a server bound to host."""
    import ipaddress

    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: it may stand for any address
        return False


def _segments(target: str) -> list[str]:
    return [p for p in unquote(urlsplit(target).path).split("/") if p and p not in (".", "..")]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".json": "application/json"}
    _linger = False

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def __getattr__(self, name):
        # The base class answers a method without a do_<METHOD> with 501: every method but
        # GET and HEAD is answered 405 instead.
        if name.startswith("do_"):
            return self._not_allowed
        raise AttributeError(name)

    def do_GET(self):
        if is_safe_target(self.path):
            super().do_GET()
        else:
            self.send_error(404)

    def do_HEAD(self):
        if is_safe_target(self.path):
            super().do_HEAD()
        else:
            self.send_error(404)

    def list_directory(self, path):
        """A folder without index.html is no page (static hosts list nothing either)."""
        self.send_error(404)
        return None

    def _not_allowed(self):
        text = i18n.gettext_in(self._reader_language(), NOT_ALLOWED) + "\n"
        self._answer(405, text.encode("utf-8"), "text/plain; charset=utf-8")

    def send_error(self, code, message=None, explain=None):
        """Every error answers with the nearest 404.html up the address's folders, as static
        hosts do (/es/999/ with es/404.html, /nothing with the root's), with its own status;
        a folder without one gets a line in the reader's language."""
        page = self._not_found_page()
        if page is None:
            text = i18n.gettext_in(self._reader_language(), NO_PAGE).format(code=int(code))
            self._answer(code, (text + "\n").encode("utf-8"), "text/plain; charset=utf-8")
        else:
            self._answer(code, page, "text/html; charset=utf-8")

    def _answer(self, code: int, body: bytes, content_type: str) -> None:
        if len(getattr(self, "requestline", "").split()) != 2:
            # a bad version leaves the base class's HTTP/0.9, which has no status line; only
            # a real HTTP/0.9 request (GET /path) is answered without one
            self.request_version = "HTTP/1.0"
        self.close_connection = True
        self._linger = True
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        if code == 405:
            self.send_header("Allow", ALLOWED)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _reader_language(self) -> str:
        """The language of the address (/es/…), else of Accept-Language, else en."""
        for part in _segments(self._target()):
            if part in i18n.SUPPORTED:
                return part
        headers = getattr(self, "headers", None)
        return accepted_language(headers.get("Accept-Language", "") if headers else "")

    def _target(self) -> str:
        """The request's path, also when the base class stopped before noting it."""
        words = getattr(self, "requestline", "").split()
        return getattr(self, "path", None) or (words[1] if len(words) > 1 else "/")

    def _not_found_page(self) -> bytes | None:
        parts = _segments(self._target())
        for depth in range(len(parts), -1, -1):
            path = os.path.join(self.directory, *parts[:depth], "404.html")
            try:
                with open(path, "rb") as stream:
                    return stream.read()
            except (OSError, ValueError):  # none there (or not a name a file can have)
                continue
        return None

    def finish(self):
        super().finish()
        if self._linger:
            _drain(self.connection)


def _drain(connection) -> None:
    """Say we are done, then read what the client still sends until it closes (bounded)."""
    try:
        connection.shutdown(socket.SHUT_WR)
        deadline, left = time.monotonic() + _LINGER_SECONDS, _LINGER_BYTES
        while left > 0 and (wait := deadline - time.monotonic()) > 0:
            connection.settimeout(wait)
            chunk = connection.recv(min(left, 65536))
            if not chunk:
                break
            left -= len(chunk)
    except OSError:  # gone already, or too slow: closing is all that is left
        pass


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """A client that went away is nothing to report; anything else is one line."""
        problem = sys.exc_info()[1]
        if isinstance(problem, (ConnectionError, TimeoutError)):
            return
        print(_("tolaria: error while answering {client}: {problem}").format(
            client=client_address[0], problem=problem), file=sys.stderr)


class _Server6(_Server):
    address_family = socket.AF_INET6


def make_server(directory: str, port: int = 8000, host: str = "127.0.0.1"):
    """An HTTP server for directory (port 0: any free port); call serve_forever()."""
    handler = functools.partial(_Quiet, directory=str(directory))
    return (_Server6 if ":" in host else _Server)((host, port), handler)


def url_of(server) -> str:
    host, port = server.server_address[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def open_site_server(out: str, port: int = 8000, host: str = "127.0.0.1", rules=None,
                     build: bool = True, building=None):
    """`tolaria serve`: build the site into out (unless not build; building() is called
    first, to say so), then a server of it on host:port, not yet serving. UserError when
    the options mean nothing together, the folder is missing or the port is taken."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    if not build and rules:
        raise UserError(_("--rules says which rulebook to build: it does nothing with "
                          "--no-build"))
    if not build and not os.path.isdir(out):
        raise UserError(_("{folder}: no such folder to serve (build the site into it: run "
                          "the command without --no-build)").format(folder=out))
    if build:
        if building is not None:
            building()
        build_site(out, rules=rules)
    try:
        return make_server(out, port, host)
    except OSError as exc:
        raise UserError(_("cannot listen on {host} port {port}: {problem}").format(
            host=host, port=port, problem=os_error_text(exc))) from None
    except OverflowError:  # a port argparse did not check (called from Python)
        raise UserError(_("'{value}' is not a port: give a whole number from 0 to 65535"
                          ).format(value=port)) from None
