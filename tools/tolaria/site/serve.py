"""Serve a built site folder with Python's own HTTP server: GET and HEAD only, the site's own
error pages, nothing from outside the folder, text compressed for clients that accept it, a
status line for every malformed request, a client that does not finish its request in time
dropped, and a bad request never stops the server."""

from __future__ import annotations

import functools
import http.server
import io
import os
import socket
import sys
from urllib.parse import unquote, unquote_to_bytes, urlsplit

from .. import i18n
from ..errors import UserError, os_error_text
from ..i18n import N_, _
from .compression import Bodies, accepts_gzip, is_compressible
from .connection import REQUEST_SECONDS, SEND_SECONDS, DeadlineReader, drain
from .watch import VERSION_PATH, Watcher, with_reload_script
import ipaddress
from .freshness import build_if_changed

ALLOWED = "GET, HEAD"
NOT_ALLOWED = N_("This site can only be read: it answers GET and HEAD requests only.")
NO_PAGE = N_("No page at this address (error {code}).")
FRESH_SECONDS = 60  # how long a browser may use a file it fetched without asking again
# the compressed files, made once per process for every server of it (a body is named by its
# file's path, size and time)
_BODIES = Bodies()


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


def has_valid_escapes(target: str) -> bool:
    """Whether a request target's path, %-decoded, is UTF-8 text.

    >>> has_valid_escapes("/es/702.26/%C3%A1"), has_valid_escapes("/en/%ff/")
    (True, False)
    """
    try:
        unquote_to_bytes(urlsplit(target).path).decode("utf-8")
    except (UnicodeDecodeError, ValueError):
        return False
    return True


