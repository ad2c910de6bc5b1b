"""search/jsoncache.py: a JSON file kept whole in the cache, read back, or None."""

from tolaria.search import jsoncache


def test_kept_json_is_read_back_and_a_damaged_or_other_shaped_one_is_none(tmp_path,
                                                                          monkeypatch):
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path))
    first, second, third = (str(tmp_path / f"words-{n}.json") for n in (1, 2, 3))
    jsoncache.keep(first, {"a": [1, 2]}, "words-")
    assert jsoncache.read(first, lambda held: tuple(held["a"])) == (1, 2)
    assert jsoncache.read(first, lambda held: held["missing"]) is None  # another shape
    assert jsoncache.read(second, dict) is None  # none kept
    jsoncache.keep(second, [], "words-")
    jsoncache.keep(third, [], "words-")  # the one in use and the one before stay
    assert sorted(p.name for p in tmp_path.iterdir()) == ["words-2.json", "words-3.json"]
    (tmp_path / "words-3.json").write_text('{"cut', encoding="utf-8")
    assert jsoncache.read(third, dict) is None
