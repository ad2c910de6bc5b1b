"""The site's search data split by term: a core, an index, postings in shards keyed by the
indexed term, which together hold exactly what the language's data holds."""

from __future__ import annotations

from tolaria_testing import stored_postings


def test_a_term_has_one_shard_and_the_shards_spread():
    from tolaria.search.shards import SHARD_BYTES, WHOLE_BYTES, shard_count, shard_of

    assert shard_of("phase", 1) == 0
    assert shard_of("phase", 256) == shard_of("phase", 256) == 248  # FNV-1a, as search.js
    assert shard_of("faße", 97) != shard_of("fase", 97)  # code points, not bytes folded
    assert len({shard_of(f"word{n}", 16) for n in range(200)}) == 16
    assert shard_count(0) == shard_count(WHOLE_BYTES) == 1  # a small language: one file
    assert shard_count(WHOLE_BYTES + 1) == WHOLE_BYTES // SHARD_BYTES + 1


def _split(site_data, lang):
    from tolaria.search.payload import for_language
    from tolaria.search.shards import split

    site = for_language(site_data, lang)
    return site, *split(site, lang)


def test_every_term_is_in_its_shard_with_its_postings(site_data):
    from tolaria.search.payload import deltas
    from tolaria.search.shards import shard_of

    for lang, count_of_shards in (("en", lambda n: n > 1), ("es", lambda n: n == 1)):
        site, core, index, shards = _split(site_data, lang)
        assert index["shards"] == len(shards) and count_of_shards(len(shards))
        assert "fields" not in core and "documents" not in core
        assert core["with_english"] == (lang != "en")
        count = 0
        for field, entry in site["fields"].items():
            if lang != "en" and field.endswith("_en"):  # the English site's
                assert field not in index["fields"]
                continue
            assert "terms" not in index["fields"][field]
            if "column" in index["fields"][field]:  # read off the documents: test below
                continue
            for text, postings in entry["terms"].items():
                shard = shards[shard_of(text, len(shards))]
                assert shard[field][text] == deltas(postings, entry["positions"])
                count += 1
        held = sum(len(terms) for shard in shards for field, terms in shard.items()
                   if not field.startswith("keys_"))
        assert held == count


def test_the_fields_the_documents_hold_are_read_off_them_not_sharded(site_data):
    for lang in ("en", "es"):
        site, _core, index, shards = _split(site_data, lang)
        for field in ("number", "lang", "origin"):
            meta = index["fields"][field]
            assert not any(field in shard for shard in shards)
            read: dict = {}  # as search.js reads them: heldPostings
            for number, doc in enumerate(index["documents"]):
                if doc is not None:
                    term = meta["values"][doc[meta["column"]]] if "values" in meta \
                        else doc[meta["column"]]
                    read.setdefault(term, []).extend((number, 1))
            assert read == site["fields"][field]["terms"] != {}


def test_a_field_the_documents_do_not_hold_exactly_stays_in_the_shards(site_data):
    from tolaria.search.shards import shard_of, split

    site, *_ = _split(site_data, "en")
    number = site["fields"]["number"]
    term, postings = next(iter(number["terms"].items()))
    changed = {**site, "fields": {**site["fields"], "number": {
        **number, "terms": {**number["terms"], term: postings[:-1] + [2]}}}}  # a weight of 2
    _core, index, shards = split(changed, "en")
    assert "column" not in index["fields"]["number"]
    assert shards[shard_of(term, len(shards))]["number"][term][-1] == 2
    assert "column" in index["fields"]["lang"]


def test_the_documents_stem_keys_are_inverted_into_the_shards(site_data):
    from tolaria.search.shards import shard_of

    site, _core, index, shards = _split(site_data, "en")
    number, doc = next((n, d) for n, d in enumerate(site["documents"]) if d and d[3])
    assert index["documents"][number] == doc[:3] + doc[4:]  # without its keys
    for key in doc[3].split():
        stored, at, docs = shards[shard_of(key, len(shards))]["keys_en"][key], 0, []
        for step in stored:
            docs.append(at := at + step)
        assert number in docs and docs == sorted(docs)


def test_the_index_holds_the_typo_vocabulary_with_document_frequencies(site_data):
    site, _core, index, _shards = _split(site_data, "it")
    exact = site["fields"]["exact_it"]
    assert index["vocabulary"].keys() == {"it"}
    assert index["vocabulary"]["it"] == {t: len(stored_postings(exact, p))
                                         for t, p in exact["terms"].items()}
    assert index["fields"]["stem_it"]["lengths"] == site["fields"]["stem_it"]["lengths"]


def test_the_rows_are_split_by_number_each_once():
    from tolaria.search.shards import shard_of, split_rows

    rows = {"labels": {"english_only": "solo inglés"},
            "own": {f"702.{n}": [f"702/#702.{n}", "text " * 40, "", 0] for n in range(600)},
            "whole": {f"704.{n}": "text " * 40 for n in range(600)}}
    shards = split_rows(rows)
    assert len(shards) > 1 and all(s["labels"] == rows["labels"] for s in shards)
    for kind in ("own", "whole"):
        assert sum(len(s[kind]) for s in shards) == len(rows[kind])
        for number, row in rows[kind].items():
            assert shards[shard_of(number, len(shards))][kind][number] == row
