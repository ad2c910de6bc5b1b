import json
import subprocess
import sys

import pytest

from tolaria_testing import REPO
from tolaria.cli import main


def run(capsys, *args):
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_show_a_subrule_as_json(capsys):
    status, out, err = run(capsys, "show", "104.3b", "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert set(data) >= {"number", "lang", "title", "text", "examples", "edition", "source",
                         "cites", "children"}
    # English is shown as the current edition (the newest official one known) prints it
    assert (data["number"], data["lang"], data["edition"]) == ("104.3b", "en", "2026-04-17")
    assert data["cites"] == ["704"] and data["source"]["kind"] == "official"


def test_show_a_rule_lists_its_subrules(capsys):
    status, out, _ = run(capsys, "show", "702.25b", "--lang", "it", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["title"] == "Fase" and len(data["examples"]) == 2
    status, out, _ = run(capsys, "show", "717.1", "--json")  # today's 724.1
    data = json.loads(out)
    assert data["number"] == "724.1" and data["rulebook_number"] == "717.1"
    assert [c["number"] for c in data["children"]] == [
        "724.1a", "724.1b", "724.1c", "724.1d", "724.1e", "724.1f"]


def test_show_all_languages(capsys):
    status, out, _ = run(capsys, "show", "514.3a", "--lang", "all", "--json")
    assert status == 0
    assert [d["lang"] for d in json.loads(out)] == ["en", "es", "it"]


def test_show_plain_text_in_spanish(capsys):
    status, out, _ = run(capsys, "show", "104.3d", "--lang", "es", "--ui-lang", "es")
    assert status == 0
    assert "diez o más contadores de veneno" in out
    assert "13 de julio de 2018" in out and "Colección Básica 2019" in out


def test_the_language_follows_the_locale(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    status, out, _ = run(capsys, "show", "512.1", "--json")
    assert json.loads(out)["lang"] == "it"


def test_an_unknown_number_names_what_is_near_and_what_is_covered(capsys):
    status, out, err = run(capsys, "show", "104.3z")
    assert status == 1 and out == ""
    assert err == ("tolaria: no rule 104.3z in the English text of this rulebook; nearby: "
                   "104.3i, 104.3j, "
                   "104.3k, 104.4, 104.4a, 104.4b. It covers sections 104, 300, 512, 513, 514, "
                   "702.25, 717.\n")


def test_a_rule_outside_the_translated_sections_answers_in_english(capsys):
    status, out, _ = run(capsys, "show", "601.2", "--lang", "es")
    lines = out.splitlines()
    assert status == 0 and lines[0] == "601.2 · Casting Spells · English"
    assert lines[1] == ("In English only: this reference translates sections 104, 300, 512, "
                        "513, 514, 702.25 (702.26 today), 717 (724 today)")


@pytest.mark.parametrize("bad", ["104.3l", "hello", "", "104..3", "9999"])
def test_a_malformed_number_is_one_clear_line(capsys, bad):
    status, out, err = run(capsys, "show", bad)
    assert status == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err


def test_another_rulebook_folder(capsys, tiny):
    status, out, _ = run(capsys, "show", "104.10", "--rules", str(tiny), "--json")
    assert json.loads(out)["text"] == "This rule sorts after 104.2."


def test_the_environment_names_the_rulebook(capsys, tiny, monkeypatch):
    monkeypatch.setenv("TOLARIA_RULES", str(tiny))
    status, out, _ = run(capsys, "show", "104.10", "--json")
    assert status == 0 and json.loads(out)["text"] == "This rule sorts after 104.2."


def test_a_broken_rulebook_gives_file_line_errors_and_status_2(capsys, tiny):
    path = tiny / "en" / "104.yaml"
    path.write_text(path.read_text().replace('"104.2a"', '"104.2o"'))
    status, out, err = run(capsys, "show", "104.1", "--rules", str(tiny))
    assert status == 2 and out == ""
    assert err.splitlines()[0].startswith("rules/en/104.yaml:11: malformed rule number")


@pytest.mark.parametrize("entry", [[sys.executable, "-m", "tolaria"], [str(REPO / ".venv" / "bin" / "tolaria")]])
def test_entry_points(entry):
    if not entry[0].endswith("python") and not (REPO / ".venv" / "bin" / "tolaria").exists():
        pytest.skip("no console script in this environment")
    done = subprocess.run(entry + ["show", "513.1", "--json"], capture_output=True, text=True)
    assert done.returncode == 0 and json.loads(done.stdout)["number"] == "513.1"


from hypothesis import given, settings, strategies as st


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40).filter(lambda s: not s.startswith("-")))
def test_any_number_gets_an_answer_never_a_traceback(text):
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["show", text])
    assert status in (0, 1, 2)
    if status:
        assert err.getvalue().startswith(("tolaria: ", "usage: ")) and "Traceback" not in err.getvalue()


