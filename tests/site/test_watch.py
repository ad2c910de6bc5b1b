"""tolaria serve --watch: the site rebuilt when its sources change, open pages reloaded."""

from __future__ import annotations

import http.client
import time

import pytest

from tolaria_testing import serving


def _edit(tiny, old="juego", new="partida"):
    path = tiny / "es" / "104.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    time.sleep(0.01)  # a later modification time, on coarse file systems too


class Builds:
    """A quick stand-in for the build: writes a page saying which build it is."""

    def __init__(self, problem=None):
        self.made, self.problem = [], problem

    def __call__(self, out, rules=None):
        self.made.append(rules)
        if self.problem:
            return self.problem
        out.mkdir(parents=True, exist_ok=True)
        (out / "index.html").write_text(f"<html><body>build {len(self.made)}</body></html>",
                                        encoding="utf-8")
        return None


def test_a_change_of_the_sources_rebuilds_the_site(tiny, tmp_path):
    from tolaria.site.freshness import built_fingerprint, fingerprint
    from tolaria.site.watch import Watcher

    out, builds, events = tmp_path / "site", Builds(), []
    watcher = Watcher(out, tiny, fingerprint(tiny), lambda *e: events.append(e), builds)
    assert not watcher.check() and builds.made == []  # nothing changed
    _edit(tiny)
    assert watcher.check()
    assert builds.made == [tiny] and events == [("building", None), ("built", None)]
    assert watcher.version == fingerprint(tiny) == built_fingerprint(out)
    assert not watcher.check() and len(builds.made) == 1


def test_a_touch_that_changes_nothing_builds_nothing(tiny, tmp_path):
    import os

    from tolaria.site.freshness import fingerprint
    from tolaria.site.watch import Watcher

    builds = Builds()
    watcher = Watcher(tmp_path / "site", tiny, fingerprint(tiny), build=builds)
    os.utime(tiny / "es" / "104.yaml", (5, 5))
    assert not watcher.check() and builds.made == []


def test_a_failed_build_keeps_the_site_and_says_why(tiny, tmp_path):
    from tolaria.site.freshness import built_fingerprint, fingerprint
    from tolaria.site.watch import Watcher

    out, events = tmp_path / "site", []
    builds = Builds("rules/es/104.yaml:3: unknown rule reference 104.3z")
    before = fingerprint(tiny)
    watcher = Watcher(out, tiny, before, lambda *e: events.append(e), builds)
    _edit(tiny)
    assert not watcher.check()
    assert events[-1] == ("failed", "rules/es/104.yaml:3: unknown rule reference 104.3z")
    assert watcher.version == before and built_fingerprint(out) is None
    assert not watcher.check() and len(builds.made) == 1  # tried again on the next change


def test_the_watcher_polls_in_its_own_thread(tiny, tmp_path):
    from tolaria.site.freshness import fingerprint
    from tolaria.site.watch import Watcher

    builds = Builds()
    watcher = Watcher(tmp_path / "site", tiny, fingerprint(tiny), build=builds, every=0.05)
    watcher.start()
    try:
        _edit(tiny)
        deadline = time.monotonic() + 10
        while not builds.made and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        watcher.stop()
    assert builds.made == [tiny]


def test_the_watcher_keeps_watching_after_an_error_it_says(tiny, tmp_path):
    from tolaria.site.freshness import fingerprint
    from tolaria.site.watch import Watcher

    events, builds, calls = [], Builds(), []

    def failing_then_working(out, rules):
        calls.append(out)
        if len(calls) == 1:
            raise PermissionError(13, "Permission denied", str(out))
        return builds(out, rules)

    watcher = Watcher(tmp_path / "site", tiny, fingerprint(tiny), lambda *e: events.append(e),
                      failing_then_working, every=0.05)
    watcher.start()
    try:
        _edit(tiny)
        deadline = time.monotonic() + 10
        while not any(e[0] == "failed" for e in events) and time.monotonic() < deadline:
            time.sleep(0.05)
        _edit(tiny, "partida", "partidas")
        while not builds.made and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        watcher.stop()
    assert any(e[0] == "failed" and "permission denied" in e[1] for e in events), events
    assert builds.made == [tiny]


