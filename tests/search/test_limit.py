"""search's first hits do not depend on how many are asked for: `--limit 3` gives the first
three of a search of ten (the site's search box shows ten rows), best bets included."""

import pytest

from tolaria.search import search

# questions whose best bets the ranking orders beyond the first three hits: two topics that
# cover as much of the question, whose rules the ranking puts fourth and later
QUERIES = [
    ("when does the damage on my creature wear off if it survived combat", "en"),
    ("un giocatore viene eliminato in multiplayer e aveva permanenti fuori fase, che fine "
     "fanno?", "it"),
    ("do I lose if I draw from an empty library", "en"),
    ("mazzo finito devo pescare", "it"),
]


@pytest.mark.parametrize("query, lang", QUERIES)
def test_the_first_hits_are_those_of_a_search_asking_for_more(book, query, lang):
    longest = [h.number for h in search(book, query, lang, limit=10)]
    assert len(longest) == 10
    for limit in (1, 2, 3, 5):
        assert [h.number for h in search(book, query, lang, limit=limit)] == longest[:limit], (
            limit)
