"""`tolaria status`: each Spanish and Italian rule against the current edition."""

from __future__ import annotations

import json
import shutil

import pytest
from datetime import date
from hypothesis import given, settings, strategies as st

from tolaria.cli import main
from tolaria.errors import DataErrors
from tolaria.history.status import translation_status, word_counts
from tolaria.numbering import RuleNumber
from tolaria.today.loader import load_rulebook
from tolaria_testing import REPO


def _by_rule(status):
    return {(r.lang, r.number or r.key): r for r in status.rules}


def test_every_translated_rule_has_a_state(book):
    if book.current is None:
        pytest.skip("no rule history in this tree")
    status = translation_status(book)
    found = _by_rule(status)
    for lang in ("es", "it"):
        keys = {r.key for r in status.rules if r.lang == lang}
        translated = {str(s.number) for (l, _n), s in book.sections.items() if l == lang}
        translated |= {str(r.number) for _s, r in book.rules(lang)}
        assert translated <= keys
    stale = found[("es", "702.26d")]
    assert (stale.state, stale.key, stale.since.isoformat(), stale.base.isoformat()) == (
        "stale", "702.25d", "2022-10-07", "2020-11-20")
    assert (stale.changes, stale.inserted, stale.deleted) == (1, 2, 0)  # "and stickers"
    assert found[("es", "724.1")].state == "up-to-date"
    # 724.1a: the same wording, only "716.1f" became "724.1f"
    assert (found[("es", "724.1a")].state, found[("es", "724.1a")].changes) == ("references", 0)
    assert found[("it", "300.6")].state == "retired"  # no counterpart today
    assert found[("it", "702.26p")].state == "untranslated"  # not in the Italian
    assert status.count("es", "stale") == 3


def test_word_counts():
    assert word_counts("a b c", "a x c d") == (2, 1)
    assert word_counts("same", "same") == (0, 0)


_WORDS = st.lists(st.sampled_from(["the", "permanent", "phases", "out", "in", "game"]),
                  max_size=12).map(" ".join)


@settings(max_examples=200, deadline=None)
@given(old=_WORDS, new=_WORDS)
def test_word_counts_add_up(old, new):
    inserted, deleted = word_counts(old, new)
    assert inserted - deleted == len(new.split()) - len(old.split())
    assert (inserted + deleted == 0) == (old.split() == new.split())
    assert inserted <= len(new.split()) and deleted <= len(old.split())


def test_a_rule_brought_up_to_date_records_its_own_base(tmp_path):
    root = tmp_path / "rules"
    shutil.copytree(REPO / "rules", root)
    path = root / "es" / "702.25.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('  - number: "702.25d"\n',
                                 '  - number: "702.25d"\n    base: 2026-04-17\n'), "utf-8")
    book = load_rulebook(root, use_cache=False)
    for _twice in range(2):  # the second from the snapshot in the cache
        cached = load_rulebook(root)
        assert cached.find("es", RuleNumber.parse("702.25d")).base == date(2026, 4, 17)
    found = _by_rule(translation_status(book, ["es"]))
    assert found[("es", "702.26d")].state == "up-to-date"
    assert found[("es", "702.26k")].state == "stale"  # the section's edition still counts
    # a base is a translation's, and later than its section's edition
    for lang, value, message in (("es", "2019-01-01", "is not after the section's edition"),
                                 ("en", "2026-04-17", "only a translated rule has a base")):
        target = root / lang / "702.25.yaml"
        original = target.read_text(encoding="utf-8")
        target.write_text(original.replace('  - number: "702.25b"\n',
                                           f'  - number: "702.25b"\n    base: {value}\n'),
                          "utf-8")
        with pytest.raises(DataErrors) as info:
            load_rulebook(root, use_cache=False)
        assert message in str(info.value.errors[0])
        target.write_text(original, "utf-8")


def test_cli_status(capsys):
    if load_rulebook(REPO / "rules").current is None:
        pytest.skip("no rule history in this tree")
    assert main(["status", "--lang", "it"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Translations against the current edition (April 17, 2026)\n")
    assert "Italian (it): 83 rules; up to date 65, cross-references renumbered 3, stale 3, " \
           "not translated 2, no counterpart today 10" in out
    assert "  104.6: the same wording, its cross-references renumbered since its base (July " \
           "13, 2018); rules/it/104.yaml:" in out
    assert "  702.26k (702.25k in the files): stale since February 7, 2025 (base November " \
           "20, 2020): 1 change, 4 words inserted, 2 deleted; rules/it/702.25.yaml:" in out
    assert "Spanish" not in out
    assert main(["status", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["current"] == "2026-04-17" and set(data["summary"]) == {"es", "it"}
    assert data["summary"]["es"] == {"up-to-date": 67, "references": 3, "stale": 3,
                                     "untranslated": 0, "retired": 10}


def test_status_speaks_the_interface_language(capsys):
    if load_rulebook(REPO / "rules").current is None:
        pytest.skip("no rule history in this tree")
    assert main(["status", "--lang", "es", "--ui-lang", "es"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Las traducciones frente a la edición vigente (17 de abril de "
                          "2026)\n")
    assert "702.26d (702.25d en los archivos): desactualizada desde el 7 de octubre de 2022" \
        in out and "1 cambio, 2 palabras añadidas, 0 quitadas" in out
    assert "104.6: la misma redacción, con sus referencias renumeradas desde su base" in out