def is_safe_target(target: str) -> bool:
    """Whether a request target can only name a file under the site folder: an absolute path
    (not //host/…, not a full URL) without a .. segment, backslash or NUL, plain or %-encoded."""
    if not target.startswith("/") or target.startswith("//") or not has_valid_escapes(target):
        return False
    path = unquote(urlsplit(target).path)
    return "\\" not in path and "\0" not in path and ".." not in path.split("/") \
        and not path.startswith("//")


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach a server bound to host."""
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
    _vary = False  # the answer depends on Accept-Encoding
    _caching: str | None = None  # the answer's Cache-Control

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def setup(self):
        super().setup()
        self._reader = DeadlineReader(self.connection)
        self.rfile = io.BufferedReader(self._reader)

    def handle_one_request(self):
        """One request, received within the server's request_seconds: a client that began
        one and did not finish it in time is answered 408 and dropped (an idle one only
        dropped)."""
        self._reader.start(getattr(self.server, "request_seconds", REQUEST_SECONDS))
        self._vary, self._caching = False, None
        super().handle_one_request()
        if self._reader.expired and self._reader.received:
            self.command = getattr(self, "command", None) or ""
            self.requestline = getattr(self, "requestline", "")
            try:
                self.connection.settimeout(SEND_SECONDS)
                self.send_error(408)
            except OSError:
                pass
            self._linger = False  # it stopped sending: nothing is left to read

    def parse_request(self):
        parsed = super().parse_request()
        self._reader.deadline = None  # the request is in: answering has its own limit
        self.connection.settimeout(SEND_SECONDS)
        return parsed

    def __getattr__(self, name):
        # The base class answers a method without a do_<METHOD> with 501: every method but
        # GET and HEAD is answered 405 instead.
        if name.startswith("do_"):
            return self._not_allowed
        raise AttributeError(name)

    def do_GET(self):
        if self._is_servable():
            super().do_GET()

    def do_HEAD(self):
        if self._is_servable():
            super().do_HEAD()

    def _is_servable(self) -> bool:
        """Whether the target names a file to look for; else it is answered here: 400 for
        a %-escape that is no UTF-8 text, 404 for what is outside the folder; when watching,
        the site's version."""
        if not has_valid_escapes(self.path):
            self.send_error(400)
        elif not is_safe_target(self.path):
            self.send_error(404)
        elif self._version() is not None and urlsplit(self.path).path == VERSION_PATH:
            self._send_bytes(self._version().encode("ascii"), "text/plain; charset=utf-8",
                             {"Cache-Control": "no-store"})
        else:
            return True
        return False

    def _version(self) -> str | None:
        """The version of the site being watched (None: not watching)."""
        watcher = getattr(self.server, "watcher", None)
        return None if watcher is None else watcher.version

    def send_head(self):
        """The base class's answer, but text gzipped for a client that accepts it, and a
        page given the reload script while watching."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and urlsplit(self.path).path.endswith("/"):
            path = os.path.join(path, "index.html")
        content_type = self.guess_type(path)
        self._vary = is_compressible(content_type)
        # as static hosts do: fresh for a while (a file a page and its worker both ask for
        # is fetched once), except while watching, when every answer is checked again
        self._caching = "no-cache" if self._version() is not None else \
            f"max-age={FRESH_SECONDS}"
        compress = self._vary and accepts_gzip(self.headers.get("Accept-Encoding"))
        version = self._version() if content_type == "text/html" else None
        if not (compress or version) or not os.path.isfile(path):
            return super().send_head()
        change = None if version is None else functools.partial(with_reload_script,
                                                                 version=version)
        try:
            body, zipped, etag = _BODIES.body(path, compress, change, version or "")
        except OSError:
            return super().send_head()  # unreadable: the base class's answer
        headers = {"ETag": etag}
        if zipped:
            headers["Content-Encoding"] = "gzip"
        if etag in (self.headers.get("If-None-Match") or ""):
            self._send_bytes(b"", content_type, headers, code=304)
            return None
        self._send_bytes(body, content_type, headers, write=False)
        return io.BytesIO(body)

    def end_headers(self):
        if self._vary:
            self.send_header("Vary", "Accept-Encoding")
        if self._caching:
            self.send_header("Cache-Control", self._caching)
        super().end_headers()

    def _send_bytes(self, body: bytes, content_type: str, headers: dict, code: int = 200,
                    write: bool = True) -> None:
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        if code != 304:
            self.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        if write and self.command != "HEAD":
            self.wfile.write(body)

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
        self._caching = None
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
            drain(self.connection)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64  # connections waiting to be accepted (a page opens several)
    request_seconds = REQUEST_SECONDS
    watcher = None  # a watch.Watcher when the site is rebuilt as its sources change

    def server_close(self):
        if self.watcher is not None:
            self.watcher.stop()
        super().server_close()

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
                     build: bool = True, building=None, watch: bool = False, watching=None):
    """`tolaria serve`: build the site into out unless not build or it was built from the
    same sources (building() is called first, to say so; the server's `built` says whether
    it was), then a server of it on host:port, not yet serving. With watch, the server's
    watcher rebuilds the site whenever its sources change, telling watching (a
    watch.Watcher callback) and open pages. UserError when the options mean nothing
    together, the folder is missing or the port is taken."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    if not build and rules:
        raise UserError(_("--rules says which rulebook to build: it does nothing with "
                          "--no-build"))
    if not build and watch:
        raise UserError(_("--watch rebuilds the site when its sources change: it does "
                          "nothing with --no-build"))
    if not build and not os.path.isdir(out):
        raise UserError(_("{folder}: no such folder to serve (build the site into it: run "
                          "the command without --no-build)").format(folder=out))
    built = []
    if build:
        version = build_if_changed(out, rules, lambda: (built.append(True),
                                                        building and building()))
    try:
        server = make_server(out, port, host)
    except OSError as exc:
        raise UserError(_("cannot listen on {host} port {port}: {problem}").format(
            host=host, port=port, problem=os_error_text(exc))) from None
    except OverflowError:  # a port argparse did not check (called from Python)
        raise UserError(_("'{value}' is not a port: give a whole number from 0 to 65535"
                          ).format(value=port)) from None
    server.built = bool(built)
    if watch:
        server.watcher = Watcher(out, rules, version, watching)
        server.watcher.start()
    return server
