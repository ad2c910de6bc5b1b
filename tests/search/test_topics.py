"""Best bets (search/topics.py, rules/search/topics.yaml): the telling words of a question
players ask, matched in any order on stems, put the rules that answer it first."""

import marshal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tolaria.errors import DataErrors
from tolaria.search import search, topics, wordlists
from tolaria.search.wordlists import Topic
from tolaria_testing import cli_hits


def _table(*entries, lang="en"):
    return topics.compiled([Topic(lang, tuple(typed), tuple(rules), n + 1)
                            for n, (typed, rules) in enumerate(entries)], lang)


LIBRARY = _table((["empty library draw", "deck out"], ["104.3c", "cr:704.5b"]),
                 (["draw"], ["cr:121.1"]),
                 (["legendary same name"], ["cr:704.5j"]))


def _rules(found):
    return [rule for _covered, _order, rules in found for rule in rules]


def test_a_phrase_matches_in_any_order_on_stems_and_ignores_stop_words_and_filler():
    found = topics.find("en", "what happens if i draw from my emptied library".split(),
                        LIBRARY)
    assert found[0] == (3, 0, ("104.3c", "cr:704.5b"))
    assert _rules(topics.find("en", "decked out".split(), LIBRARY)) == ["104.3c", "cr:704.5b"]
    assert topics.find("en", "library empty".split(), LIBRARY) == []  # "draw" is missing


def test_the_rules_words_a_synonym_gives_count_as_typed():
    concede = _table((["concede stack"], ["104.3a"]))
    assert topics.find("en", "can i scoop with a spell on the stack".split(), concede) == [
        (2, 0, ("104.3a",))]


def test_the_topic_covering_more_of_the_query_comes_first():
    both = _table((["extra turn"], ["cr:500.7"]), (["extra turn first"], ["300.6"]))
    assert topics.find("en", "two extra turns which is first".split(), both) == [
        (3, 1, ("300.6",)), (2, 0, ("cr:500.7",))]


def test_a_phrase_covering_too_little_of_the_query_does_not_count():
    commander = _table((["commander"], ["cr:903.3"]), (["commander damage"], ["104.3j"]))
    assert topics.find("en", ["commander"], commander) == [(1, 0, ("cr:903.3",))]
    # one word among others names the topic, not the answer
    assert topics.find("en", "commander tax".split(), commander) == []
    long = "my opponent hit me with his commander damage for 21 total am i out".split()
    assert topics.find("en", long, commander) == []  # 2 of 9 meaningful words
    assert topics.find("en", "commander damage 21".split(), commander) == [
        (2, 1, ("104.3j",))]


def test_spanish_and_italian_phrases_match_without_accents():
    es = _table((["biblioteca vacía robar"], ["104.3c"]), lang="es")
    assert topics.find("es", "robo con la biblioteca vacia".split(), es) == [
        (3, 0, ("104.3c",))]
    it = _table((["mazzo finito pescare"], ["104.3c"]), lang="it")
    assert topics.find("it", "devo pescare ma il mazzo è finito".split(), it) == [
        (3, 0, ("104.3c",))]


@settings(max_examples=60, deadline=None)
@given(st.permutations("i must draw a card but my library is empty and legendary".split()))
def test_the_order_of_the_words_does_not_matter(words):
    assert topics.find("en", list(words), LIBRARY) == topics.find(
        "en", "i must draw a card but my library is empty and legendary".split(), LIBRARY)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=12), max_size=8))
def test_any_words_give_topics_of_the_table_in_order(words):
    found = topics.find("en", [w.lower() for w in words], LIBRARY)
    assert set(_rules(found)) <= {"104.3c", "cr:704.5b", "cr:121.1", "cr:704.5j"}
    assert [(-c, o) for c, o, _r in found] == sorted((-c, o) for c, o, _r in found)
    assert all(c >= 1 for c, _o, _r in found)


def test_a_covered_id_is_the_rule_of_that_language_and_cr_is_english_only(whole_book):
    hit = topics.hit_of(whole_book, "es", "104.3c")
    assert (hit.number, hit.lang, hit.english_only) == ("104.3c", "es", False)
    hit = topics.hit_of(whole_book, "it", "cr:704.5b")
    assert (hit.number, hit.lang, hit.english_only) == ("704.5b", "en", True)
    assert topics.hit_of(whole_book, "en", "cr:704.5zz") is None
    assert topics.hit_of(whole_book, "en", "104.99") is None
    assert topics.hit_of(whole_book, "en", "not a number") is None