@pytest.mark.parametrize("number, title, start", [
    ("704", "State-Based Actions", None),
    ("704.5a", "State-Based Actions", "If a player has 0 or less life, that player loses the game."),
    ("702.19b", "Trample", "The controller of an attacking creature with trample first"),
    ("800.4", "General", "Unlike two-player games, multiplayer games can continue"),
])
def test_every_number_of_the_current_edition_answers(capsys, number, title, start):
    status, out, err = run(capsys, "show", number, "--lang", "en", "--json")
    data = json.loads(out)
    assert (status, data["number"], data["title"]) == (0, number, title)
    assert data["edition"] == "2026-04-17" and data["source"]["kind"] == "official"
    assert start is None or data["text"].startswith(start)


def test_a_number_no_edition_had_names_the_nearest(capsys):
    status, out, err = run(capsys, "show", "704.99")
    assert (status, out) == (1, "") and err == (
        "tolaria: no rule 704.99 in any edition this reference knows; the nearest numbers of "
        "the current edition are 704.6, 704.7, 704.8\n")


def test_a_number_of_section_500_shows_the_pre_2009_rule_it_came_from(capsys):
    status, out, _ = run(capsys, "show", "500.7")
    lines = out.splitlines()
    assert status == 0 and lines[0] == "300.6 · General · English"
    assert lines[1].startswith("500.7 is what the pre-2009 rule 300.6 became, in the editions")
    assert "No counterpart in the current edition: its content is in 500.7 today" in out
    status, out, _ = run(capsys, "show", "500.7", "--json")
    data = json.loads(out)
    assert (data["number"], data["asked"], data["forerunner"]) == ("300.6", "500.7", True)
    assert data["today"] is None and data["moved_to"] == ["500.7"]


def test_a_number_with_a_decimal_comma_or_a_range(capsys):
    status, out, _ = run(capsys, "show", "104,3b", "--json")
    assert status == 0 and json.loads(out)["number"] == "104.3b"
    status, out, _ = run(capsys, "show", "512-514", "--json")
    assert status == 0 and [d["number"] for d in json.loads(out)] == ["512", "513", "514"]
    status, out, _ = run(capsys, "show", "512-514")
    heads = [line for line in out.splitlines() if " · English" in line]
    assert heads == ["512 · Ending Phase · English", "513 · End Step · English",
                     "514 · Cleanup Step · English"]
    status, out, _ = run(capsys, "show", "104.3a-c", "--lang", "all", "--json")
    assert [(d["number"], d["lang"]) for d in json.loads(out)][:4] == [
        ("104.3a", "en"), ("104.3a", "es"), ("104.3a", "it"), ("104.3b", "en")]
    status, out, err = run(capsys, "show", "104.3b-104.4a")
    assert (status, out) == (2, "") and err == (
        "tolaria: '104.3b-104.4a' is not a range: a range stays within one rule or one level, "
        "first number first (e.g. 512-514, 104.3-104.5, 104.3a-104.3d or 104.3a-d)\n")


