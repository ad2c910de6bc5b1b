"""The site's search in headless Chromium: what a reader downloads, and waits for.

Builds the site (or takes one: --site DIR), serves it on localhost and measures per
language, each figure beside its aim, and as a ratio to a baseline measured in the same run:
the theme's page with nothing on it (the language's 404 page), the bytes the server sent for
it (counted as for the rule page) and its load time.
- search before focus: the bytes of the search a rule page fetches before the reader
  focuses the search box (aim: 0);
- first search: gzip -9 bytes of every file fetched from the first focus to the first result
  row (the worker, the scorer, the stemmers, the core and index, the shards of the query's
  terms, the rows; for Spanish and Italian the English index and shards too), the first
  query of the tuning set in the language pasted in the box (aim <= 300 kB), and how many
  files were fetched twice (aim: 0);
- rule page: the bytes the server sent (gzipped as the browser accepts, headers included)
  while a fresh rule page (104) loads until nothing more was served for 1.5 s: everything
  counted, the service worker's own fetches (its install) included (aim <= 400 kB); checked
  against the requests the browser saw, the service worker's among them (Playwright's
  service worker network events), one line per language;
- first results: ms from the first key pressed in the box of a fresh page (the rest of the
  query already in the box, as if pasted) to the first result row (the worker still
  loading its data counts; aim <= 300 ms), the median of RUNS fresh pages;
- later keys: ms from each later key to the result list redrawn, typing queries of the
  tuning set letter by letter (aim: p95 <= 30 ms).
Run: .venv/bin/python bench/bench_site_search.py [--site DIR]
"""

from __future__ import annotations

import gzip
import os
import statistics
import sys
import tempfile
from pathlib import Path

from common import REPO

sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO / "tests"))

RUNS = 7  # fresh pages per language for the first results
TYPED = 12  # queries of the tuning set typed letter by letter, per language
RULE_PAGE = "104/"  # a rule page of every language
SEARCH = ("/assets/tolaria/search", "/assets/tolaria/rows/", "/snowball-stemmers.js",
          "/workers/tolaria-search.js", "/search/search_index.json")

# In the page: the time from a key down in the search box to the next change of the result
# list (performance.now), kept in window.__times.
WATCH = """() => {
  window.__times = []
  const list = document.querySelector(".md-search-result__list")
  let pressed = null
  document.querySelector("input.md-search__input").addEventListener("keydown", () => {
    pressed = performance.now()
  }, true)
  new MutationObserver(() => {
    if (pressed !== null && list.querySelector(".md-search-result__item")) {
      window.__times.push(performance.now() - pressed)
      pressed = null
    }
  }).observe(list, {childList: true, subtree: true})
}"""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def of_search(url: str) -> bool:
    return any(part in url for part in SEARCH)


def gzipped(site: Path, base: str, urls: list[str]) -> int:
    """gzip -9 bytes of the site's files at urls (each time it is fetched)."""
    total = 0
    for url in urls:
        path = url[len(base):].split("?")[0].split("#")[0]
        file = site / (path + "index.html" if path.endswith("/") or not path else path)
        if file.is_file():
            total += len(gzip.compress(file.read_bytes(), 9))
    return total


def page_load(browser, url: str, httpd=None) -> tuple[list[str], float, list]:
    """(every url a fresh page, its workers and its service worker fetch from the network
    until nothing more is served, ms to its load event, [(path, bytes)] the server sent
    meanwhile when it is a counting one)."""
    from tolaria_testing import quiet_served

    context = browser.new_context()
    fetched: list[str] = []

    def seen(response):
        if not response.from_service_worker:  # a file the service worker answered: its
            fetched.append(response.url)      # own fetch, if any, is seen too
    context.on("response", seen)
    page = context.new_page()
    mark = len(httpd.served) if httpd is not None else 0
    page.goto(url, wait_until="networkidle")
    took = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
    served = quiet_served(httpd)[mark:] if httpd is not None else []
    context.close()
    return fetched, took, served


def first_search(browser, url: str, word: str) -> tuple[float, list[str], list[str]]:
    """(ms from the first key in the search box of a fresh page, the last letter of word,
    the rest already in the box, to the first result row; the urls of the search fetched
    before the box was focused; those fetched from the focus to the first result row)."""
    context = browser.new_context()
    fetched: list[str] = []
    context.on("request", lambda request: request.service_worker is None
               and fetched.append(request.url))  # the page's and its workers' requests
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    before = [u for u in fetched if of_search(u)]
    page.evaluate(WATCH)
    box = page.locator("input.md-search__input")
    mark = len(fetched)
    box.click()
    box.evaluate("(el, text) => { el.value = text }", word[:-1])  # as if pasted: no key yet
    page.keyboard.press(word[-1])
    page.wait_for_selector(".md-search-result__item", timeout=15000)
    page.wait_for_function("window.__times.length > 0")
    took = page.evaluate("window.__times[0]")
    after = [u for u in fetched[mark:] if of_search(u)]
    context.close()
    return took, before, after


