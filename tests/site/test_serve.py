"""tolaria serve under faults: a real server on 127.0.0.1 (any free port), in a thread, fed
wrong methods, missing pages, escapes from its folder and oversized headers."""

from __future__ import annotations

import http.client
import os
import shutil
import socket
import subprocess
import threading
from contextlib import contextmanager

import pytest

from tolaria.cli import main
from tolaria_testing import serving as served

SECRET = "a file outside the site folder"
PAGES = {"en": "<h1>404 · Page not found</h1>", "es": "<h1>404 · Página no encontrada</h1>",
         "it": "<h1>404 · Pagina non trovata</h1>"}
ROOT_PAGE = "<h1>404 · root</h1>"


@pytest.fixture
def folder(tmp_path):
    """A site folder like a built one (index, per-language 404 pages), beside a secret."""
    (tmp_path / "secret.txt").write_text(SECRET, encoding="utf-8")
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<h1>Tolaria</h1>", encoding="utf-8")
    (site / "404.html").write_text(ROOT_PAGE, encoding="utf-8")
    for lang, page in PAGES.items():
        (site / lang / "104").mkdir(parents=True)
        (site / lang / "404.html").write_text(page, encoding="utf-8")
        (site / lang / "104" / "index.html").write_text(f"<p>104 {lang}</p>", encoding="utf-8")
    return site


@contextmanager
def serving(folder):
    from tolaria.site.serve import make_server

    server = make_server(str(folder), 0)
    with served(server):
        yield server.server_address[1]


@pytest.fixture
def port(folder):
    with serving(folder) as number:
        yield number