def test_pins_come_first_and_are_not_repeated_and_at_most_max_pinned(whole_book):
    rules = [rule for phrases, rules in topics.table("en") for rule in rules]
    assert len(rules) > 30  # the project's table
    first_topic = wordlists.lists().topics[0]
    query = first_topic.typed[0]
    hits = search(whole_book, query, "en", limit=10)
    pins = topics.pinned(whole_book, ["en"], query.lower().split())
    assert 1 <= len(pins) <= topics.MAX_PINNED
    assert [(h.number, h.lang) for h in hits[:len(pins)]] == [(p.number, p.lang) for p in pins]
    shown = [(h.number, h.lang, h.english_only) for h in hits]
    assert len(shown) == len(set(shown)) and len(hits) > len(pins)
    assert hits[0].score > hits[len(pins)].score


def first_hits(book, phrases: list[str], lang: str) -> dict[str, tuple[str, str] | None]:
    """phrase -> the (number, lang) of the first hit tolaria.search.search gives (None when
    it finds nothing or refuses the phrase; a search's first hit does not depend on how many
    are asked for: test_limit.py)."""
    out: dict[str, tuple[str, str] | None] = {}
    for phrase in dict.fromkeys(phrases):
        hits = cli_hits(book, phrase, lang, 1)
        out[phrase] = (hits[0].number, hits[0].lang) if hits else None
    return out


@pytest.mark.parametrize("lang", ["en", "es", "it"])  # a few thousand searches: one test each
def test_every_topic_puts_its_first_rule_first_for_each_of_its_phrases(whole_book, lang):
    """The table is data a translator edits: each phrase, typed alone, finds its topic's
    first rule first (unless a longer phrase of an earlier topic holds the same words)."""
    missed = []
    table = [topic for topic in wordlists.lists().topics if topic.lang == lang]
    assert len(table) > 300  # the project's table of the language
    first = first_hits(whole_book, [phrase for topic in table for phrase in topic.typed], lang)
    for topic in table:
        best = topics.hit_of(whole_book, topic.lang, topic.rules[0])
        for phrase in topic.typed:
            hit = first[phrase]
            if hit is None:
                missed.append(f"{topic.lang} {phrase!r}: nothing found")
                continue
            found = topics.find(topic.lang, phrase.lower().split())
            if hit != (best.number, best.lang) and \
                    not (found and found[0][0] > len(phrase.split()) - 1
                         and set(found[0][2]) & set(topic.rules)):
                missed.append(f"{topic.lang} {phrase!r}: {hit[0]}")
    assert missed == []


def test_a_quoted_phrase_gets_no_best_bets(whole_book):
    from tolaria.search import engine_for
    from tolaria.search.parsing import parse

    query = '"empty library" draw'
    assert topics.pinned(whole_book, ["en"], "empty library draw".split())
    quoted = search(whole_book, query, "en")
    ranked = engine_for(whole_book).search(parse(query), ["en"], 10)
    assert [h.number for h in quoted] == [h.number for h in ranked]