def keystrokes(browser, url: str, queries: list[str]) -> list[float]:
    """ms from each later key to the result list redrawn, typing queries letter by letter."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url, wait_until="load")
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(queries[0])
    page.wait_for_selector(".md-search-result__item", timeout=15000)
    page.evaluate(WATCH)
    times: list[float] = []
    for query in queries:
        box.fill("")
        for char in query:
            page.evaluate("window.__times = []")
            page.keyboard.type(char)
            try:
                page.wait_for_function("window.__times.length > 0", timeout=2000)
                times.append(page.evaluate("window.__times[0]"))
            except Exception:  # noqa: BLE001 - a key that changed nothing (a space)
                pass
    context.close()
    return times


def main() -> int:
    os.environ.setdefault("TOLARIA_CACHE", tempfile.mkdtemp(prefix="tolaria-bench-"))
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    import yaml

    from tolaria.site.serve import make_server
    from tolaria_testing import CHROMIUM, chromium, counting, serving

    # the service worker's fetches among the context's requests and responses
    os.environ["PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS"] = "1"

    if "--site" in sys.argv[:-1]:
        site = Path(sys.argv[sys.argv.index("--site") + 1])
    else:
        from tolaria.site.build import build_site

        site = Path(build_site(Path(tempfile.mkdtemp(prefix="tolaria-site-")) / "site"))
    with open(REPO / "bench" / "queries.yaml", encoding="utf-8") as stream:
        tuning = yaml.safe_load(stream)["queries"]
    ok = True
    langs = ("en", "es", "it")
    httpd = counting(make_server(str(site), 0))
    checks = []
    with serving(httpd) as base, chromium(CHROMIUM) as browser:
        print(f"{'lang':<5} {'figure':<34} {'value':>10} {'aim':>10} {'baseline':>10} "
              f"{'ratio':>7}")

        def show(lang: str, name: str, value: float, aim: str, baseline: float, unit: str,
                 met: bool) -> bool:
            ratio = f"{value / baseline:7.2f}" if baseline else f"{'-':>7}"
            print(f"{lang:<5} {name:<34} {value:>8.0f}{unit:>2} {aim:>10} "
                  f"{baseline:>8.0f}{unit:>2} {ratio}{'' if met else '  NOT MET'}")
            return met

        for lang in langs:
            _, empty_ms, empty = page_load(browser, f"{base}{lang}/404.html", httpd)
            empty_kb = sum(size for _, size in empty) / 1e3
            rule, _, sent = page_load(browser, f"{base}{lang}/{RULE_PAGE}", httpd)
            rule_kb = sum(size for _, size in sent) / 1e3
            checks.append(f"{lang}: rule page, the browser saw {len(rule)} files fetched "
                          f"({gzipped(site, base, rule) / 1e3:.0f} kB at gzip -9; the service "
                          f"worker's among them, also those its install took from the "
                          f"browser's cache), the server sent {len(sent)} ({rule_kb:.0f} kB)")
            word = [q["query"] for q in tuning if q["lang"] == lang][0]
            runs = [first_search(browser, f"{base}{lang}/{RULE_PAGE}", word)
                    for _ in range(RUNS)]
            first = statistics.median(r[0] for r in runs)
            _, before, searched = runs[0]
            before_kb = gzipped(site, base, before) / 1e3
            search_kb = gzipped(site, base, searched) / 1e3
            twice = len(searched) - len(set(searched))
            typed = [q["query"] for q in tuning if q["lang"] == lang][:TYPED]
            keys = percentile(keystrokes(browser, f"{base}{lang}/", typed), 0.95)
            ok &= show(lang, "search before focus", before_kb, "0 kB", empty_kb, "kB",
                       not before)
            ok &= show(lang, f"first search ({len(searched)} files)", search_kb, "<= 300 kB",
                       empty_kb, "kB", search_kb <= 300)
            ok &= show(lang, "files fetched twice", twice, "0", 0, "", twice == 0)
            ok &= show(lang, "rule page, first load", rule_kb, "<= 400 kB", empty_kb, "kB",
                       rule_kb <= 400)
            ok &= show(lang, "first results after the first key", first, "<= 300 ms",
                       empty_ms, "ms", first <= 300)
            ok &= show(lang, "later keys, p95", keys, "<= 30 ms", empty_ms, "ms", keys <= 30)
    print("\n".join(checks))
    print("baseline: the theme's page with nothing on it (404), its first load; "
          f"aims: {'ok' if ok else 'NOT MET'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
