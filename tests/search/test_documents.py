"""What the index holds: the distinct wordings of a corpus of editions, each once."""

from hypothesis import given
from hypothesis import strategies as st

from tolaria.search.documents import Document, distinct_wordings


def _doc(number, text, title="Phasing"):
    return Document("", number, "en", title, "", text, "", "", "", 2)


def test_a_wording_several_editions_print_is_indexed_once_with_them():
    same = _doc("702.26b", "If a permanent phases out, ...")
    changed = _doc("702.26b", "If a permanent phases out, its status changes.")
    corpus = distinct_wordings([("2021-04-16", [same]), ("2023-04-14", [same]),
                                ("2026-04-17", [changed])])
    assert [(d.number, d.text, d.editions) for d in corpus] == [
        ("702.26b", same.text, ("2021-04-16", "2023-04-14")),
        ("702.26b", changed.text, ("2026-04-17",))]
    assert len({d.key for d in corpus}) == 2


def test_the_same_text_under_another_number_or_title_is_another_document():
    corpus = distinct_wordings([("2019-01-25", [_doc("702.25b", "x")]),
                                ("2021-04-16", [_doc("702.26b", "x")]),
                                ("2022-01-01", [_doc("702.26b", "x", title="Other")])])
    assert len(corpus) == 3


texts = st.sampled_from(["a", "b", "c"])
numbers = st.sampled_from(["104.1", "104.2", "104.3"])


@given(st.lists(st.lists(st.tuples(numbers, texts), max_size=6), min_size=1, max_size=8))
def test_every_rule_of_every_edition_is_in_exactly_one_document(editions):
    dated = [(f"20{10 + i:02d}-01-01", [_doc(n, t) for n, t in rules])
             for i, rules in enumerate(editions)]
    corpus = distinct_wordings(dated)
    pairs = sorted((d.number, d.text, e) for d in corpus for e in d.editions)
    expected = sorted({(doc.number, doc.text, edition) for edition, docs in dated
                       for doc in docs})
    assert pairs == expected
    assert len({(d.number, d.text) for d in corpus}) == len(corpus)


def test_a_rule_that_is_only_a_title_names_its_first_subrule(whole_book):
    from tolaria.search.documents import documents_from_book

    docs = [d for d in documents_from_book(whole_book) if d.english_only]
    by_number = {d.number: d for d in docs}
    assert by_number["702.19"].first == "en:cr:702.19a"  # "Trample"
    assert by_number["702.19a"].first == by_number["704"].first == ""  # text; a section
    assert by_number["704.5"].first == ""  # a rule with text, though it has subrules
    keys = {d.key for d in docs}
    assert all(d.first in keys for d in docs if d.first)
    assert sum(1 for d in docs if d.first) > 200  # every keyword and keyword action
