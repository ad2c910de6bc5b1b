"""The site's search keeps the search's contract (docs/search-contract.yaml), as the CLI's
does (tests/search/test_contract.py): window.tolaria.search on the built site in Debian's
Chromium gives each query's numbers, best first."""

from __future__ import annotations

from search_contract import CONTRACT, entries
from tolaria_testing import api_answers


def test_the_site_gives_the_contracts_numbers(box_tab):
    tab, differ = box_tab("en"), []
    listed = entries()
    for limit in sorted({e["limit"] for e in listed}):
        asked = [e for e in listed if e["limit"] == limit]
        site = api_answers(tab, [(e["query"], e["lang"]) for e in asked], limit)
        differ += [f"{CONTRACT.name}: {e['query']!r} ({e['lang']}, {e['what']}): the site gives "
                   f"{[h['number'] for h in hits]}, the contract {e['gives']}"
                   for e, hits in zip(asked, site) if [h["number"] for h in hits] != e["gives"]]
    assert differ == []
