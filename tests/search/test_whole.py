"""The whole current CR in search: English rules beside the covered sections, today's
numbers, the English-only marker, and Spanish and Italian queries bridged to English."""

import json

import pytest

from tolaria.cli import main
from tolaria.search import search
from tolaria.search.documents import documents_from_book, is_title, official_terms


@pytest.mark.parametrize("query, section, first", [
    ("trample", "702.19", "702.19a"), ("state-based actions", "704", "704"),
    ("phasing", "702.26", "702.26"), ("mill", "701.17", "701.17a"),
    ("first strike", "702.7", "702.7a"), ("deathtouch", "702.2", "702.2a"),
])
def test_the_defining_rule_of_the_whole_cr_comes_first(whole_book, query, section, first):
    """A rule of the whole CR that is only a title ("702.19 Trample") is shown as its first
    subrule, which says what the thing is; a section (704) or a covered rule as it is."""
    hits = search(whole_book, query, "en", limit=5)
    assert hits[0].number == first
    assert all(h.number == section or h.number.startswith(section) for h in hits[:3])


@pytest.mark.parametrize("query, lang", [
    ("trample", "en"), ("cascade", "en"), ("flying blocked", "en"), ("scry", "en"),
    ("arrollar", "es"), ("cascada", "es"), ("profetizzare", "it"), ("travolgere", "it"),
])
def test_a_rule_that_is_only_a_title_is_never_a_hit_of_its_own(whole_book, query, lang):
    """Its first subrule takes its place, once: no row says only "Trample"."""
    whole = {d.display: d for d in documents_from_book(whole_book) if d.english_only}
    hits = search(whole_book, query, lang, limit=10)
    assert hits and not any(whole[h.number].first for h in hits if h.english_only)
    shown = [(h.number, h.lang) for h in hits]
    assert len(shown) == len(set(shown))


def test_trample_is_found_not_corrected(whole_book):
    hits = search(whole_book, "trample", "en")
    assert hits and hits.corrections == () and hits[0].number == "702.19a"
    assert hits[0].english_only and hits[0].to_json()["english_only"] is True


def test_a_covered_rule_shows_todays_number_and_keeps_the_rulebooks(whole_book):
    hit = search(whole_book, "phased out", "en")[0]
    assert hit.number == "702.26b" and hit.rulebook_number == "702.25b"
    assert not hit.english_only and "english_only" not in hit.to_json()
    assert hit.to_json()["rulebook_number"] == "702.25b"


def test_documents_hold_each_rule_once(whole_book):
    docs = documents_from_book(whole_book)
    keys = [d.key for d in docs]
    assert len(keys) == len(set(keys))
    english = [d.display for d in docs if d.lang == "en"]
    assert len(english) - len(set(english)) == _pre_2009(docs)  # no other number twice
    assert sum(d.english_only for d in docs) > 3000
    assert not any(d.english_only and d.number.startswith("702.26") for d in docs)


def _pre_2009(docs) -> int:
    """The covered pre-2009 rules 300.x share their numbers with today's 300.x."""
    covered = {d.display for d in docs if d.lang == "en" and not d.english_only}
    return sum(1 for d in docs if d.english_only and d.display in covered)


def test_the_official_glossary_names_the_rules_it_sends_to(whole_book):
    terms = official_terms(whole_book)
    assert terms["trample"] == ("702.19",) and terms["state based actions"] == ("704",)
    assert is_title("Trample") and not is_title("Trample is a static ability.")


@pytest.mark.parametrize("query, lang, number", [
    ("arrollar", "es", "702.19a"), ("travolgere", "it", "702.19a"),
    ("acciones basadas en estado", "es", "704"), ("tocco letale", "it", "702.2a"),
])
def test_spanish_and_italian_find_english_rules_through_the_word_list(whole_book, query,
                                                                     lang, number):
    hits = search(whole_book, query, lang, limit=5)
    assert hits[0].number == number and hits[0].lang == "en" and hits[0].english_only