def test_a_number_other_rules_had_names_them(capsys):
    status, out, _ = run(capsys, "show", "702.25k")
    lines = out.splitlines()
    assert status == 0 and lines[0] == "702.26k · Phasing · English"
    assert lines[1] == "Numbered before: 702.25k until February 15, 2021; 702.25j until July 3, 2020"
    assert lines[2] == ("702.25k was also this reference's 702.26m in the editions of August "
                        "25, 2017 … July 3, 2020: tolaria show 702.26m")
    assert lines[3].endswith("since removed (“Phased-out tokens cease to exist as a "
                             "state-based action. See rule …”): tolaria show 702.25k --edition "
                             "2017-07-08")
    status, out, _ = run(capsys, "show", "702.25k", "--json")
    also = json.loads(out)["also"]
    assert [(a["rule"], a["today"], a["in_rulebook"], a["removed"]) for a in also] == [
        ("702.25m", "702.26m", True, False), (None, None, False, True)]
    assert also[1]["editions"][0] == "2016-07-22" and also[1]["text"].startswith("Phased-out")
    status, out, _ = run(capsys, "show", "513.2")
    assert "513.2 was also another rule in the editions of July 22, 2016 … August 26, 2016" in out
    status, out, _ = run(capsys, "show", "716.2")  # today's Class Cards; once two covered rules
    assert out.startswith("716.2 · Class Cards · English") and \
        "716.2 was also this reference's 724.1f" in out
    status, out, _ = run(capsys, "show", "104.3b", "--json")
    assert "also" not in json.loads(out)


def test_a_number_that_names_two_rules_across_editions_names_the_other(capsys):
    """This reference's 717.1 (724.1 today) is an Attraction rule today; today's 723.1 was
    724.1's until February 2026: each answer has a line on the other, with its command (and
    after the newest edition, says it is the newest)."""
    status, out, _ = run(capsys, "show", "717.1")
    lines = out.splitlines()
    assert status == 0 and lines[0] == "724.1 · Ending Turns and Phases · English"
    assert lines[1].endswith("720.1 until November 17, 2023; …; 717.1 until June 18, 2021")
    assert lines[2] == ("717.1 in the current edition: 717 Attraction Cards (tolaria show "
                        "717.1 --edition 2026-04-17)")
    status, out, _ = run(capsys, "show", "717.1", "--edition", "2026-04-17")
    assert out.startswith("717.1 · Attraction Cards · English\n")
    status, out, _ = run(capsys, "show", "702.25", "--json")
    assert json.loads(out)["today_rule"]["name"] == "Flanking"
    status, out, _ = run(capsys, "show", "702.25", "--edition", "2030-01-01", "--json")
    data = json.loads(out)
    assert (data["title"], data["newest_known"]) == ("Flanking", True)
    assert data["rulebook_rule"] == {"number": "702.25", "then": "702.26"}
    status, out, _ = run(capsys, "show", "723.1")
    assert out.splitlines()[:2] == [
        "723.1 · Controlling Another Player · English",
        "723.1 was also this reference's 724.1 in the editions of July 25, 2025 … February 27, "
        "2026: tolaria show 724.1"]
    for plain in ("724.1", "104.3b"):
        status, out, _ = run(capsys, "show", plain, "--json")
        assert "today_rule" not in json.loads(out) and "also" not in json.loads(out)


# --- links, English-only notes, numbers no edition had -----------------------------------------
def _targets(data):
    yield from data.get("targets", [])
    for child in data["children"]:
        yield from _targets(child)


@pytest.mark.parametrize("number, lang", [("704", "en"), ("702.19", "es"), ("104.3", "en"),
                                          ("104.3", "es"), ("702.25", "it"), ("513", "it")])
def test_every_cited_number_in_show_json_gives_its_target(capsys, number, lang):
    status, out, _ = run(capsys, "show", number, "--lang", lang, "--json")
    data = json.loads(out)
    targets = list(_targets(data))
    assert status == 0 and targets
    assert all(t["exists"] and t["rule"] for t in targets), targets
    texts = [data]
    while texts:  # each text's targets are exactly the numbers it cites
        text = texts.pop()
        assert set(text["cites"]) <= {t["number"] for t in text["targets"]}
        texts.extend(text["children"])


