"""validation.folder: validate_folder reads every kind of data file and reports every error
of all of them together, each as file:line."""

from __future__ import annotations

import shutil

import pytest

from tolaria.errors import DataErrors
from tolaria.history import load_history
from tolaria.validation.folder import Summary, validate_folder
from tolaria_testing import REPO, before_end, whole

EXAMPLE = whole("""\
- id: a-win
  title: {en: A player wins}
  rules: ["104.2a"]
  do:
    - win_game: Ana
  expect:
    - game: {over: true, winner: Ana}
""")
WAIVER = whole("""\
waivers:
  - lang: es
    rule: "104.1"
    check: structure
    key: sentences 1/2
    reason: fine
    by: a judge
    date: 2026-01-01
""")


def _errors(root) -> list[str]:
    with pytest.raises(DataErrors) as caught:
        validate_folder(root)
    return [str(e) for e in caught.value.errors]


def test_the_tiny_rulebook_has_no_examples_waivers_or_history(tiny):
    summary = validate_folder(tiny)
    assert isinstance(summary, Summary)
    assert sorted(summary.book.sections) == [("en", "104"), ("es", "104"), ("it", "104")]
    assert (summary.examples, summary.waivers, summary.history_editions) == (0, 0, None)


def test_the_summary_counts_examples_waivers_and_history_editions(tiny):
    (tiny / "examples").mkdir()
    (tiny / "examples" / "104.yaml").write_text(EXAMPLE, encoding="utf-8")
    (tiny / "waivers.yaml").write_text(WAIVER, encoding="utf-8")
    summary = validate_folder(tiny)
    assert (summary.examples, summary.waivers, summary.history_editions) == (1, 1, None)


def test_the_summary_counts_the_history_editions(validated):
    editions = len(load_history(REPO / "rules").all_editions)
    assert editions > 1
    assert validated.ok().history_editions == editions


def test_the_default_folder_is_the_projects_rules(validated):
    """(validated: validate_folder() of the default folder.)"""
    summary = validated.ok()
    assert summary.examples > 0 and summary.history_editions > 0
    assert ("en", "104") in summary.book.sections


def test_a_missing_folder_is_one_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    errors = _errors(tmp_path / "nowhere")
    assert len(errors) == 1 and errors[0].startswith("nowhere:"), errors


# Each kind of data file, broken: (file under rules/, its text, the expected error prefix).
BROKEN = {
    "section": ("en/104.yaml", None, "rules/en/104.yaml:2: unknown key 'titel'"),
    "editions": ("editions.yaml", "editions:\n  - effective: 2018-07-13\n    sett: {}\n",
                 "rules/editions.yaml:3: "),
    "glossary": ("glossary.yaml", "terms:\n  - id: x\n    rules: [\"104.9\"]\n"
                 "    en: {name: X}\n    es: {name: X}\n    it: {name: X}\n",
                 "rules/glossary.yaml:2: "),
    "examples": ("examples/104.yaml", "- id: x\n  rules: [104.99]\n  title: {en: t}\n"
                 "  expect: [{step: upkeep}]\n", "rules/examples/104.yaml:"),
    "waivers": ("waivers.yaml", WAIVER.replace("check: structure", "check: bogus"),
                "rules/waivers.yaml:4: unknown check 'bogus'"),
    "words": ("audit/words.yaml", "words: {en: [a]}\nsenses:\n  no-such-term: [x]\n",
              "rules/audit/words.yaml:3: no glossary term 'no-such-term'"),
    "cards": ("audit/cards.yaml", "cards: [\n", "rules/audit/cards.yaml:2: YAML syntax error"),
    "bridges": ("search/english.yaml",
                "it:\n  - rules: [win]\n    typed: come vincere la partita\n",
                "rules/search/english.yaml:2: typed: 'come vincere la partita' names the "
                "glossary term 'win-the-game' of the covered sections"),
    "history rules": ("history/rules.yaml", "editions: {}\n",
                      "rules/history/rules.yaml:1: missing key 'units'"),
    "history titles": ("history/titles.yaml", 'titles:\n  - ["100", General, 2016-07-22, '
                       '2026-04-17]\n  - ["104", Ending, 2016-07-22]\n',
                       "rules/history/titles.yaml:3: expected [number, title"),
}


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_every_kind_of_data_file_reports_its_error_with_file_and_line(tiny, kind):
    name, text, expected = BROKEN[kind]
    if kind.startswith("history"):
        shutil.copytree(REPO / "rules" / "history", tiny / "history")
    target = tiny / name
    target.parent.mkdir(parents=True, exist_ok=True)
    if text is None:  # a section file with an unknown key
        text = target.read_text(encoding="utf-8").replace("title:", "titel:")
    target.write_text(whole(text), encoding="utf-8")
    errors = _errors(tiny)
    assert any(e.startswith(expected) for e in errors), errors
    # only that file is wrong (a broken history file may make its companion unreadable)
    folder = "rules/history/" if kind.startswith("history") else f"rules/{name}:"
    assert all(e.startswith(folder) for e in errors), errors