@pytest.mark.parametrize("query, lang, number", [
    ("creatura con travolgere bloccata, il bloccante viene rimosso: passa tutto il danno "
     "al giocatore?", "it", "702.19d"),
    ("vínculo vital: gano vida por el daño de combate", "es", "702.15b"),
    ("bloqueadores: asignar el daño de combate", "es", "510.1c"),
])
def test_a_bridged_query_is_ranked_on_all_of_its_game_words(whole_book, query, lang, number):
    """Not the rule that defines the bridged word (702.19a), but the one the whole question
    is about: english_words.yaml gives the other words' English."""
    hits = search(whole_book, query, lang, limit=3)
    assert number in [h.number for h in hits] and all(h.english_only for h in hits)


def test_a_covered_topic_in_spanish_stays_in_spanish(whole_book):
    hits = search(whole_book, "fuera de fase", "es", limit=5)
    assert all(h.lang == "es" and not h.english_only for h in hits)


def test_the_cli_marks_english_only_rules_in_another_language(capsys):
    assert main(["search", "arrollar", "--lang", "es", "--limit", "2"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "702.19a · Trample · English only"
    assert main(["search", "trample", "--lang", "en", "--limit", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "702.19a · Trample"
    assert main(["search", "travolgere", "--lang", "it", "--json", "--limit", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data[0]["english_only"] is True and data[0]["number"] == "702.19a"


def test_the_marker_speaks_the_interface_language(capsys):
    assert main(["search", "arrollar", "--lang", "es", "--ui-lang", "es", "--limit", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "702.19a · Trample · solo en inglés"


def test_words_no_rule_holds_name_the_whole_cr_and_official_terms(capsys):
    assert main(["search", "xyzzy", "plugh", "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    assert err.startswith("tolaria: no rule has 'xyzzy plugh', neither in the whole CR in "
                          "English nor in the covered sections (104, 300, 512–514")


def test_game_words_alone_show_the_covered_rules_then_the_english_ones(whole_book):
    """Every word that counts has English in english_words.yaml ("equipaggiare turno
    avversario": equip, turn, opponent): the engine shows the covered rules, then the English
    ones when the covered rules are fewer than asked for (search's word-by-word English
    reading brings the whole CR's best one up to third: test_search's _with_english)."""
    from tolaria.search import engine_for
    from tolaria.search.parsing import parse

    ranked = engine_for(whole_book).search(parse("equipaggiare turno avversario"), ["it"], 4)
    assert [h.english_only for h in ranked] == [False] * 4  # before best bets
    few = engine_for(whole_book).search(parse("equipaggiare turno avversario"), ["it"], 40)
    flags = [h.english_only for h in few]
    assert True in flags and flags == sorted(flags)  # the covered rules, then English
    hits = search(whole_book, "perder la partida", "es", limit=4)
    assert hits[0].number.startswith("104.3") and not hits[0].english_only


def test_a_query_naming_a_covered_topic_keeps_the_covered_rules_first(whole_book):
    """"Protezione" bridges to protection, but "fuori fase" names phasing (Teferi's
    Protection phases creatures out)."""
    hits = search(whole_book, "Protezione di Teferi, le creature fuori fase vengono rimosse "
                              "dal combattimento?", "it", limit=3)
    assert hits[0].lang == "it" and hits[0].number.startswith("702.26")
    assert search(whole_book, "protezione dal blu", "it", limit=1)[0].english_only


def test_a_whole_cr_topic_among_other_words_shows_english_and_covered_rules_by_turns(whole_book):
    """A word of english.yaml ("persistere": persist) names a topic the covered sections do
    not have, even when most of the question is words with no English ("avviene
    definitivamente"): the English rules and the covered ones take turns, the English first;
    when its other words have English too ("muore due volte torna"), English leads."""
    from tolaria.search import engine_for
    from tolaria.search.parsing import parse

    ranked = engine_for(whole_book).search(parse("persistere avviene definitivamente"), ["it"],
                                           4)
    assert [h.english_only for h in ranked] == [True, False, True, False]  # before best bets
    assert ranked[0].number == "702.79a"
    query = "persistere se muore due volte torna ancora?"
    ranked = engine_for(whole_book).search(parse(query), ["it"], 4)
    assert [h.english_only for h in ranked] == [True] * 4 and ranked[0].number == "702.79a"


def test_a_question_read_in_english_brings_its_whole_cr_rule_up_to_third(whole_book):
    """No word of "posso attaccare direttamente un planeswalker?" names a topic of the whole
    CR, so the covered rules come first; read in English word by word ("attack directly
    planeswalker"), an English search finds 508.1b first, which then comes third."""
    from tolaria.search import engine_for
    from tolaria.search.parsing import parse

    query = "posso attaccare direttamente un planeswalker?"
    plain = engine_for(whole_book).search(parse(query), ["it"], 10)
    assert not any(h.english_only and h.number == "508.1b" for h in plain[:3])
    hits = search(whole_book, query, "it", limit=10)
    assert hits[2].english_only and hits[2].number == "508.1b"
    assert [(h.number, h.lang) for h in hits[:2]] == [(h.number, h.lang) for h in plain[:2]]
    assert len({(h.number, h.lang) for h in hits}) == len(hits) == 10
    # not in English (searched as typed), nor for a quoted phrase (the words as written)
    assert search(whole_book, "attack directly planeswalker", "en", limit=1)[0].number == "508.1b"
    quoted = [h.number for h in search(whole_book, '"attaccare direttamente" un planeswalker',
                                       "it", limit=5)]
    assert "508.1b" in quoted[3:]  # ranked where the words as written put it, not third


def test_the_english_reading_is_searched_only_when_its_rule_can_be_shown(whole_book):
    """The English reading's rule comes third: a search asking for one or two hits does not
    make the English search, and its hits are the first of a longer search."""
    from tolaria.search import engine_for

    class Counting:
        def __init__(self, engine):
            self.engine, self.langs = engine, []

        def search(self, parsed, langs, limit, correct=True):
            self.langs.append(list(langs))
            return self.engine.search(parsed, langs, limit, correct)

    query = "posso attaccare direttamente un planeswalker?"
    longest = [h.number for h in search(whole_book, query, "it", limit=10)]
    for limit, english in ((1, False), (2, False), (3, True)):
        counting = Counting(engine_for(whole_book))
        hits = search(whole_book, query, "it", limit=limit, engine=counting)
        assert [h.number for h in hits] == longest[:limit]
        assert (["en"] in counting.langs) is english, limit

    class One(Counting):  # the covered rules give a single hit: the English rule comes second
        def search(self, parsed, langs, limit, correct=True):
            found = super().search(parsed, langs, limit, correct)
            return found if langs == ["en"] else found[:1]

    for limit, english in ((1, False), (2, True)):
        one = One(engine_for(whole_book))
        hits = search(whole_book, query, "it", limit=limit, engine=one)
        assert (["en"] in one.langs) is english, limit
        assert [h.number for h in hits] == longest[:1] + (["508.1b"] if english else [])


def test_the_english_reading_takes_the_words_as_searched_and_reads_no_typo_of_its_own(
        whole_book):
    """A typo read as its word ("planeswaker") is read in English as that word; the English
    words are the word lists' own, so the English search reads none of them as a typo."""
    typed = search(whole_book, "posso attaccare direttamente un planeswaker?", "it", limit=5)
    assert typed.corrections == (("planeswaker", "planeswalker"),)
    right = search(whole_book, "posso attaccare direttamente un planeswalker?", "it", limit=5)
    assert [(h.number, h.lang) for h in typed] == [(h.number, h.lang) for h in right]
    assert typed[2].number == "508.1b"
