"""Paths the tests share: the repository, the fixtures and the shared sources.

Imported by conftest.py and by test modules (`from tolaria_testing import REPO`); named
uniquely so that it never collides with the conftest.py files of test subfolders.
"""

from __future__ import annotations

import fcntl
import functools
import os
import random
import re
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def shared_dir() -> Path:
    """The shared sources (seeds/, reference/) beside the repository, or $TOLARIA_SHARED.

    A fresh clone has no ../shared/: the tests that read the official files or the seeds
    then skip, each with the reason below, and everything else runs on the repository's
    own data. Set TOLARIA_REQUIRE_SHARED=1 to make a missing folder fail those tests
    instead (a machine that has the sources must not skip them unnoticed)."""
    path = Path(os.environ.get("TOLARIA_SHARED", REPO.parent / "shared"))
    if not (path / "reference" / "cr-en").is_dir():
        message = (f"needs the official files: no reference/cr-en/ in {path} (a clone without "
                   "../shared/; set TOLARIA_SHARED to the shared sources)")
        if os.environ.get("TOLARIA_REQUIRE_SHARED"):
            pytest.fail(message)
        pytest.skip(message, allow_module_level=True)
    return path


@functools.cache
def official(name: str):
    """The official file reference/cr-en/NAME of the shared sources as read_official parses
    it, read once per process: several modules compare with the same files, and parsing all
    of them takes seconds. The tests only read it."""
    from tolaria.cr.official import read_official

    return read_official(shared_dir() / "reference" / "cr-en" / name)


def official_files() -> list[Path]:
    """Every official file of the shared sources, oldest first."""
    return sorted((shared_dir() / "reference" / "cr-en").glob("*.txt"))


def whole(text: str) -> str:
    """A YAML data file's text with the end line `...` every data file ends with."""
    return text if text.rstrip().endswith("\n...") else text.rstrip("\n") + "\n...\n"


def before_end(text: str, more: str) -> str:
    """A YAML data file's text with more added before its end line."""
    body = text.rstrip()
    assert body.endswith("\n..."), "not a whole data file"
    return body[:-3] + more.rstrip("\n") + "\n...\n"


# --- what a test run draws afresh ---------------------------------------------------------------
# A proof too long to make whole on every run (the moments a fault test kills at, the queries
# the site is held to the CLI on, the language read offline once its copy is whole) takes a
# share drawn afresh on each run: over many runs the shares cover the whole, where the same
# share every run would prove the same thing again.
# One seed for the run: the first process draws it and puts it in the environment its xdist
# workers inherit (tests/conftest.py), so that every worker draws the same shares;
# TOLARIA_TEST_SEED draws a run's shares again, and a failure names the seed (drawn_again).
SEED = os.environ.get("TOLARIA_TEST_SEED") or str(random.SystemRandom().randrange(10**6))


def chance(label: str) -> random.Random:
    """The run's random numbers for label (the same label, the same numbers, by SEED)."""
    return random.Random(f"{SEED} {label}")


def drawn(items: list, share: float, label: str) -> list:
    """About share of items (at least one of a list that has any), drawn by SEED and label,
    in their order."""
    count = min(len(items), max(1, round(len(items) * share))) if items else 0
    return [items[i] for i in sorted(chance(label).sample(range(len(items)), count))]


def drawn_again(problems: list[str]) -> str:
    """The problems found, one a line (the first 20, and how many more), and how to draw the
    same shares again."""
    more = [f"({len(problems) - 20} more)"] if len(problems) > 20 else []
    return "\n".join(problems[:20] + more + [f"(the same draw again: TOLARIA_TEST_SEED={SEED})"])