def test_errors_of_several_files_are_reported_together(tiny):
    for name in ("waivers", "cards", "history titles"):
        file, text, _expected = BROKEN[name]
        (tiny / file).parent.mkdir(parents=True, exist_ok=True)
        (tiny / file).write_text(whole(text), encoding="utf-8")
    (tiny / "history" / "rules.yaml").write_text(
        (REPO / "rules" / "history" / "rules.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    section = tiny / "it" / "104.yaml"
    section.write_text(section.read_text(encoding="utf-8").replace('"104.10"', '"104.1"'),
                       encoding="utf-8")
    errors = _errors(tiny)
    assert {e.split(":", 1)[0] for e in errors} == {
        "rules/it/104.yaml", "rules/waivers.yaml", "rules/audit/cards.yaml",
        "rules/history/titles.yaml"}, errors
    assert "rules/it/104.yaml:15: duplicate rule 104.1 (first at line 7)" in errors
    assert errors == sorted(errors)  # one ordered report, not the first file's errors only


def test_the_examples_are_checked_against_the_rule_texts_when_these_are_right(tiny):
    (tiny / "examples").mkdir()
    (tiny / "examples" / "104.yaml").write_text(whole(BROKEN["examples"][1]), encoding="utf-8")
    errors = _errors(tiny)
    assert len(errors) >= 1 and all(e.startswith("rules/examples/104.yaml:") for e in errors)
    assert any("104.99" in e for e in errors), errors


# --- the history agrees with the texts, the editions and the whole CR --------------------
# `project` (conftest.py): a copy of the project's rules/, put back after each test
def _edit(path, old, new, count=1):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def test_a_history_cut_short_fails(project):
    path = project / "history" / "rules.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    cut = next(i for i in range(len(lines) * 9 // 10, len(lines))
               if lines[i].startswith("      - rule:"))
    path.write_text(whole("\n".join(lines[:cut])), encoding="utf-8")  # its end line put back
    errors = _errors(project)
    assert any(e.startswith("rules/en/717.yaml:") and "has no history of edition 2019-10-04"
               in e for e in errors), errors


def test_a_whole_cr_of_another_edition_than_the_history_fails(project):
    _edit(project / "cr" / "en.json", '"edition": "2026-04-17"', '"edition": "2026-06-12"')
    assert sorted(_errors(project)) == [
        "rules/cr/editions.json:1: the deltas start from the edition of 2026-04-17, but the "
        "whole CR (en.json) is that of 2026-06-12: import the editions again",
        "rules/cr/en.json:4: the whole CR is of edition 2026-06-12, the rule history's newest "
        "is 2026-04-17 (rules/history/rules.yaml): import the same edition into both"]


def test_the_history_newest_wording_must_be_the_whole_crs(project):
    _edit(project / "cr" / "en.json", "abilities don’t trigger because the end of combat step",
          "abilities trigger because the end of combat step")
    errors = _errors(project)
    assert len(errors) == 1 and errors[0].startswith("rules/history/rules.yaml:")
    assert "717.2e: its wording of edition 2026-04-17 (as 724.2e) is not the whole CR's" in errors[0]


def test_an_english_text_must_be_the_historys_wording(project):
    _edit(project / "en" / "104.yaml", "A game ends immediately", "The game ends immediately")
    assert _errors(project) == ["rules/en/104.yaml:13: 104.1 differs from the history's "
                                "wording of edition 2018-07-13 (rules/history/rules.yaml)"]


def test_the_best_bets_are_held_to_their_rules_against_the_bench_beside(project):
    """A phrase a bench query fits whole, a card no rule names, words not in the rules."""
    (project.parent / "bench").mkdir()
    (project.parent / "bench" / "queries.yaml").write_text(
        "queries:\n  - {lang: en, query: \"forfeit the game\", expect: [104.3a]}\n",
        encoding="utf-8")
    _edit(project / "search" / "topics.yaml", "from: [game]\n",
          "from: [game, poison]\n")
    _edit(project / "search" / "topics.yaml", "surrender game", "thassa's oracle")
    cards = project / "audit" / "cards.yaml"  # a card the table knows, which no rule names
    cards.write_text(before_end(cards.read_text(encoding="utf-8"), (
        "  - en: Thassa's Oracle\n    es: Thassa's Oracle\n    it: Thassa's Oracle\n")),
        encoding="utf-8")
    assert _errors(project) == [
        "rules/search/topics.yaml:37: from: 'poison' is neither a glossary term nor words "
        "of the text of 104.3a",
        "rules/search/topics.yaml:37: typed: 'forfeit game' holds the whole of a test query "
        "(bench/queries.yaml:2): a best bet names a concept, never a test's question",
        "rules/search/topics.yaml:37: typed: 'thassa's oracle' names the card Thassa's "
        "Oracle, which neither the CR nor a worked example names"]


def test_the_editions_must_be_the_historys(project):
    _edit(project / "editions.yaml", "file: rules_20191004.txt", "file: rules_20191005.txt")
    errors = _errors(project)
    assert errors == ["rules/editions.yaml:24: edition 2019-10-04: file rules_20191005.txt, "
                      "the rule history's is rules_20191004.txt"], errors


def test_titles_cut_short_fail(project):
    path = project / "history" / "titles.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    path.write_text(whole("\n".join(lines[:-4])), encoding="utf-8")  # its end line put back
    errors = _errors(project)
    assert errors and all(e.startswith("rules/history/titles.yaml:") for e in errors), errors
    assert any("cut short" in e for e in errors), errors


def test_a_translation_citing_another_rule_than_its_english_fails(project):
    _edit(project / "es" / "104.yaml", "regla 704.)", "regla 705.)")
    errors = _errors(project)
    assert "rules/es/104.yaml:45: 104.3b cites 705 where its English of 2018-07-13 cites 704" \
        in errors


def test_a_waived_citation_passes(project):
    _edit(project / "es" / "104.yaml", "regla 704.)", "regla 705.)")
    waivers = project / "waivers.yaml"
    waivers.write_text(before_end(waivers.read_text(encoding="utf-8"), "".join(
        f"""  - lang: es
    rule: "104.3{letter}"
    check: cross-references
    key: cites 705 not 704
    reason: a test
    by: a judge
    date: 2026-01-01
""" for letter in "bcd")), encoding="utf-8")
    validate_folder(project)


def test_a_translation_cut_mid_sentence_fails(project):
    path = project / "es" / "717.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    cut = next(i for i in range(len(lines) - 1, 0, -1) if "cualquier otro momento" in lines[i])
    path.write_text(whole("\n".join(lines[:cut + 1])), encoding="utf-8")  # end line put back
    errors = _errors(project)
    assert errors == ["rules/es/717.yaml:97: 717.2g ends mid-sentence (“…cualquier otro momento "
                      "que no”), where its English ends one: is the file cut short?"], errors


def test_a_translation_that_lost_its_last_rules_fails(project):
    path = project / "it" / "104.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(whole(text[:text.index('  - number: "104.6"')]), encoding="utf-8")
    errors = _errors(project)
    assert any(e.startswith("rules/it/104.yaml:") and e.endswith(
        "the text ends with 104.5, its English of 2018-07-13 with 104.6: is the file cut "
        "short?") for e in errors), errors


@pytest.mark.parametrize("date", ["!!timestamp xx", "2026-02-30"])
def test_a_date_its_tag_cannot_read_is_one_error_at_its_line(tiny, date):
    """PyYAML's timestamp constructor fails on `!!timestamp xx` with an AttributeError of its
    own: validate reports it as it reports a day that is not in the calendar."""
    path = tiny / "editions.yaml"
    text = path.read_text(encoding="utf-8")
    line = next(n for n, l in enumerate(text.splitlines(), 1) if "effective:" in l)
    head, _, tail = text.partition("effective: ")
    path.write_text(head + "effective: " + date + tail[tail.index("\n"):], encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        validate_folder(tiny)
    shown = date.split()[-1]
    assert [str(e) for e in caught.value.errors] == [
        f"rules/editions.yaml:{line}: effective: '{shown}' is no day of the calendar (write a "
        "date that exists, as YYYY-MM-DD)"]