def test_validate_names_an_unknown_rule_and_an_empty_phrase_by_line(tmp_path, whole_book):
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "topics.yaml").write_text(
        "en:\n  - {typed: [deck out], rules: [104.3c, cr:704.5b], from: [library]}\n"
        "  - {typed: [what happens], rules: [cr:999.9], from: [library]}\nes:\n"
        "  - {typed: [mazo vacío], rules: ['104.99'], from: [biblioteca]}\n...\n",
        encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        topics.check_rules(whole_book, tmp_path)
    found = [f"{e.line}: {e.message}" for e in caught.value.errors]
    assert len(found) == 3
    assert found[1].startswith("3: typed: 'what happens' has only stop words or filler")
    assert found[0].startswith("3: rules: 'cr:999.9' is not a rule of the whole CR")
    assert found[2].startswith("5: rules: '104.99' is not a rule of the Spanish rules")
    assert all(e.file.endswith("search/topics.yaml") for e in caught.value.errors)


def test_validate_sends_a_title_to_its_first_subrule(tmp_path, whole_book):
    """Search shows "702.19 Trample" as 702.19a: a topic names what is shown."""
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "topics.yaml").write_text(
        "en:\n  - {typed: [trample blocker removed], rules: [cr:702.19, cr:702.19e],"
        " from: [trample]}\n...\n",
        encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        topics.check_rules(whole_book, tmp_path)
    assert [f"{e.line}: {e.message}" for e in caught.value.errors] == [
        "2: rules: 'cr:702.19' is only a title: name its first subrule, 'cr:702.19a', "
        "which search shows in its place"]


def test_a_topic_needs_phrases_and_rules_as_lists(tmp_path):
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "topics.yaml").write_text(
        "en:\n  - {typed: [], rules: [104.3c], from: [library]}\n"
        "  - {typed: [x], rules: 104.3c, from: [library]}\n"
        "  - {typed: [x], from: [library]}\n...\n", encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        wordlists.check_folder(tmp_path)
    found = [f"{e.line}: {e.message}" for e in caught.value.errors]
    assert found[0] == "2: typed: expected at least one"
    assert found[1].startswith("3: ") and found[2] == "4: missing key 'rules'"


def test_the_cached_lists_keep_the_topics(tmp_path, monkeypatch):
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path))
    wordlists.lists.cache_clear()
    try:
        first = wordlists.lists()
        wordlists.lists.cache_clear()
        again = wordlists.lists()  # from the kept copy
        assert again.topics == first.topics and len(again.topics) > 30
        assert list(tmp_path.glob("search-words-*.marshal"))
    finally:
        wordlists.lists.cache_clear()


def test_the_compiled_table_is_kept_in_the_cache_and_read_back_the_same(tmp_path,
                                                                         monkeypatch):
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path))
    topics.table.cache_clear()
    try:
        def plain(table):  # each word's keys as a set: read back, they are lists
            return [(tuple(tuple(frozenset(w) for w in p) for p in phrases), tuple(rules))
                    for phrases, rules in table]

        made = plain(topics.table("it"))
        assert len(list(tmp_path.glob("search-topics-it@*.marshal"))) == 1
        topics.table.cache_clear()
        assert plain(topics.table("it")) == made == plain(
            topics.compiled(wordlists.lists().topics, "it"))
    finally:
        topics.table.cache_clear()


def test_a_kept_table_of_another_shape_is_made_again(tmp_path, monkeypatch):
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path))
    topics.table.cache_clear()
    try:
        made = topics.table("it")
        (path,) = tmp_path.glob("search-topics-it@*.marshal")
        key, _table = marshal.loads(path.read_bytes())
        other = marshal.dumps((key, [1, 2]))  # kept for this analysis, but no table
        path.write_bytes(other)
        topics.table.cache_clear()
        assert topics.table("it") == made and path.read_bytes() != other
    finally:
        topics.table.cache_clear()


class _EveryTopic(dict):
    """A first-word index that sends every key to every topic: a full scan."""

    def __init__(self, count):
        super().__init__()
        self.count = count

    def get(self, key, default=None):
        return tuple(range(self.count))


_PHRASES = {lang: sorted({phrase.lower() for t in wordlists.lists().topics if t.lang == lang
                          for phrase in t.typed}) for lang in ("en", "es", "it")}


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["en", "es", "it"]).flatmap(lambda lang: st.tuples(
    st.just(lang), st.lists(st.sampled_from(_PHRASES[lang]), min_size=1, max_size=2),
    st.lists(st.sampled_from(["what", "the", "de", "il", "zzz", "quando", "turn", "vida"]),
             max_size=3))))
def test_the_first_word_index_finds_what_a_full_scan_finds(lang_words):
    """find looks only at the topics a phrase of which begins with a word the query holds;
    that must never change what it finds."""
    lang, phrases, others = lang_words
    words = " ".join(phrases + others).split()
    indexed = topics.find(lang, words)
    original = topics._by_first_word
    topics._by_first_word = lambda lang: _EveryTopic(len(topics.table(lang)))
    try:
        assert topics.find(lang, words) == indexed
    finally:
        topics._by_first_word = original
