"""Synonyms and glossary names found in queries: stems, stop words, exact names first."""

import pytest

from tolaria.search import synonyms
from tolaria.search.analysis import keys
from tolaria.search.glossary import Glossary


def _found(lang, query):
    return [(list(span), entry.words) for span, entry in synonyms.find(lang, query.split())]


def test_a_stop_word_of_an_entry_must_be_typed():
    assert _found("it", "rientra in fase") == [([0, 1, 2], ("rientra", "in", "fase"))]
    assert _found("it", "rientra fase") == []
    assert _found("it", "fase finale") == []  # "in fase" alone would be just "fase"


def test_entries_match_on_stems_and_skip_stop_words_typed_between():
    assert _found("en", "damage wears off") == [([1, 2], ("wear", "off"))]
    assert _found("es", "empate en multijugadores") == [([2], ("multijugador",))]
    assert _found("en", "falls right off") == []


def test_every_entry_bridges_a_gap():
    """An alternative that shares every stem with what people type adds nothing: it is
    either redundant or steers the query."""
    for entry in synonyms.entries():
        typed = set().union(*(keys(entry.lang, w) or set() for w in entry.words))
        for alternative in entry.alternatives:
            said = set().union(*(keys(entry.lang, w) or set() for w in alternative))
            assert not said <= typed, entry


def test_entries_come_from_the_data_file():
    typed = {(e.lang, e.words) for e in synonyms.entries()}
    assert ("it", ("mazzo",)) in typed and ("en", ("wear", "off")) in typed


@pytest.fixture(scope="module")
def glossary(book):
    return Glossary(book.glossary)


@pytest.mark.parametrize("query, terms, exact", [
    ("end the turn", {"end-the-turn"}, True),  # not the obsolete "at end of turn"
    ("at end of turn", {"at-end-of-turn"}, True),
    ("end of turn step", {"end-step"}, True),  # an obsolete name of the End Step
    ("end turn", {"end-the-turn", "at-end-of-turn"}, False),  # typed like neither
    ("fuori fase", {"phased-in-phased-out"}, True),
])
def test_names_typed_word_for_word_come_first(glossary, query, terms, exact):
    found = glossary.find(tuple(query.split()))
    assert found[0].term.id in terms and found[0].exact is exact


@pytest.mark.parametrize("lang, query, said", [
    ("es", "un trigger", "disparada"), ("es", "los triggers", "disparada"),
    ("es", "los tokens", "fichas"), ("es", "en el cleanup", "limpieza"),
    ("es", "hacer ID", "intencional"), ("es", "el mazo", "biblioteca"),
    ("it", "un trigger", "innescata"), ("it", "i tokens", "pedine"),
    ("it", "creatura phasata", "scompare"), ("it", "fare ID", "intenzionale"),
    ("it", "il mazzo", "grimorio"), ("en", "at EOT", "turn"), ("en", "my deck", "library"),
    ("es", "pierden a la vez", "simultáneamente"),
    ("it", "nello stesso momento", "contemporaneamente"),
])
def test_jargon_and_loanwords_reach_the_rules_words(lang, query, said):
    found = synonyms.find(lang, query.lower().split())
    stems = set()
    for _span, entry in found:
        for alternative in entry.alternatives:
            for word in alternative:
                stems |= keys(lang, word) or set()
    assert keys(lang, said) & stems


def _brute_force(lang, words):
    found = [keys(lang, w) for w in words]
    out = []
    for pattern, entry in synonyms.table(lang):
        for start in range(len(words)):
            span = synonyms._match(pattern, words, found, start)
            if span is not None:
                out.append((span, entry))
                break
    return out


@pytest.mark.parametrize("lang, query", [
    ("en", "damage wears off at once"), ("en", "what happens at the same time everyone"),
    ("es", "empate en multijugador a la vez al mismo tiempo"), ("es", "trigger token eot"),
    ("it", "rientra in fase e va fuori fase nello stesso momento"), ("it", "pareggio mazzo"),
    ("en", "nothing here"), ("es", "de la de"),
])
def test_only_entries_whose_first_word_is_typed_are_tried_and_none_is_missed(lang, query):
    words = query.split()
    assert synonyms.find(lang, words) == _brute_force(lang, words)


def test_words_of_the_table_are_known_words():
    assert keys("it", "mazzo") & synonyms.known_keys("it")
    assert keys("es", "tokens") & synonyms.known_keys("es")
    assert not keys("it", "mazzetto") & synonyms.known_keys("it")


@pytest.mark.parametrize("query, lang", [("mazzo vuoto", "it"), ("mazo vacio", "es")])
def test_a_word_of_the_table_is_not_read_as_a_typo(book, query, lang):
    from tolaria.search import search

    hits = search(book, query, lang)  # "mazzo" was read as "mano", "mazo" as "paso"
    assert hits.corrections == () and hits.fallback is None


@pytest.mark.parametrize("lang, query, said", [
    ("en", "i got decked", "library"), ("en", "can i scoop", "concede"),
    ("en", "is that an sba", "state"), ("en", "time walk", "extra"),
    ("es", "me quiero rendir", "conceder"), ("es", "hacer phase out", "fase"),
    ("es", "hay mana burn", "quemadura"),
    ("it", "posso arrendermi", "concedere"), ("it", "fare phase out", "scompare"),
    ("it", "c'è il mana burn", "bruciatura"),
])
def test_slang_abbreviations_and_loanwords_reach_the_rules_words(lang, query, said):
    stems = set()
    for _span, entry in synonyms.find(lang, query.lower().replace("'", " ").split()):
        for alternative in entry.alternatives:
            for word in alternative:
                stems |= keys(lang, word) or set()
    assert keys(lang, said) & stems


