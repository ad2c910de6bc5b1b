"""tolaria search and tolaria index: plain text, JSON, errors as one line."""

import json

from tolaria.cli import main


def run(capsys, *args):
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_search_words_plain_output_fits_a_terminal(capsys):
    status, out, err = run(capsys, "search", "fuera", "de", "fase", "--lang", "es", "--limit", "3")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "702.26b · Cambio de fase" and len(lines) == 6
    assert "\033[" not in out  # highlighting only on a terminal
    assert all(len(line) <= 200 for line in lines)


def test_search_json_is_a_list_best_first(capsys):
    status, out, _ = run(capsys, "search", "phasing", "--lang", "it", "--json")
    data = json.loads(out)
    assert status == 0 and data[0]["number"] == "702.26" and data[0]["lang"] == "it"
    # today's number; the rulebook's (its Italian text's edition) beside it
    assert set(data[0]) == {"number", "lang", "title", "snippet", "score", "rulebook_number"}
    assert data[0]["rulebook_number"] == "702.25"
    assert [d["score"] for d in data] == sorted((d["score"] for d in data), reverse=True)


def test_search_number_and_errors(capsys):
    status, out, _ = run(capsys, "search", "r104.3B", "--json")
    assert status == 0 and json.loads(out)[0]["number"] == "104.3b"
    status, out, err = run(capsys, "search", "999")
    assert status == 1 and out == "" and err.startswith("tolaria: no rule 999 in any edition")
    status, out, err = run(capsys, "search", "*")
    assert status == 2 and len(err.splitlines()) == 1 and "nothing to search for" in err


def test_index_and_lang_all_name_languages_as_the_interface_writes_them(capsys):
    status, out, _ = run(capsys, "index", "--lang", "es")
    assert status == 0 and "en inglés, español e italiano" in out, out
    status, out, _ = run(capsys, "search", "phasing", "--lang", "all", "--limit", "3")
    heads = [line for line in out.splitlines() if not line.startswith(" ")]
    assert heads and all(h.rsplit(" · ", 1)[1] in ("English", "Spanish", "Italian")
                         for h in heads), heads


def _documents_of(rules) -> int:
    from tolaria.search.documents import documents_from_book
    from tolaria.today.loader import load_rulebook

    return len(documents_from_book(load_rulebook(rules)))


def test_index_reports_what_it_indexed(capsys, tiny, monkeypatch):
    monkeypatch.setenv("TOLARIA_RULES", str(tiny))  # the mechanics, on the tiny rulebook
    status, out, _ = run(capsys, "index", "--rebuild", "--json")
    data = json.loads(out)
    assert status == 0 and data["built"] and data["documents"] == _documents_of(tiny) > 0
    assert data["languages"] == ["en", "es", "it"]
    status, out, _ = run(capsys, "index")
    assert status == 0 and out.startswith("up to date: ")


import sys  # noqa: E402

import pytest  # noqa: E402


@pytest.mark.parametrize("value", ["0", "-1", "101", "ten"])
def test_limit_out_of_range_is_a_one_line_usage_error(capsys, value):
    status, out, err = run(capsys, "search", "phasing", f"--limit={value}")
    assert status == 2 and out == "" and len(err.splitlines()) == 1 and "--limit" in err


def test_the_command_and_the_library_agree_on_the_largest_limit():
    from tolaria import search
    from tolaria.cli import search as command

    assert command.MAX_LIMIT == search.MAX_LIMIT


def test_limit_is_honoured(capsys):
    status, out, _ = run(capsys, "search", "phasing", "--limit", "1", "--json")
    assert status == 0 and len(json.loads(out)) == 1


def test_no_match_echoes_a_short_query(capsys):
    query = "zzqqxx " + "w" * 190
    status, out, err = run(capsys, "search", query)
    assert status == 1 and out == ""
    echoed = err.split("'")[1]  # words no rule holds: echoed short, then what to try
    assert len(echoed) < 80 and "…" in echoed and "zzqqxx" in echoed
    assert err.count("\n") == 1 and "covered sections" in err


def test_colour_on_a_terminal_unless_no_color(capsys, monkeypatch):
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.delenv("NO_COLOR", raising=False)
    _, out, _ = run(capsys, "search", "fuera de fase", "--lang", "es", "--limit", "1")
    assert "\033[" in out
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setenv("NO_COLOR", "1")
    _, out, _ = run(capsys, "search", "fuera de fase", "--lang", "es", "--limit", "1")
    assert "\033[" not in out and out.startswith("702.26b")


def test_a_phrase_without_exact_match_says_so_on_stderr(capsys):
    status, out, err = run(capsys, "search", '"counters ten poison"', "--limit", "2")
    assert status == 0 and out.startswith("104.3d")
    assert err.splitlines() == ["tolaria: no exact match for the phrase; showing close matches"]
    status, out, err = run(capsys, "search", '"poison counters"', "--limit", "2")
    assert status == 0 and err == ""


def test_json_without_a_match_is_an_empty_list_and_status_1(capsys):
    status, out, err = run(capsys, "search", "zzzzqqq", "--json")
    assert status == 1 and json.loads(out) == [] and err == ""
    status, out, err = run(capsys, "search", "zzzzqqq")
    assert status == 1 and out == "" and "no rule has 'zzzzqqq', neither in the whole CR" in err


def test_a_typo_says_what_was_searched_instead(capsys):
    status, out, err = run(capsys, "search", "fasing", "--limit", "1")
    assert status == 0 and out.startswith("702.26 · Phasing")
    assert err.splitlines() == ["tolaria: no rule has 'fasing'; showing results for 'phasing'"]
    status, out, err = run(capsys, "search", "phasing", "--limit", "1")
    assert status == 0 and err == ""


def test_index_says_when_it_could_not_save(capsys, tiny, tmp_path, monkeypatch):
    (tmp_path / "a-file").write_text("")
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path / "a-file" / "cache"))
    monkeypatch.setenv("TOLARIA_RULES", str(tiny))  # the mechanics, on the tiny rulebook
    status, out, err = run(capsys, "index", "--json")
    data = json.loads(out)
    assert status == 1 and data["saved"] is False and data["documents"] == _documents_of(tiny)
    assert len(err.splitlines()) == 1 and "could not be saved" in err
    status, out, err = run(capsys, "search", "jugador gana", "--lang", "es", "--ui-lang", "es",
                           "--json")
    assert status == 0 and json.loads(out)[0]["number"] == "104.1"
    assert len(err.splitlines()) == 1 and "no se pudo guardar el índice" in err


@pytest.mark.parametrize("typed", ["104.3a-zz", "1-99999", "104.3zz", "rule 1-99999",
                                   "104-zz", "104.3l", "100-900", "104.3b-104.4a"])
def test_search_and_show_refuse_a_malformed_number_or_range_alike(capsys, typed):
    shown = run(capsys, "show", typed)
    searched = run(capsys, "search", typed)
    assert shown == searched
    status, out, err = searched
    assert status == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"tolaria: '{typed}' is not a r") or "too long" in err


@pytest.mark.parametrize("words", ["2-player", "10 poison counters", "+1/+1", "1/1"])
def test_words_with_digits_are_still_searched_as_words(capsys, words):
    status, out, err = run(capsys, "search", words)
    assert status == 0 and out and err == ""
