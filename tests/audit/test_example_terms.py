"""audit.example_terms: the glossary check reads the worked examples' Spanish and Italian
words too: the approved term where their English uses it, no obsolete wording."""

from __future__ import annotations


from tolaria.audit import run_audit
from tolaria.today.loader import load_rulebook


def _edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _example_findings(root, lang, section):
    report = run_audit(load_rulebook(root), langs=[lang], sections=[section], history=False)
    return [f for f in report.findings if f.key.startswith("example ")]


def test_the_projects_examples_use_the_glossarys_terms(project):
    assert _example_findings(project, "it", "104") == []
    assert _example_findings(project, "es", "512") == []


def test_an_italian_example_saying_pareggio_for_patta_is_found(project):
    _edit(project / "examples" / "104.yaml", "la partita è patta\n", "la partita è un pareggio\n")
    found = _example_findings(project, "it", "104")
    assert [(f.rule, f.check, f.severity, f.key) for f in found] == [
        ("104.4", "glossary", "functional", "example all-players-lose-at-once-is-a-draw term draw")]
    assert found[0].file == "rules/examples/104.yaml" and found[0].line > 1
    assert found[0].expected == "“Patta” (glossary, for the English “a draw”)"


def test_a_spanish_example_saying_the_obsolete_fase_final_is_found(project):
    _edit(project / "examples" / "512.yaml", "es: La fase de finalización es el paso final",
          "es: La fase final es el paso final")
    found = _example_findings(project, "es", "512")
    assert sorted((f.rule, f.key) for f in found) == [
        ("512.1", "example ending-phase-has-end-and-cleanup-steps obsolete fase final"),
        ("512.1", "example ending-phase-has-end-and-cleanup-steps term ending-phase")]
    obsolete = next(f for f in found if "obsolete" in f.key)
    assert obsolete.found == ("the obsolete “fase final” in the worked example "
                              "ending-phase-has-end-and-cleanup-steps")
    assert (obsolete.file, obsolete.line) == ("rules/examples/512.yaml", 2)