def test_a_bridged_query_takes_the_english_of_its_other_game_words_in_its_order():
    words = "creatura con travolgere bloccata".split()
    english, lang, covered, alone = synonyms.to_english(["it"], words)
    assert (english, lang, covered, alone) == (("creature", "trample", "blocked"), "it",
                                               frozenset({0, 2, 3}), False)
    # a game word alone starts no English search: the covered sections answer it
    assert synonyms.to_english(["it"], "creatura bloccata".split()) == \
        ((), "", frozenset(), False)


def test_game_words_alone_bridge_only_when_they_are_every_word_that_counts():
    def both(_lang, taken):
        return taken >= {0, 1}

    english, lang, covered, alone = synonyms.to_english(["it"], ["creatura", "bloccata"], both)
    assert (english, lang, covered, alone) == (("creature", "blocked"), "it",
                                               frozenset({0, 1}), True)
    # "trisvolo" (no word) has no English in english_words.yaml: no English search
    assert synonyms.to_english(["it"], ["creatura", "trisvolo"], both) == \
        ((), "", frozenset(), False)


def test_each_query_word_gives_its_english_once():
    assert synonyms.to_english(["it"], "arrollar punti vita".split())[0] == ()  # Spanish
    english, _lang, covered, _alone = synonyms.to_english(["it"], "travolgere punti vita".split())
    assert english == ("trample", "life") and covered == frozenset({0, 1, 2})


def test_no_bridge_word_is_a_word_the_covered_sections_use_alone():
    """A single word of english.yaml that the Spanish or Italian rules hold would send a
    question on their own topic to English rules (pedina: 702.25j's tokens)."""
    from pathlib import Path

    from tolaria.search.analysis import words as words_of
    from tolaria_testing import REPO

    for lang in ("es", "it"):
        held = {k for path in Path(REPO, "rules", lang).glob("*.yaml")
                for w in words_of(path.read_text(encoding="utf-8").lower())
                for k in keys(lang, w) or () if not k.startswith("=")}
        for _pattern, entry in synonyms.table(lang, synonyms.ENGLISH):
            if len(entry.words) == 1:
                assert not (keys(lang, entry.words[0]) or set()) & held, entry.words


def test_no_bridge_names_a_term_of_the_covered_glossary(book, tmp_path):
    """The covered sections' own terms (phasing, cleanup step, ...) are theirs: validate
    reports, as file:line, an english.yaml entry holding one's name in its language or in
    English, as search finds names (on stems, among other words: "apparire" is "appare")."""
    import pytest

    from tolaria.errors import DataErrors
    from tolaria_testing import REPO

    assert synonyms.check_bridges(book, REPO / "rules") > 500  # the project's, all clean
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "english.yaml").write_text(
        "it:\n  - rules: [phasing]\n    typed: fase\n"
        "  - rules: [evoke]\n    typed: costo di apparire\n"
        "  - rules: [phasing]\n    typed: phasing\n"
        "  - rules: [evoke]\n    typed: evocare\n...\n", encoding="utf-8")
    with pytest.raises(DataErrors) as raised:
        synonyms.check_bridges(book, tmp_path)
    found = [str(e).split("english.yaml:")[1] for e in raised.value.errors]
    assert [f.split(":")[0] for f in found] == ["2", "4", "6"]
    assert found[0].endswith(": typed: 'fase' names the glossary term 'phasing' of the covered "
                             "sections, which search answers from their own rules: remove "
                             "the entry")


def test_a_query_is_read_in_english_word_by_word():
    """Each word with English gives it, in the query's order; a word with none that counts
    is kept as typed (a name, a loanword); the words around a question and stop words go."""
    words = "posso attaccare direttamente un planeswalker?".rstrip("?").split()
    assert synonyms.translate("it", words) == ("attack", "directly", "planeswalker")
    assert synonyms.translate("it", "attaccare con gerrard".split()) == ("attack", "gerrard")
    assert synonyms.translate("es", "que pasa si mi criatura muere".split()) == \
        ("creature", "dies")
    assert synonyms.translate("it", ["trisvolo"]) == ()  # no English at all: no reading


def test_an_entry_spelled_as_typed_wins_over_one_sharing_only_its_stem():
    """"baraja" and "barajar" share a Spanish stem; the noun is the library, the verb
    shuffles."""
    assert synonyms.translate("es", ["baraja"]) == ("library",)
    assert synonyms.translate("es", ["barajar"]) == ("shuffle",)
    assert synonyms.translate("it", ["prima"]) == ("before",)  # not primo's "first"


def test_an_entry_of_more_words_wins_over_one_of_its_words():
    """"ganar la partida" is winning the game; "ganar" alone is gaining (life)."""
    assert synonyms.translate("es", "ganar la partida".split()) == ("win",)
    assert synonyms.translate("es", ["ganar"]) == ("gain",)
    assert synonyms.translate("es", "lanzar un dado".split()) == ("roll",)  # not "cast die"


def test_filler_is_never_translated():
    """"pasa" is filler in "¿qué pasa si…?" (and stems as "paso", step, does)."""
    from tolaria.search.filler import is_filler

    assert is_filler("es", "pasa")
    english, _lang, covered, _alone = synonyms.to_english(
        ["es"], "que pasa si arrollar".split())
    assert "step" not in english and 1 not in covered
