"""What tolaria.search answers for the best bets' phrases, searched once per test run.

tests/search/test_topics.py holds every phrase of rules/search/topics.yaml to its topic's
first rule, and tests/site/test_search.py holds the site's search to the CLI's for the same
phrases: one in-process pass per language, made by whichever xdist worker asks first
(made_once), serves both. Named uniquely, as tolaria_testing is.
"""

from __future__ import annotations

import json

from tolaria_testing import made_once

# Best bets among other words of a question (where a phrase must cover a third of the query
# to count), for every AMONG-th topic of each language: the rule that decides is the same
# for every topic
AROUND = {"en": "my opponent controls a creature and {}, what now?",
          "es": "mi rival controla una criatura y {}, ¿y ahora?",
          "it": "il mio avversario controlla una creatura e {}, e adesso?"}
AMONG = 6
RANKED = 10  # the hits kept: `tolaria search`'s default limit, the site's ten rows


def best_bet_queries(topics) -> list[tuple[str, str]]:
    """(query, language): every topic's first phrase alone, then among words for every
    AMONG-th topic of each language (the same topics on every run)."""
    alone = [(topic.typed[0], topic.lang) for topic in topics]
    among = [(AROUND[topic.lang].format(topic.typed[0]), topic.lang)
             for lang in AROUND for topic in [t for t in topics if t.lang == lang][::AMONG]]
    return alone + among


def topic_answers(tmp_path_factory, book, lang: str) -> dict[str, list[tuple[str, str]] | None]:
    """query -> the (number, lang) of the hits tolaria.search.search gives in lang (None
    for a query it refuses), of the project's rulebook (book): the RANKED hits of every
    best-bet query of lang (best_bet_queries), which the site's search is held to, and the
    first hit of every other phrase of lang's topics (test_topics reads only the first, and
    a search's first hits do not depend on how many are asked for: test_limit.py)."""
    from tolaria.errors import UserError
    from tolaria.search import search, wordlists

    def answer(folder):
        topics = wordlists.lists().topics
        ranked = [query for query, of in best_bet_queries(topics) if of == lang]
        queries = [phrase for topic in topics if topic.lang == lang for phrase in topic.typed]
        answers, full = {}, set(ranked)
        for query in dict.fromkeys(queries + ranked):
            limit = RANKED if query in full else 1
            try:
                answers[query] = [(h.number, h.lang) for h in search(book, query, lang,
                                                                      limit=limit)]
            except UserError:
                answers[query] = None
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "answers.json").write_text(json.dumps(answers, ensure_ascii=False),
                                             encoding="utf-8")

    folder = made_once(tmp_path_factory, f"topic-answers-{lang}", answer)
    read = json.loads((folder / "answers.json").read_text(encoding="utf-8"))
    return {query: None if hits is None else [tuple(hit) for hit in hits]
            for query, hits in read.items()}
