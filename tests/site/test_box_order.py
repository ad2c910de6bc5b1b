"""The search box answers a query however its value comes and whatever is ready first, in
Debian's Chromium: a value that comes without a key (filled in, pasted) before or after the
theme's worker is ready, and the theme's index or the search's data coming late."""

from __future__ import annotations

import re

import pytest

# READY, as the theme's search worker posts it to the page: a flag the test reads
READY = """(() => {
  const Original = window.Worker
  window.Worker = function (url, options) {
    const worker = new Original(url, options)
    worker.addEventListener("message", event => {
      if (event.data && event.data.type === 1) window.searchReady = true
    })
    return worker
  }
})()"""
# what is held back until the query is in the box: the theme's index, or the search's data
LATE = {"theme index": r"/search/search_index\.json$",
        "search data": r"/assets/tolaria/search/(core|index)\.json$"}


@pytest.mark.parametrize("late", [None, *LATE])
def test_a_value_that_comes_without_a_key_is_searched(browser, server, late):
    context = browser.new_context(service_workers="block")  # the workers' fetches routed
    held, released = [], []

    def hold(route):
        if released:
            route.continue_()
        else:
            held.append(route)
    if late:
        context.route(re.compile(LATE[late]), hold)
    page = context.new_page()
    page.add_init_script(READY)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(server + "it/104/")
        box = page.locator("input.md-search__input")
        box.click()
        if late:  # the query is in the box before the worker is ready
            box.fill("giocatore")
            page.wait_for_timeout(300)
            assert not page.evaluate("window.searchReady === true")
            released.append(True)
            for route in held:
                route.continue_()
        else:  # the worker is ready before the query is in the box
            page.wait_for_function("window.searchReady === true", timeout=15000)
            box.fill("giocatore")
        page.wait_for_selector(".md-search-result__item", timeout=15000)
        assert "giocatore" in page.locator(".md-search-result__item").first.inner_text().lower()
    finally:
        context.close()
    assert errors == [], errors
