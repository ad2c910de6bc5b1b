"""The search's word lists (rules/search/*.yaml): strict checks with file:line, the index
fingerprint following their content."""

import pytest

from tolaria.errors import DataErrors
from tolaria.search import wordlists


def _messages(tmp_path, name, text):
    """The errors of a list of that text, closed as every data file is (`...`)."""
    (tmp_path / "search").mkdir(exist_ok=True)
    (tmp_path / "search" / name).write_text(text + "...\n", encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        wordlists.check_folder(tmp_path)
    return [f"{e.line}: {e.message}" for e in caught.value.errors]


def test_the_projects_lists_are_valid():
    from tolaria.rulebook.folders import default_rules_dir

    assert wordlists.check_folder(default_rules_dir()) > 50


def test_a_synonym_entry_missing_its_rules_is_named_by_line(tmp_path):
    text = "en:\n  - {typed: scoop, rules: [concede]}\n  - {typed: mill}\n"
    assert _messages(tmp_path, "synonyms.yaml", text) == ["3: missing key 'rules'"]


def test_an_unknown_language_and_an_empty_wording_are_named(tmp_path):
    text = "fr:\n  - {typed: a, rules: [b]}\nen:\n  - {typed: x, rules: []}\n"
    found = _messages(tmp_path, "synonyms.yaml", text)
    assert found[0].startswith("1: unknown key 'fr'")
    assert found[1] == "4: rules: expected at least one wording"


def test_english_words_are_checked_as_the_english_list_is(tmp_path):
    text = "es:\n  - {typed: criatura, rules: [creature]}\nen:\n  - {typed: x, rules: [y]}\n"
    found = _messages(tmp_path, "english_words.yaml", text)
    assert len(found) == 1 and found[0].startswith("3: unknown key 'en'")
    (tmp_path / "search" / "english_words.yaml").write_text(
        "it:\n  - {typed: bloccante, rules: [blocker]}\n...\n", encoding="utf-8")
    lists = wordlists.read_folder(tmp_path / "search", [])
    assert [(e.lang, e.typed, e.rules, e.line) for e in lists.english_words] == [
        ("it", "bloccante", ("blocker",), 2)]


def test_filler_words_are_single_texts(tmp_path):
    found = _messages(tmp_path, "filler.yaml", "en: [what, yes, can i]\n")
    assert sorted(found) == ["1: filler: 'can i' is not one word",
                             "1: filler: expected a text, found 'yes' (true/false)"]


def test_corrections_need_their_never_key(tmp_path):
    found = _messages(tmp_path, "corrections.yaml", "nope: {}\n")
    assert "1: missing key 'never'" in found
    assert any(m.startswith("1: unknown key 'nope'") for m in found)


def test_the_error_names_the_file(tmp_path):
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "filler.yaml").write_text("en: [1]\n", encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        wordlists.check_folder(tmp_path)
    assert caught.value.errors[0].file.endswith("search/filler.yaml")


def test_validate_checks_the_search_folder(tmp_path):
    import shutil

    from tolaria.rulebook.folders import default_rules_dir
    from tolaria.validation.folder import validate_folder

    root = tmp_path / "rules"
    shutil.copytree(default_rules_dir(), root, ignore=shutil.ignore_patterns("history"))
    (root / "search" / "filler.yaml").write_text("en: [what]\nen: [how]\n", encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        validate_folder(root)
    assert any(e.file.endswith("search/filler.yaml") and e.line == 2
               for e in caught.value.errors)


def test_the_index_fingerprint_follows_the_lists(tmp_path, monkeypatch):
    import shutil

    from tolaria.rulebook.folders import default_rules_dir

    root = tmp_path / "rules"
    shutil.copytree(default_rules_dir() + "/search", root / "search")
    before = wordlists.digest(str(root / "search"))
    with open(root / "search" / "synonyms.yaml", "a", encoding="utf-8") as out:
        out.write("  - {typed: scry, rules: [library]}\n")
    assert wordlists.digest.__wrapped__(str(root / "search")) != before
    monkeypatch.setenv("TOLARIA_RULES", str(root))
    assert wordlists.folder() == str(root / "search")


def test_check_reads_lists_kept_right_no_more_and_names_broken_ones(tmp_path, monkeypatch):
    """A search's start checks the lists without reading them when lists of this content
    were read whole and found right before (their kept copy exists); broken ones raise."""
    import shutil

    from tolaria.rulebook.folders import default_rules_dir

    def refused():
        raise AssertionError("read")

    root = tmp_path / "rules"
    shutil.copytree(default_rules_dir() + "/search", root / "search")
    monkeypatch.setenv("TOLARIA_RULES", str(root))
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path / "cache"))
    wordlists.lists.cache_clear()
    with monkeypatch.context() as patched, pytest.raises(AssertionError):
        patched.setattr(wordlists, "lists", refused)
        wordlists.check()  # nothing kept yet: the lists are read
    wordlists.check()  # read whole, found right: kept
    with monkeypatch.context() as patched:
        patched.setattr(wordlists, "lists", refused)
        wordlists.check()  # kept: not read again
    (first,) = (tmp_path / "cache").glob("search-words-*.marshal")
    with open(root / "search" / "filler.yaml", "a", encoding="utf-8") as out:
        out.write("# a comment: other content, the same lists\n")
    wordlists.lists.cache_clear()
    wordlists.digest.cache_clear()
    wordlists.check()  # the lists' new copy is kept, and the one before it
    kept = set((tmp_path / "cache").glob("search-words-*.marshal"))
    assert first in kept and len(kept) == 2
    with open(root / "search" / "synonyms.yaml", "a", encoding="utf-8") as out:
        out.write("  - {typed: scry}\n")
    wordlists.lists.cache_clear()
    wordlists.digest.cache_clear()
    try:
        with pytest.raises(DataErrors):
            wordlists.check()
    finally:
        wordlists.lists.cache_clear()
        wordlists.digest.cache_clear()


