"""Serve a built site folder on localhost with Python's own HTTP server."""

from __future__ import annotations

import functools
import http.server
import threading


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".json": "application/json"}

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


def make_server(directory: str, port: int = 8000, host: str = "127.0.0.1"):
    """An HTTP server for directory (port 0: any free port); call serve_forever()."""
    handler = functools.partial(_Quiet, directory=str(directory))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def url_of(server) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"


def serve_in_background(directory: str, port: int = 0):
    """Start serving directory in a thread; returns the server (shutdown() to stop)."""
    server = make_server(directory, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