# --- what a test run makes once, for every xdist worker --------------------------------------
def run_folder(tmp_path_factory) -> Path:
    """The test run's own temporary folder, shared by its xdist workers: the parent of the
    workers' base temporary folders (a run without workers: its base temporary folder)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def run_cache(tmp_path_factory) -> Path:
    """The tests' cache, one for the whole run: what one worker kept (the project's search
    index, its snapshots) the others read. The product's cache is safe for concurrent
    processes (files written whole, named and checked by their sources)."""
    return run_folder(tmp_path_factory) / "cache"


def made_once(tmp_path_factory, name: str, make) -> Path:
    """A folder of the test run made once by make(folder), whichever worker asks first.

    Under pytest-xdist each worker has its own base temporary folder; their parent is the
    run's own, so the folder is made there under a lock (fcntl.flock) and the workers that
    ask later wait for it and share it. A make that fails leaves no mark: the next worker
    that asks makes it again (and fails the same way, with its own traceback). A folder
    started in the background (start_made_once) is waited for the same way: its process
    holds the lock until it is done."""
    root = run_folder(tmp_path_factory)
    folder, done = root / name, root / f"{name}.made"
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not done.exists():
                make(folder)
                done.touch()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return folder


def start_made_once(tmp_path_factory, name: str, make: str,
                    env: dict[str, str | None]) -> subprocess.Popen | None:
    """Start making made_once's folder `name` in a process of its own, so that the tests
    that do not need it run meanwhile; None when it is made or started already.

    make is "module:function", called with the folder; env changes the process's
    environment (None removes a variable). The process takes the lock before it starts
    (the lock is handed over to it), so made_once waits for it; when it fails it leaves no
    mark and its output in {name}.log, and the first made_once makes the folder itself."""
    root = run_folder(tmp_path_factory)
    started = root / f"{name}.started"
    lock = open(root / f"{name}.lock", "w")
    try:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return None  # being made
        if started.exists() or (root / f"{name}.made").exists():
            fcntl.flock(lock, fcntl.LOCK_UN)
            return None
        started.touch()
        environ = dict(os.environ)
        for key, value in env.items():
            if value is None:
                environ.pop(key, None)
            else:
                environ[key] = value
        module, function = make.split(":")
        code = ("import os, sys, fcntl, pathlib, importlib\n"
                "from tolaria.cli.program import tune_collector\n"
                "tune_collector()  # as the tolaria program runs\n"
                f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
                f"make = getattr(importlib.import_module({module!r}), {function!r})\n"
                f"make(pathlib.Path({str(root / name)!r}))\n"
                f"pathlib.Path({str(root / f'{name}.made')!r}).touch()\n")
        with open(root / f"{name}.log", "w") as log:
            # the lock goes with the open file: the process holds it until it exits
            return subprocess.Popen([sys.executable, "-c", code], env=environ, stdout=log,
                                    stderr=subprocess.STDOUT, pass_fds=(lock.fileno(),),
                                    cwd=REPO)
    finally:
        lock.close()


# --- the site in Debian's Chromium (tests/site and bench/bench_site_search.py) -------------
# the search's files, by address (a URL or a path relative to a language's folder): a shard of
# a language's postings, and a pack of its shards (search/shards.py)
SHARD_FILE = re.compile(r"assets/tolaria/search/\d+\.json$")
PACK_FILE = re.compile(r"assets/tolaria/search/packs/\d+\.json$")
# The tests run chromium-headless-shell: Chromium's engine without the desktop browser around
# it (what Playwright runs for headless tests), lighter on the CPU for the same pages; the
# benchmarks measure in the browser readers run, chromium (`make browser`, `make chromium`).
HEADLESS_SHELL = os.environ.get("TOLARIA_CHROMIUM", "/usr/bin/chromium-headless-shell")
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@contextmanager
def serving(httpd):
    """A server's address while it serves in a thread; shut down after (at once: the
    thread looks for the shutdown every 20 ms, not every half second)."""
    from tolaria.site.serve import url_of

    threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.02},
                     daemon=True).start()
    try:
        yield url_of(httpd)
    finally:
        httpd.shutdown()
        httpd.server_close()


class _Counted:
    """A handler's output stream that counts the bytes written through it."""

    def __init__(self, stream):
        self.stream, self.count = stream, 0

    def write(self, data):
        self.count += len(data)
        return self.stream.write(data)

    def __getattr__(self, name):
        return getattr(self.stream, name)


def _handled_by(httpd, subclass):
    """httpd answering with subclass(its handler class), a subclass of it."""
    made = httpd.RequestHandlerClass
    base = made.func if isinstance(made, functools.partial) else made
    handler = subclass(base)
    httpd.RequestHandlerClass = (functools.partial(handler, *made.args, **made.keywords)
                                 if isinstance(made, functools.partial) else handler)
    return httpd


def counting(httpd):
    """httpd, logging every answer it sends in httpd.served: (path, bytes sent, headers
    included: gzipped as sent when the client accepts it), whoever asked (a page, its
    workers or its service worker)."""
    httpd.served, lock = [], threading.Lock()

    def subclass(base):
        class Counting(base):
            def setup(self):
                super().setup()
                self.wfile = _Counted(self.wfile)

            def handle_one_request(self):
                self.path, before = "", self.wfile.count
                super().handle_one_request()
                if self.path and self.wfile.count > before:
                    with lock:
                        httpd.served.append((self.path, self.wfile.count - before))
        return Counting

    return _handled_by(httpd, subclass)