def test_validate_reads_lists_found_right_before_from_the_cache(tmp_path, monkeypatch):
    """The strict reading `validate` makes: lists of a content read whole and found right
    before are not read again; the same content broken (or a file gone) is read, and its
    problems named."""
    import shutil

    from tolaria.rulebook.folders import default_rules_dir

    folder = tmp_path / "search"
    shutil.copytree(default_rules_dir() + "/search", folder)
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path / "cache"))
    first, errors = wordlists.read_checked(folder)
    assert errors == [] and first.topics and list((tmp_path / "cache").glob("search-words-*"))
    with monkeypatch.context() as patched:
        patched.setattr(wordlists, "read_folder", lambda *args: pytest.fail("read again"))
        assert wordlists.read_checked(folder) == (first, [])
    (folder / "filler.yaml").unlink()  # missing, not empty: other lists
    second, errors = wordlists.read_checked(folder)
    assert errors == [] and second.filler == {} and second.topics == first.topics
    with open(folder / "synonyms.yaml", "a", encoding="utf-8") as out:
        out.write("  - {typed: scry}\n")
    named = []
    for _ in range(2):  # broken: never kept, named each time
        named.append([str(e) for e in wordlists.read_checked(folder)[1]])
    assert named[0] == named[1] and "synonyms.yaml:" in named[0][0]


def test_lists_kept_in_another_shape_are_read_again(tmp_path, monkeypatch):
    """A kept copy of the lists' content that this code cannot read (kept by other code)
    is read again from the folder, and kept anew."""
    import marshal
    import shutil

    from tolaria.rulebook.folders import default_rules_dir

    folder = tmp_path / "search"
    shutil.copytree(default_rules_dir() + "/search", folder)
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path / "cache"))
    first, errors = wordlists.read_checked(folder)
    (path,) = (tmp_path / "cache").glob("search-words-*.marshal")
    content, _held = marshal.loads(path.read_bytes())
    path.write_bytes(marshal.dumps((content, {"synonyms": [1]})))
    assert wordlists.read_checked(folder) == (first, [])
    assert marshal.loads(path.read_bytes())[1]["topics"]  # kept anew, whole