def test_a_rebuild_runs_tolaria_site_in_a_new_process(tiny, tmp_path):
    from tolaria.site.watch import build_in_new_process

    out = tmp_path / "site"
    assert build_in_new_process(out, tiny) is None
    assert "partida" not in (out / "es" / "104" / "index.html").read_text(encoding="utf-8")
    (tiny / "es" / "104.yaml").write_text("section: [\n", encoding="utf-8")
    problem = build_in_new_process(out, tiny)
    assert "104.yaml:" in problem and "Traceback" not in problem


# --- the pages while watching -----------------------------------------------------------------
@pytest.fixture
def watched(tmp_path):
    """A served folder with a watcher that never polls: (port, watcher)."""
    from tolaria.site.serve import make_server
    from tolaria.site.watch import Watcher

    site = tmp_path / "site"
    (site / "es" / "104").mkdir(parents=True)
    (site / "es" / "104" / "index.html").write_text(
        "<html><body><p>104</p></body></html>", encoding="utf-8")
    (site / "es" / "data.json").write_text('{"a": 1}', encoding="utf-8")
    server = make_server(str(site), 0)
    server.watcher = Watcher(site, tmp_path / "rules-none", "v1", build=Builds())
    with serving(server) as url:
        yield server.server_address[1], server.watcher, url


def get(port, target, **headers):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", target, headers={k.replace("_", "-"): v
                                                   for k, v in headers.items()})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def test_pages_get_the_reload_script_with_the_sites_version(watched):
    from tolaria.site.watch import VERSION_PATH

    port, watcher, _ = watched
    status, headers, body = get(port, "/es/104/")
    assert status == 200 and headers["Cache-Control"] == "no-cache"
    assert get(port, "/es/data.json")[1]["Cache-Control"] == "no-cache"  # rebuilt files too
    assert body.startswith(b"<html><body><p>104</p><script>")
    assert b'var served = "v1"' in body and VERSION_PATH.encode() in body
    assert body.endswith(b"</script>\n</body></html>")
    assert get(port, "/es/data.json")[2] == b'{"a": 1}'  # only pages
    assert get(port, VERSION_PATH)[::2] == (200, b"v1")
    watcher.version = "v2"
    assert get(port, VERSION_PATH)[::2] == (200, b"v2")
    assert b'var served = "v2"' in get(port, "/es/104/", Accept_Encoding="identity")[2]


def test_a_revalidated_page_of_an_older_version_is_sent_again(watched):
    port, watcher, _ = watched
    first = get(port, "/es/104/")[1]["ETag"]
    assert get(port, "/es/104/", If_None_Match=first)[0] == 304
    watcher.version = "v2"
    status, headers, body = get(port, "/es/104/", If_None_Match=first)
    assert status == 200 and b'"v2"' in body and headers["ETag"] != first


def test_without_watching_pages_are_served_as_they_are(tmp_path):
    from tolaria.site.serve import make_server
    from tolaria.site.watch import VERSION_PATH

    (tmp_path / "index.html").write_text("<html><body>x</body></html>", encoding="utf-8")
    with serving(make_server(str(tmp_path), 0)) as url:
        port = int(url.rsplit(":", 1)[1].strip("/"))
        assert get(port, "/")[2] == b"<html><body>x</body></html>"
        assert get(port, VERSION_PATH)[0] == 404


def test_an_open_page_reloads_when_the_site_is_rebuilt(watched, browser):
    port, watcher, url = watched
    page = browser.new_page()
    try:
        page.goto(url + "es/104/")
        page.evaluate("window.stillHere = true")
        (watcher.out / "es" / "104" / "index.html").write_text(
            "<html><body><p>104 rebuilt</p></body></html>", encoding="utf-8")
        watcher.version = "v2"
        page.wait_for_function("!window.stillHere && document.body.innerText.includes("
                               "'104 rebuilt')", timeout=10000)
    finally:
        page.close()


def test_serve_refuses_watch_without_building(tmp_path, capsys):
    from tolaria.cli import main

    status = main(["serve", "--no-build", "--watch", "--out", str(tmp_path), "--port", "0"])
    err = capsys.readouterr().err
    assert status != 0
    assert err == "tolaria: --watch rebuilds the site when its sources change: it does " \
                  "nothing with --no-build\n"