def tampered(httpd, change):
    """httpd answering each GET as change(its path) says: None, as it would; b"", not at all
    (the connection is closed without an answer: the client's fetch fails); other bytes, as
    a JSON file of that body, kept by no cache. Whoever asks: a page or its workers (a
    Playwright route can miss the fetches of a dedicated worker)."""
    def subclass(base):
        class Tampered(base):
            def do_GET(self):
                body = change(self.path)
                if body is None:
                    super().do_GET()
                    return
                self.close_connection = True
                if body:
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.send_header("Cache-Control", "no-store")
                    self.end_headers()
                    self.wfile.write(body)
        return Tampered

    return _handled_by(httpd, subclass)


def quiet_served(httpd, quiet_ms: int = 1500, longest_ms: int = 30000) -> list:
    """httpd.served once nothing more was served for quiet_ms (at most longest_ms)."""
    import time

    start = last_change = time.monotonic()
    seen = len(httpd.served)
    while time.monotonic() - start < longest_ms / 1000:
        time.sleep(0.1)
        if len(httpd.served) != seen:
            seen, last_change = len(httpd.served), time.monotonic()
        elif time.monotonic() - last_change >= quiet_ms / 1000:
            break
    return list(httpd.served)


@contextmanager
def chromium(executable: str = HEADLESS_SHELL):
    """Debian's Chromium (executable), headless, driven by Playwright (a failure when it is
    missing)."""
    if not os.path.exists(executable):
        pytest.fail(f"{executable} is missing: `make browser` installs Debian's "
                    f"chromium-headless-shell, `make chromium` its chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=executable, args=ARGS)
        try:
            yield instance
        finally:
            instance.close()


# --- the search box, driven in a batch -----------------------------------------------------
# For each query, the box's value is set and the theme's keyup dispatched; the theme posts the
# query to the search worker and, on its answer, rewrites the result count (even to the same
# words) and the rows. The first change of the count after the key is the answer to that
# query; the line above the rows and the rows shown (a refused query's message row is hidden)
# are read then (the line above the rows only when asked for: reading it as shown lays the page
# out). A query equal to the box's value (the theme does not ask again for the value it asked
# last) is read as the box shows it.
BOX = """async ([queries, shown, details, timeout, withMeta]) => {
    const box = document.querySelector('input.md-search__input')
    const meta = document.querySelector('.md-search-result__meta')
    const list = document.querySelector('.md-search-result__list')
    const read = () => ({
        meta: withMeta ? meta.innerText : null,
        rows: [...list.querySelectorAll('.md-search-result__item')]
            .filter(item => !item.hidden).slice(0, shown)
            .map(item => details ? {
                number: item.querySelector('.t-sr-num')?.textContent || '',
                text: item.querySelector('.t-sr-text')?.innerText || '',
                marks: [...item.querySelectorAll('.t-sr-mark')].map(m => m.innerText),
                href: item.querySelector('a')?.getAttribute('href') || ''}
                : item.querySelector('.t-sr-num')?.textContent || '')})
    const answer = query => new Promise((resolve, reject) => {
        if (box.value === query) return resolve(read())
        const observer = new MutationObserver(() => {
            observer.disconnect()
            clearTimeout(timer)
            resolve(read())
        })
        const timer = setTimeout(() => {
            observer.disconnect()
            reject(new Error('the box did not answer ' + JSON.stringify(query)))
        }, timeout)
        observer.observe(meta, {childList: true, characterData: true, subtree: true})
        box.value = query
        box.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true}))
    })
    const out = []
    for (const query of queries) out.push(await answer(query))
    return out
}"""
WARM = "704.5a"  # a number: the box answers it once the worker is ready


def ready_box(page, timeout: int = 20000) -> None:
    """Focus the page's search box and wait until its worker answers (a number typed)."""
    page.locator("input.md-search__input").focus()
    page.evaluate("""(warm) => {
        const box = document.querySelector('input.md-search__input')
        box.value = warm
        box.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true}))
    }""", WARM)
    page.wait_for_function(
        """(warm) => [...document.querySelectorAll('.md-search-result__item .t-sr-num')]
                     .some(n => n.textContent === warm)""", arg=WARM, timeout=timeout)


class BoxTabs:
    """A page per language on its home page, its search box ready (ready_box), each opened
    when first asked for, in one browser context of its own (no service worker: a search
    would start the offline copy of the whole language, tested in test_offline.py); a page
    that left its home page is brought back. errors: the script errors the pages raised."""

    def __init__(self, browser, server: str):
        self.server, self.pages, self.errors = server, {}, []
        self.context = browser.new_context(service_workers="block")

    def __call__(self, lang: str):
        home = f"{self.server}{lang}/"
        page = self.pages.get(lang)
        if page is None:
            page = self.pages[lang] = self.context.new_page()
            page.on("pageerror", lambda error: self.errors.append(f"{lang}: {error}"))
        if page.url != home:
            page.goto(home)
            ready_box(page)
        return page

    def close(self) -> None:
        self.context.close()


def box_answers(page, queries: list[str], shown: int = 1000, details: bool = False,
                timeout: int = 20000, meta: bool = True) -> list[dict]:
    """What the box of a ready page (ready_box) says for each query, typed one after the
    other: {"meta": the line above the rows (None unless meta), "rows": the numbers of the
    rows shown (at most shown), or with details each row's number, text, marks and href}."""
    return page.evaluate(BOX, [list(queries), shown, details, timeout, meta])


def cli_hits(book, query: str, lang: str, limit: int) -> list:
    """The hits tolaria.search.search gives, best first ([] for a query it refuses): what
    the site's search is compared with."""
    from tolaria.errors import UserError
    from tolaria.search import search

    try:
        return list(search(book, query, lang, limit=limit))
    except UserError:
        return []


def cli_numbers(book, query: str, lang: str, limit: int) -> list[str]:
    """The rule numbers of cli_hits, best first."""
    return [hit.number for hit in cli_hits(book, query, lang, limit)]


RANKED = 10  # the hits the site's parity tests compare: `tolaria search`'s default limit, the
# box's ten rows


def api_answers(page, queries: list[tuple[str, str]], limit: int) -> list[list[dict]]:
    """The hits the page's window.tolaria.search gives for each (query, language), asked
    one after the other (the scorer the box's worker runs, without the box)."""
    return page.evaluate("""async ([queries, limit]) => {
        const out = []
        for (const [query, lang] of queries)
            out.push(await window.tolaria.search(query, {lang: lang, limit: limit}))
        return out
    }""", [[list(q) for q in queries], limit])


# --- the query sets of bench/ (bench_relevance.py), which the site's parity tests run ----------
QUERY_SETS = sorted((REPO / "bench").glob("queries*.yaml"))
BLIND = {"queries_heldout.yaml", "queries_situations.yaml", "queries_situations_cr.yaml",
         "queries_situations_heldout.yaml"}  # never print their queries


def bench_queries(path: Path) -> list[tuple[str, str]]:
    """(query, language) of every query of a query set of bench/ (read with libyaml's
    parser where present, as the product reads its data: the sets parametrize tests)."""
    from tolaria.yamlfiles.nodes import load

    return [(q["query"], q["lang"]) for q in load(path.read_text(encoding="utf-8"))["queries"]]


def stored_postings(entry: dict, raw: list) -> list[tuple[int, int]]:
    """[(document, weight or count)] of a term's postings as the site's search data stores
    them (not compacted): each pair followed by its positions where the field keeps them."""
    i, out = 0, []
    while i < len(raw):
        out.append((raw[i], raw[i + 1]))
        i += 2 + (raw[i + 1] if entry["positions"] else 0)
    return out


def type_in_box(page, query: str, shown: str = ".md-search-result__item",
                timeout: int = 15000) -> None:
    """Type query in the page's search box, key by key, and wait until the box answers
    the last key (an element matching shown is on screen, and the rows stop changing)."""
    box = page.locator("input.md-search__input")
    box.click()
    box.fill("")
    box.press_sequentially(query, delay=10)
    page.wait_for_function(
        """([query, shown]) => document.querySelector('input.md-search__input').value ===
                               query && document.querySelector(shown)""",
        arg=[query, shown], timeout=timeout)
    settled(page)


def settled(page) -> None:
    """Wait until the rows stop changing: the answers to earlier keys (shown as they come)
    are followed by the answer to the last one."""
    shown = None
    for _ in range(50):
        now = page.locator(".md-search-result").inner_text()
        if now == shown:
            return
        shown = now
        page.wait_for_timeout(250)
