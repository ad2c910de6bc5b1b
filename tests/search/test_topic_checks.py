"""The editorial rules of the best bets (search/topic_checks.py): each fails on a planted
break, by file and line, and the project's own topics keep every rule."""

from tolaria.audit.data import load_audit_data
from tolaria.examples.reader import default_examples_dir, example_files
from tolaria.search import topic_checks, wordlists

from tolaria_testing import REPO

KARN = ("Karn Liberated", "Karn liberado", "Karn Liberato")
ORACLE = ("Thassa's Oracle", "Oráculo de Thassa", "Oracolo di Thassa")


def _folder(tmp_path, topics: str, bench: str | None = None):
    """A rules folder holding search/topics.yaml, with a bench/ beside it when given."""
    rules = tmp_path / "rules"
    (rules / "search").mkdir(parents=True)
    (rules / "search" / "topics.yaml").write_text(topics + "...\n", encoding="utf-8")
    if bench is not None:
        (tmp_path / "bench").mkdir()
        (tmp_path / "bench" / "queries_tuning.yaml").write_text(bench, encoding="utf-8")
    return rules


def _check(book, rules, cards=()):
    errors: list = []
    found = wordlists.read_folder(rules / "search", errors)
    assert errors == []
    return [f"{e.line}: {e.message}" for e in topic_checks.check_topics(
        book, rules, found.topics, cards)]


BENCH = ("queries:\n  - {lang: en, query: \"draw from an empty library\", expect: [104.3c]}\n"
         "  - {lang: es, query: \"mazo vacío\", expect: [104.3c]}\n")


def test_a_phrase_holding_a_whole_bench_query_is_refused_with_where(tmp_path, whole_book,
                                                                   monkeypatch):
    monkeypatch.chdir(tmp_path)  # paths are shown from the working directory
    rules = _folder(tmp_path, (
        "en:\n  - rules: [104.3c]\n    from: [library]\n"
        "    typed: [empty library drawing, empty library]\n"
        "es:\n  - rules: [104.3c]\n    from: [biblioteca]\n    typed: [mazos vacios]\n"),
        BENCH)
    found = _check(whole_book, rules)
    # "empty library drawing" holds every meaningful word of the first query (on stems);
    # "empty library" misses "draw"; "mazos vacios" is "mazo vacío" folded and stemmed
    assert found == [
        "2: typed: 'empty library drawing' holds the whole of a test query "
        "(bench/queries_tuning.yaml:2): a best bet names a concept, never a test's question",
        "6: typed: 'mazos vacios' holds the whole of a test query "
        "(bench/queries_tuning.yaml:3): a best bet names a concept, never a test's question"]


def test_without_a_bench_folder_beside_the_rules_queries_are_not_compared(tmp_path,
                                                                          whole_book):
    rules = _folder(tmp_path, "en:\n  - rules: [104.3c]\n    from: [library]\n"
                              "    typed: [draw from empty library]\n")
    assert _check(whole_book, rules) == []


def test_a_phrase_has_at_most_four_meaningful_words(tmp_path, whole_book):
    rules = _folder(tmp_path, (
        "en:\n  - rules: [104.3c]\n    from: [library]\n"
        "    typed: [what happens if i draw from an empty library, "
        "draw last card empty library]\n"))
    # filler and stop words do not count: the first has three meaningful words
    assert _check(whole_book, rules) == [
        "2: typed: 'draw last card empty library' has 5 meaningful words, more than 4: keep "
        "the words that name the concept"]


def test_from_names_a_glossary_term_or_words_of_the_rules_it_names(tmp_path, whole_book):
    rules = _folder(tmp_path, (
        "en:\n  - rules: [104.3c, cr:704.5b]\n    from: [libraries, drawing, ending-phase]\n"
        "    typed: [deck out]\n"
        "  - rules: [104.3c]\n    from: [poison]\n    typed: [deck out]\n"
        "es:\n  - rules: [104.3c]\n    from: [biblioteca, library, poison counters]\n"
        "    typed: [mazo vacio]\n"))
    assert _check(whole_book, rules) == [
        "5: from: 'poison' is neither a glossary term nor words of the text of 104.3c",
        "9: from: 'poison counters' is neither a glossary term nor words of the text of "
        "104.3c (in Spanish or English)"]


def test_a_topic_without_from_is_refused_by_the_reader(tmp_path):
    rules = _folder(tmp_path, "en:\n  - {rules: [104.3c], typed: [deck out]}\n"
                              "  - {rules: [104.3c], typed: [deck out], from: []}\n")
    errors: list = []
    assert wordlists.read_folder(rules / "search", errors).topics == ()
    assert [f"{e.line}: {e.message}" for e in errors] == [
        "2: missing key 'from'", "3: from: expected at least one"]


def test_a_card_the_rules_do_not_name_is_refused_in_any_language(tmp_path, whole_book):
    rules = _folder(tmp_path, (
        "en:\n  - rules: [104.2b]\n    from: [win]\n    typed: [thassas oracle win]\n"
        "  - rules: [\"104.6\"]\n    from: [restarts]\n    typed: [karn liberated restart]\n"
        "it:\n  - rules: [104.2b]\n    from: [vince]\n    typed: [oracolo di thassa]\n"
        "  - rules: [104.2b]\n    from: [vince]\n    typed: [oracolo vince]\n"))
    # Karn Liberated is named by the CR; "oracolo vince" is not the card's whole name
    assert _check(whole_book, rules, [KARN, ORACLE]) == [
        "2: typed: 'thassas oracle win' names the card Thassa's Oracle, which neither the "
        "CR nor a worked example names",
        "9: typed: 'oracolo di thassa' names the card Thassa's Oracle, which neither the CR "
        "nor a worked example names"]


def test_a_card_a_worked_example_names_is_allowed(whole_book):
    assert ORACLE not in topic_checks.cited_cards(whole_book, [ORACLE], "")
    assert ORACLE in topic_checks.cited_cards(
        whole_book, [ORACLE], "text: Thassa's Oracle enters the battlefield")
    assert KARN in topic_checks.cited_cards(whole_book, [KARN], "")


def test_the_projects_topics_keep_every_rule(whole_book):
    rules = REPO / "rules"
    errors: list = []
    found = wordlists.read_folder(rules / "search", errors)
    cards = [tuple(c.names.values()) for c in load_audit_data(rules).cards]
    examples = "\n".join(p.read_text(encoding="utf-8") for p in
                         example_files([default_examples_dir(whole_book)]))
    assert errors == [] and len(found.topics) > 1000
    assert all(t.sources for t in found.topics)
    assert topic_checks.check_topics(whole_book, rules, found.topics, cards, examples) == []