def test_a_translation_cites_by_its_own_numbers_and_links_to_today(capsys):
    status, out, _ = run(capsys, "show", "--glossary", "fuera de fase", "--lang", "es", "--json")
    data = json.loads(out)
    assert {"number": "702.25", "exists": True, "rule": "702.26", "covered": True} in \
        data["targets"]


@pytest.mark.parametrize("lang", ["es", "it", "all"])
def test_a_text_in_english_only_says_so_in_every_language_mode(capsys, lang):
    status, out, _ = run(capsys, "show", "704.5a", "--lang", lang)
    assert status == 0
    assert out.count("In English only: this reference translates sections") == 1
    assert out.count("If a player has 0 or less life, that player loses the game.") == 1
    status, out, _ = run(capsys, "show", "704.5a", "--lang", lang, "--json")
    data = json.loads(out)
    assert (data[0] if lang == "all" else data)["english_only"] is True


def test_english_shows_no_english_only_note(capsys):
    status, out, _ = run(capsys, "show", "704.5a", "--lang", "en")
    assert status == 0 and "In English only" not in out


@pytest.mark.parametrize("number, near", [
    ("704.99", "704.6, 704.7, 704.8"), ("999.1", "903, 904, 905"),
    ("104.3z", "104.3i, 104.3j, 104.3k")])
def test_a_number_no_edition_had_names_the_nearest(capsys, number, near):
    status, out, err = run(capsys, "show", number)
    assert (status, out) == (1, "") and err.count("\n") == 1 and near in err


# --- the glossary -------------------------------------------------------------------------------
def test_a_glossary_entry_in_english_is_the_official_one(capsys):
    status, out, err = run(capsys, "show", "--glossary", "phased out", "--json")
    data = json.loads(out)
    assert (status, err, data["term"], data["lang"]) == (0, "", "Phased In, Phased Out", "en")
    assert data["definition"].startswith("A status a permanent may have.")
    assert data["edition"] == "2026-04-17" and data["source"]["kind"] == "official"
    assert data["rules"] == ["702.26b", "702.26c"]  # the project's, numbered as today
    assert data["names"]["es"] == "En fase, fuera de fase"


@pytest.mark.parametrize("typed, lang, term", [
    ("phased out", "es", "En fase, fuera de fase"), ("FUERA DE FASE", "it", "In fase, fuori fase"),
    ("Fase de finalizacion", "es", "Fase de finalización")])
def test_a_glossary_entry_in_spanish_and_italian(capsys, typed, lang, term):
    status, out, _ = run(capsys, "show", "--glossary", typed, "--lang", lang)
    lines = out.splitlines()
    assert status == 0 and lines[0] == f"{term} · Glossary · {language_name(lang)}"
    assert "In English only" not in out


def language_name(lang):
    return {"en": "English", "es": "Spanish", "it": "Italian"}[lang]


@pytest.mark.parametrize("lang", ["es", "it", "all"])
def test_a_term_only_the_official_glossary_has_is_english_only(capsys, lang):
    status, out, _ = run(capsys, "show", "--glossary", "trample", "--lang", lang)
    assert status == 0 and out.startswith("Trample · Glossary · English\n")
    assert out.count("In English only") == 1 and out.count("A keyword ability") == 1


def test_all_languages_of_a_translated_term(capsys):
    status, out, _ = run(capsys, "show", "--glossary", "ending phase", "--lang", "all", "--json")
    assert [d["lang"] for d in json.loads(out)] == ["en", "es", "it"]


@pytest.mark.parametrize("args, status, message", [
    (["--glossary", "phasd"], 1, "tolaria: no glossary term 'phasd'; close terms: "),
    (["--glossary", "xyzzy"], 1, "tolaria: no glossary term 'xyzzy'"),
    (["104.3b", "--glossary", "trample"], 2, "tolaria: --glossary shows a term"),
    (["--glossary", "trample", "--edition", "2020-01-01"], 2, "tolaria: --glossary shows"),
    ([], 2, "tolaria: give a rule NUMBER, or --glossary TERM"),
])
def test_glossary_refusals_are_one_line(capsys, args, status, message):
    got, out, err = run(capsys, "show", *args)
    assert (got, out) == (status, "") and err.startswith(message) and err.count("\n") == 1
