"""Serve a built site folder on localhost with Python's own HTTP server."""

from __future__ import annotations

import functools
import http.server


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".json": "application/json"}

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def send_error(self, code, message=None, explain=None):
        """A missing page answers with the nearest 404.html up its folders, as static hosts
        do: /es/999/ with es/404.html, /nothing with the site's root 404.html."""
        page = self._not_found_page() if code == 404 else None
        if page is None:
            super().send_error(code, message, explain)
            return
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(page)

    def _not_found_page(self) -> bytes | None:
        import os
        from urllib.parse import unquote, urlsplit

        parts = [p for p in unquote(urlsplit(self.path).path).split("/")
                 if p and p not in (".", "..")]
        for depth in range(len(parts), -1, -1):
            path = os.path.join(self.directory, *parts[:depth], "404.html")
            try:
                with open(path, "rb") as stream:
                    return stream.read()
            except (OSError, ValueError):  # none there (or not a name a file can have)
                continue
        return None


def make_server(directory: str, port: int = 8000, host: str = "127.0.0.1"):
    """An HTTP server for directory (port 0: any free port); call serve_forever()."""
    handler = functools.partial(_Quiet, directory=str(directory))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def url_of(server) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"
