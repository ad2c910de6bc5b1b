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
    assert lines[0] == "702.25b · Cambio de fase" and len(lines) == 6
    assert "\033[" not in out  # highlighting only on a terminal
    assert all(len(line) <= 200 for line in lines)


def test_search_json_is_a_list_best_first(capsys):
    status, out, _ = run(capsys, "search", "phasing", "--lang", "it", "--json")
    data = json.loads(out)
    assert status == 0 and data[0]["number"] == "702.25" and data[0]["lang"] == "it"
    assert set(data[0]) == {"number", "lang", "title", "snippet", "score"}
    assert [d["score"] for d in data] == sorted((d["score"] for d in data), reverse=True)


def test_search_number_and_errors(capsys):
    status, out, _ = run(capsys, "search", "r104.3B", "--json")
    assert status == 0 and json.loads(out)[0]["number"] == "104.3b"
    status, out, err = run(capsys, "search", "999")
    assert status == 1 and out == "" and err.startswith("tolaria: rule 999 is not covered")
    status, out, err = run(capsys, "search", "*")
    assert status == 2 and len(err.splitlines()) == 1 and "nothing to search for" in err


def test_index_reports_what_it_indexed(capsys):
    status, out, _ = run(capsys, "index", "--rebuild", "--json")
    data = json.loads(out)
    assert status == 0 and data["built"] and data["documents"] > 200
    assert data["languages"] == ["en", "es", "it"]
    status, out, _ = run(capsys, "index")
    assert status == 0 and out.startswith("up to date: ")
