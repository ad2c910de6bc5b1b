"""Each language's search data as its site stores it: its own postings and documents, the
other languages' words, postings as deltas; Spanish and Italian join the English site's."""

from __future__ import annotations

from tolaria_testing import stored_postings


def test_a_language_reads_its_own_postings_and_the_words_of_the_others(site_data):
    from tolaria.search.payload import for_language

    es = for_language(site_data, "es")
    assert "pairs_it" not in es["fields"] and "section_it" not in es["fields"]
    words = es["fields"]["exact_en"]["terms"].keys()
    assert words == site_data["fields"]["exact_en"]["terms"].keys()
    assert not any(es["fields"]["stem_it"]["terms"].values())  # which words, no postings
    assert es["fields"]["pairs_es"] == site_data["fields"]["pairs_es"]
    # English: only its words; the browser joins the English site's file (with_english)
    assert not any(es["fields"]["stem_en"]["terms"].values()) and es["with_english"]
    assert {d[1] for d in es["documents"] if d} == {"es"}
    assert es["official"] == site_data["official"]
    assert len(es["documents"]) == len(site_data["documents"])  # document numbers kept
    assert set(es["numbers"]) == {"titles", "all", "es"}
    assert list(es["fields"]["lang"]["terms"]) == ["es"]


def test_a_language_reads_its_word_tables_and_only_the_keys_of_the_others(site_data):
    """Spanish: its own tables, and English synonyms (its queries are also read in English);
    Italian's tables only as the keys they hold, which is all a typo correction asks."""
    from tolaria.search.payload import for_language

    def keys_of(*tables):
        return {k for table in tables for pattern, _alternatives in table for item in pattern
                if not isinstance(item, str) for k in item}

    es = for_language(site_data, "es")
    for kind in ("synonyms", "english", "english_words"):
        assert es[kind]["es"] == site_data[kind]["es"] and es[kind]["it"] == []
    assert es["synonyms"]["en"] == site_data["synonyms"]["en"]
    assert set(es["known"]["it"]) == keys_of(*(site_data[kind]["it"] for kind in
                                                ("synonyms", "english", "english_words")))
    assert set(es["known"]) == {"it"}
    en = for_language(site_data, "en")
    assert en["english_words"]["es"] == [] and set(en["known"]) == {"es", "it"}


def test_deltas_keep_each_document_and_position(site_data):
    from tolaria.search.payload import deltas

    raw = site_data["fields"]["exact_en"]
    text = next(t for t, p in raw["terms"].items() if len(stored_postings(raw, p)) > 2)
    stored = deltas(raw["terms"][text], True)
    assert stored != raw["terms"][text]
    docs, at, i = [], 0, 0
    while i < len(stored):
        at += stored[i]
        docs.append(at)
        i += 2 + stored[i + 1]
    assert docs == [doc for doc, _w in stored_postings(raw, raw["terms"][text])]


def test_english_reaches_no_other_language(site_data):
    from tolaria.search.payload import for_language

    en = for_language(site_data, "en")
    assert {d[1] for d in en["documents"] if d} == {"en"} and not en["with_english"]
    assert en["official"] == site_data["official"] and "trample" in en["official"]
    assert not any(en["fields"]["stem_es"]["terms"].values())


def test_each_language_file_holds_its_own_best_bets(site_data):
    from tolaria.search.payload import for_language

    for lang in ("en", "es", "it"):
        topics = site_data["topics"][lang]
        assert len(topics) > 30
        phrases, hits = topics[0]
        assert phrases and all(word and all(isinstance(k, str) for k in word)
                               for phrase in phrases for word in phrase)
        assert all(h[1] in (lang, "en") and h[3] in (0, 1) for h in hits)
        # Spanish and Italian queries are also read in English: its best bets too
        assert for_language(site_data, lang)["topics"] == {lang: topics,
                                                            "en": site_data["topics"]["en"]}
    assert site_data["constants"]["MAX_PINNED"] == 3
