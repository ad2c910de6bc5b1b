"""tolaria serve compresses text: gzip when the client accepts it, Vary on every text answer,
nothing else changed (HEAD, revalidation, files that are not text)."""

from __future__ import annotations

import gzip
import http.client

import pytest

from tolaria_testing import serving

PAGE = "<!doctype html><html><body><p>" + "La regla 104.3b dice. " * 200 + "</p></body></html>"
DATA = '{"terms": [' + ", ".join(f'"{n}"' for n in range(400)) + "]}"
PICTURE = bytes(range(256)) * 8


@pytest.fixture
def base(tmp_path):
    (tmp_path / "es" / "104").mkdir(parents=True)
    (tmp_path / "es" / "104" / "index.html").write_text(PAGE, encoding="utf-8")
    (tmp_path / "es" / "search.json").write_text(DATA, encoding="utf-8")
    (tmp_path / "es" / "style.css").write_text("p{color:red}\n" * 100, encoding="utf-8")
    (tmp_path / "es" / "icon.svg").write_text("<svg>" + "<g/>" * 200 + "</svg>", "utf-8")
    (tmp_path / "es" / "tiny.js").write_text("var a = 1\n", encoding="utf-8")
    (tmp_path / "es" / "photo.png").write_bytes(PICTURE)
    from tolaria.site.serve import make_server

    server = make_server(str(tmp_path), 0)
    with serving(server) as url:
        yield server.server_address[1]


def get(port, target, method="GET", **headers):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.putrequest(method, target, skip_accept_encoding=True)
        for name, value in headers.items():
            connection.putheader(name.replace("_", "-"), value)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


@pytest.mark.parametrize("target, text, kind", [
    ("/es/104/", PAGE, "text/html"), ("/es/search.json", DATA, "application/json"),
    ("/es/style.css", "p{color:red}\n" * 100, "text/css"),
    ("/es/icon.svg", "<svg>" + "<g/>" * 200 + "</svg>", "image/svg+xml")])
def test_text_is_gzipped_for_a_client_that_accepts_it(base, target, text, kind):
    status, headers, body = get(base, target, Accept_Encoding="br, gzip, deflate")
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert headers["vary"] == "Accept-Encoding"
    assert headers["content-type"] == kind
    assert int(headers["content-length"]) == len(body) < len(text.encode())
    assert gzip.decompress(body).decode("utf-8") == text


@pytest.mark.parametrize("accept", [None, "identity", "br", "gzip;q=0", "*;q=0"])
def test_a_client_that_does_not_accept_gzip_gets_the_file_as_it_is(base, accept):
    headers = {"Accept_Encoding": accept} if accept else {}
    status, answer, body = get(base, "/es/104/", **headers)
    assert status == 200 and "content-encoding" not in answer
    assert answer["vary"] == "Accept-Encoding"  # a cache must not give it to gzip clients
    assert body.decode("utf-8") == PAGE


def test_a_star_accepts_gzip(base):
    assert get(base, "/es/104/", Accept_Encoding="*")[1]["content-encoding"] == "gzip"


@pytest.mark.parametrize("target", ["/es/photo.png", "/es/tiny.js"])
def test_pictures_and_tiny_files_are_not_compressed(base, target):
    status, headers, body = get(base, target, Accept_Encoding="gzip")
    assert status == 200 and "content-encoding" not in headers
    assert "vary" not in headers or target.endswith(".js")
    assert len(body) == int(headers["content-length"])


def test_a_head_says_the_compressed_length_without_a_body(base):
    _, got, body = get(base, "/es/104/", Accept_Encoding="gzip")
    status, headers, nothing = get(base, "/es/104/", "HEAD", Accept_Encoding="gzip")
    assert status == 200 and nothing == b""
    assert headers["content-length"] == got["content-length"] == str(len(body))


def test_an_unchanged_file_is_not_sent_again(base):
    _, headers, _ = get(base, "/es/search.json", Accept_Encoding="gzip")
    status, again, body = get(base, "/es/search.json", Accept_Encoding="gzip",
                              If_None_Match=headers["etag"])
    assert status == 304 and body == b"" and again["etag"] == headers["etag"]
    plain = get(base, "/es/search.json")[1].get("etag")
    assert plain != headers["etag"]  # the compressed and the plain body are not one


def test_a_changed_file_is_compressed_again(base, tmp_path):
    first = gzip.decompress(get(base, "/es/search.json", Accept_Encoding="gzip")[2])
    (tmp_path / "es" / "search.json").write_text(DATA.replace("399", "400") + " ", "utf-8")
    second = gzip.decompress(get(base, "/es/search.json", Accept_Encoding="gzip")[2])
    assert first.decode() == DATA and second.decode() == DATA.replace("399", "400") + " "


def test_missing_files_and_folders_still_answer_as_before(base):
    assert get(base, "/es/nothing.json", Accept_Encoding="gzip")[0] == 404
    status, headers, _ = get(base, "/es/104", Accept_Encoding="gzip")
    assert status == 301 and headers["location"] == "/es/104/"


@pytest.mark.parametrize("header, accepted", [
    ("gzip", True), ("GZIP;q=0.5", True), ("x-gzip", True), ("deflate, *;q=0.1", True),
    ("gzip;q=0", False), ("gzip;q=0.0, *", False), ("br, deflate", False), ("", False),
    ("gzip;q=abc", False)])
def test_accept_encoding_is_negotiated(header, accepted):
    from tolaria.site.compression import accepts_gzip

    assert accepts_gzip(header) is accepted


def test_files_stay_fresh_for_a_while_as_on_static_hosts(base):
    from tolaria.site.serve import FRESH_SECONDS

    for target, accept in (("/es/104/", "gzip"), ("/es/photo.png", "gzip"), ("/es/104/", "")):
        status, headers, _ = get(base, target, Accept_Encoding=accept)
        assert status == 200 and headers["cache-control"] == f"max-age={FRESH_SECONDS}"
    status, headers, _ = get(base, "/es/nothing/", Accept_Encoding="gzip")
    assert status == 404 and "cache-control" not in headers