def request(port, method, target, headers=None, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.putrequest(method, target, skip_accept_encoding=True)
        for name, value in (headers or {}).items():
            connection.putheader(name, value)
        if body is not None:
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read().decode("utf-8")
    finally:
        connection.close()


def raw(port, data: bytes) -> bytes:
    """What the server answers to bytes sent as they are, until it closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(data)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def in_language(lang):
    from tolaria.i18n import gettext_in
    from tolaria.site.serve import NOT_ALLOWED

    return gettext_in(lang, NOT_ALLOWED) + "\n"


# --- methods ----------------------------------------------------------------------------------
@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "BREW"])
def test_every_method_but_get_and_head_is_not_allowed(port, method):
    status, headers, body = request(port, method, "/es/104/", body=b"q=1")
    assert status == 405
    assert headers["Allow"] == "GET, HEAD"
    assert body == in_language("es")


@pytest.mark.parametrize("target, accept, lang", [
    ("/it/104/", "es", "it"),  # the address's language first
    ("/", "de-DE,de;q=0.9,it;q=0.8,en;q=0.5", "it"),
    ("/", "es-AR;q=0.2, en;q=0.1", "es"),
    ("/", "fr", "en"),
    ("/", None, "en")])
def test_the_405_speaks_the_readers_language(port, target, accept, lang):
    status, _, body = request(port, "POST", target, {"Accept-Language": accept} if accept
                              else {})
    assert status == 405 and body == in_language(lang)


def test_the_405_bodies_are_real_translations(port):
    bodies = {lang: request(port, "DELETE", f"/{lang}/")[2] for lang in ("en", "es", "it")}
    assert len(set(bodies.values())) == 3
    assert "GET" in bodies["es"] and "HEAD" in bodies["it"]


def test_curl_post_gets_405(port):
    url = f"http://127.0.0.1:{port}/en/104/"
    curl = shutil.which("curl")
    if curl is None:
        status = request(port, "POST", "/en/104/", body=b"")[0]
        assert status == 405
        return
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    done = subprocess.run([curl, "-s", "--noproxy", "*", "-o", os.devnull,
                           "-w", "%{http_code}", "-X", "POST", url],
                          capture_output=True, text=True, timeout=30, env=env)
    assert done.stdout == "405"


def test_get_and_head_still_work(port):
    assert request(port, "GET", "/es/104/")[::2] == (200, "<p>104 es</p>")
    status, headers, body = request(port, "HEAD", "/es/104/")
    assert status == 200 and body == "" and headers["Content-Length"] == "13"


# --- error pages ------------------------------------------------------------------------------
@pytest.mark.parametrize("target, page", [
    ("/es/999/", PAGES["es"]), ("/it/no/such/page", PAGES["it"]), ("/en/104/x.html", PAGES["en"]),
    ("/nothing", ROOT_PAGE)])
def test_a_missing_page_is_the_sites_404_page(port, target, page):
    status, headers, body = request(port, "GET", target)
    assert status == 404 and body == page
    assert headers["Content-Type"] == "text/html; charset=utf-8"


def test_a_head_of_a_missing_page_has_no_body(port):
    status, headers, body = request(port, "HEAD", "/es/999/")
    assert status == 404 and body == ""
    assert headers["Content-Length"] == str(len(PAGES["es"].encode("utf-8")))


def test_a_folder_without_an_index_is_not_listed(port, folder):
    (folder / "es" / "empty").mkdir()
    status, _, body = request(port, "GET", "/es/empty/")
    assert status == 404 and body == PAGES["es"]


def test_a_malformed_request_gets_the_sites_page(port):
    answer = raw(port, b"GET /es/104/ HTTP/9.x\r\n\r\n")
    assert answer.startswith(b"HTTP/1.0 400 ")
    assert answer.endswith(PAGES["es"].encode("utf-8"))


def test_a_folder_without_404_pages_answers_in_one_line(tmp_path):
    from tolaria.i18n import gettext_in
    from tolaria.site.serve import NO_PAGE

    (tmp_path / "index.html").write_text("x", encoding="utf-8")
    with serving(tmp_path) as number:
        status, _, body = request(number, "GET", "/es/999/")
    assert status == 404
    assert body == gettext_in("es", NO_PAGE).format(code=404) + "\n"
    assert body != NO_PAGE.format(code=404) + "\n"  # a translation, not the English


# --- escapes from the folder ------------------------------------------------------------------
@pytest.mark.parametrize("target", [
    "/../secret.txt", "/es/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt",
    "/es/%2e%2e/%2e%2e/secret.txt", "/..%5csecret.txt", "/es\\..\\..\\secret.txt",
    "//secret.txt", "SECRET", "http://127.0.0.1/../secret.txt", "/es/104/%00.html"])
def test_nothing_outside_the_folder_is_served(port, folder, target):
    target = target.replace("SECRET", str(folder.parent / "secret.txt"))
    answer = raw(port, f"GET {target} HTTP/1.0\r\n\r\n".encode("utf-8"))
    status = int(answer.split(b" ", 2)[1])
    assert status in (400, 404)
    assert SECRET.encode() not in answer
    assert answer.endswith((ROOT_PAGE.encode(), PAGES["es"].encode("utf-8")))


def test_a_safe_target_is_one_under_the_folder():
    from tolaria.site.serve import is_safe_target

    assert is_safe_target("/es/104/?q=..") and is_safe_target("/es/104/#104.1")
    assert not is_safe_target("/%2e%2E/x") and not is_safe_target("/a%5c..%5cb")


# --- oversized requests -----------------------------------------------------------------------
@pytest.mark.parametrize("headers", [
    b"X-Big: " + b"a" * 100_000 + b"\r\n",
    b"".join(b"X-Many-%d: 1\r\n" % i for i in range(150))])
def test_huge_headers_are_refused_and_the_server_goes_on(port, headers):
    answer = raw(port, b"GET /es/104/ HTTP/1.1\r\nHost: x\r\n" + headers + b"\r\n")
    status = int(answer.split(b" ", 2)[1])
    assert status in (400, 431)
    assert answer.endswith(PAGES["es"].encode("utf-8"))
    assert request(port, "GET", "/es/104/")[::2] == (200, "<p>104 es</p>")


def test_a_huge_request_line_is_refused_and_the_server_goes_on(port):
    answer = raw(port, b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n\r\n")
    assert answer.startswith(b"HTTP/1.0 414 ") and answer.endswith(ROOT_PAGE.encode())
    assert request(port, "GET", "/")[0] == 200


# --- the command: host and warning ------------------------------------------------------------
@pytest.fixture
def started(monkeypatch):
    """tolaria serve, stopped as soon as it starts serving: the server it made."""
    from tolaria.site import serve

    made = []
    real = serve.make_server

    def make_server(*args, **kwargs):
        server = real(*args, **kwargs)
        made.append(server)

        def stop():
            raise KeyboardInterrupt
        server.serve_forever = stop
        return server

    monkeypatch.setattr(serve, "make_server", make_server)
    return made


def test_serve_binds_the_loopback_address_by_default(capsys, folder, started):
    status = main(["serve", "--no-build", "--out", str(folder), "--port", "0", "--lang", "en"])
    out, err = capsys.readouterr()
    assert status == 0 and err == "\n"  # the line after ^C
    host, number = started[0].server_address[:2]
    assert host == "127.0.0.1"
    assert out == f"Serving the rules at http://127.0.0.1:{number}/ (Ctrl+C to stop)\n"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_host_other_machines_reach_is_warned_of(capsys, folder, started, lang):
    from tolaria import i18n

    status = main(["serve", "--no-build", "--out", str(folder), "--port", "0", "--host",
                   "0.0.0.0", "--lang", lang])
    err = capsys.readouterr().err
    i18n.set_language(lang)
    try:
        warning = i18n._("tolaria: warning: {message}").format(message=i18n._(
            "{host} is not a loopback address: the site is reachable from other machines"
        ).format(host="0.0.0.0"))
    finally:
        i18n.set_language("en")
    assert status == 0 and started[0].server_address[0] == "0.0.0.0"
    assert err == warning + "\n\n"
    assert lang == "en" or "0.0.0.0 is not a loopback" not in err


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1"])
def test_a_loopback_host_is_not_warned_of(capsys, folder, started, host):
    try:
        status = main(["serve", "--no-build", "--out", str(folder), "--port", "0", "--host",
                       host])
    finally:
        out, err = capsys.readouterr()
    if status == 2 and host == "::1":  # no IPv6 on this machine
        assert "cannot listen on ::1 port 0" in err
        return
    assert status == 0 and err == "\n"
    assert "http://[::1]:" in out if host == "::1" else "http://127.0.0.1:" in out


# --- malformed targets and slow clients -------------------------------------------------------
@pytest.mark.parametrize("target", ["/en/%ff/", "/es/%c3%28/", "/it/104/%e2%82.html"])
def test_a_percent_escape_that_is_no_text_is_a_bad_request(port, target):
    answer = raw(port, f"GET {target} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    assert answer.startswith(b"HTTP/1.0 400 ")
    assert answer.endswith(PAGES[target[1:3]].encode("utf-8"))
    assert request(port, "GET", "/es/104/")[::2] == (200, "<p>104 es</p>")


def test_a_head_with_a_bad_escape_is_a_bad_request(port):
    assert request(port, "HEAD", "/en/%ff/")[0] == 400


@pytest.fixture
def quick(folder):
    """A server that gives a client one second to send its request."""
    from tolaria.site.serve import make_server

    server = make_server(str(folder), 0)
    server.request_seconds = 1.0
    with served(server):
        yield server.server_address[1]


def _answer_and_close(sock, limit: float) -> tuple[bytes, float]:
    """What the server sends until it closes the connection, and how long that took."""
    import time

    start, chunks = time.monotonic(), []
    sock.settimeout(limit)
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks), time.monotonic() - start


@pytest.mark.parametrize("sent, page", [
    (b"GET /es/104/ HTTP/1.1\r\nHost: x\r\n", PAGES["es"]),
    (b"GET /es/104/ HTTP/1.1\r\nX-Slow: ", PAGES["es"]),
    (b"GET /es/1", ROOT_PAGE)])  # no whole address: the root's page
def test_a_half_sent_request_is_answered_408_and_closed_in_time(quick, sent, page):
    with socket.create_connection(("127.0.0.1", quick), timeout=10) as sock:
        sock.sendall(sent)
        answer, seconds = _answer_and_close(sock, 5)
    assert answer.startswith(b"HTTP/1.0 408 ")
    assert answer.endswith(page.encode("utf-8"))
    assert seconds < 2.5


def test_a_client_sending_a_byte_at_a_time_is_still_cut_at_the_deadline(quick):
    import time

    with socket.create_connection(("127.0.0.1", quick), timeout=10) as sock:
        start = time.monotonic()
        try:
            for byte in b"GET /es/104/ HTTP/1.1\r\nHost: x\r\nX-Drip: " + b"a" * 60:
                sock.sendall(bytes([byte]))
                time.sleep(0.05)
        except OSError:  # closed while still sending: what is asked
            pass
        answer, _ = _answer_and_close(sock, 5)
        seconds = time.monotonic() - start
    assert seconds < 3.5
    assert answer == b"" or answer.split(b" ", 2)[1] == b"408"


def test_many_half_sent_requests_do_not_pile_up_threads(quick):
    import time

    before = threading.active_count()
    clients = [socket.create_connection(("127.0.0.1", quick), timeout=10) for _ in range(60)]
    try:
        for sock in clients:
            sock.sendall(b"GET /es/104/ HTTP/1.1\r\nHost: x\r\n")
        deadline = time.monotonic() + 5
        while threading.active_count() <= before + 30 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert threading.active_count() > before + 30  # a thread per client, for now
        answers = [_answer_and_close(sock, 5)[0] for sock in clients]
        deadline = time.monotonic() + 3
        while threading.active_count() > before and time.monotonic() < deadline:
            time.sleep(0.05)
        assert threading.active_count() <= before
    finally:
        for sock in clients:
            sock.close()
    assert all(a.split(b" ", 2)[1] == b"408" for a in answers)
    assert request(quick, "GET", "/es/104/")[::2] == (200, "<p>104 es</p>")


def test_an_idle_connection_is_closed_without_an_answer(quick):
    with socket.create_connection(("127.0.0.1", quick), timeout=10) as sock:
        answer, seconds = _answer_and_close(sock, 5)
    assert answer == b"" and seconds < 2.5


def test_a_request_sent_in_pieces_within_the_time_is_answered(quick):
    import time

    with socket.create_connection(("127.0.0.1", quick), timeout=10) as sock:
        for piece in (b"GET /es/104/ HT", b"TP/1.1\r\nHost: x\r\n", b"\r\n"):
            sock.sendall(piece)
            time.sleep(0.2)
        answer, _ = _answer_and_close(sock, 5)
    assert answer.startswith(b"HTTP/1.0 200 ") and answer.endswith(b"<p>104 es</p>")
