"""A start of `tolaria serve` reuses a built site whose sources have not changed."""

from __future__ import annotations

import pytest

from tolaria.cli import main


@pytest.fixture
def builds(monkeypatch):
    """build_site replaced by a quick one that writes a page: the folders it was asked for."""
    from tolaria.site import freshness

    made = []

    def build_site(out, rules=None, **_options):
        import os

        made.append(str(out))
        os.makedirs(str(out), exist_ok=True)
        with open(os.path.join(str(out), "index.html"), "w", encoding="utf-8") as stream:
            stream.write(f"<p>{len(made)}</p>")
        return str(out)

    monkeypatch.setattr(freshness, "build_site", build_site)
    return made


def test_the_same_sources_are_built_once(tiny, tmp_path, builds):
    from tolaria.site.freshness import STAMP, build_if_changed, fingerprint

    out = tmp_path / "site"
    first = build_if_changed(out, tiny)
    second = build_if_changed(out, tiny)
    assert first == second == fingerprint(tiny)
    assert builds == [str(out)]
    assert (out / STAMP).read_text(encoding="ascii").strip() == first


@pytest.mark.parametrize("change", ["edit", "add", "remove"])
def test_a_changed_rulebook_is_built_again(tiny, tmp_path, builds, change):
    from tolaria.site.freshness import build_if_changed

    out = tmp_path / "site"
    before = build_if_changed(out, tiny)
    path = tiny / "es" / "104.yaml"
    if change == "edit":
        path.write_text(path.read_text(encoding="utf-8").replace("juego", "partida", 1),
                        encoding="utf-8")
    elif change == "add":
        (tiny / "examples").mkdir(exist_ok=True)
        (tiny / "examples" / "999.yaml").write_text("examples: []\n...\n", encoding="utf-8")
    else:
        (tiny / "glossary.yaml").unlink()
    after = build_if_changed(out, tiny)
    assert after != before and len(builds) == 2


def test_the_same_contents_touched_again_are_not_built_again(tiny, tmp_path, builds):
    import os

    from tolaria.site.freshness import build_if_changed

    out = tmp_path / "site"
    build_if_changed(out, tiny)
    os.utime(tiny / "es" / "104.yaml", (1, 1))
    build_if_changed(out, tiny)
    assert len(builds) == 1


def test_an_unfinished_build_is_built_again(tiny, tmp_path, builds, monkeypatch):
    from tolaria.site import freshness
    from tolaria.site.freshness import STAMP, build_if_changed

    out = tmp_path / "site"
    build_if_changed(out, tiny)
    quick = freshness.build_site

    def stopped(out, rules=None):
        raise KeyboardInterrupt  # stopped half way

    monkeypatch.setattr(freshness, "build_site", stopped)
    path = tiny / "es" / "104.yaml"
    original = path.read_text(encoding="utf-8")
    path.write_text(original + "\n", encoding="utf-8")
    with pytest.raises(KeyboardInterrupt):
        build_if_changed(out, tiny)
    assert not (out / STAMP).exists()
    path.write_text(original, encoding="utf-8")  # the sources of the site there before
    monkeypatch.setattr(freshness, "build_site", quick)
    build_if_changed(out, tiny)
    assert len(builds) == 2  # the folder may be half old, half new: built again


def test_the_fingerprint_covers_the_code_the_catalogs_and_the_config(tiny):
    from tolaria.site import freshness

    files = set(freshness.source_files(tiny))
    assert freshness.CONFIG in files
    assert any(f.endswith("site/hooks.py") for f in files)
    assert any(f.endswith("es/LC_MESSAGES/tolaria.po") for f in files)
    assert str(tiny / "es" / "104.yaml") in files
    assert not any("__pycache__" in f for f in files)
    # what serves the site, or runs the commands, builds none of it
    assert not any(f.endswith(("site/serve.py", "site/watch.py", "cli/serve.py"))
                   for f in files)


def test_the_fingerprint_does_not_depend_on_where_the_rules_are(tiny, tmp_path):
    import shutil

    from tolaria.site.freshness import fingerprint

    elsewhere = tmp_path / "elsewhere" / "rules"
    shutil.copytree(tiny, elsewhere)
    assert fingerprint(tiny) == fingerprint(elsewhere)


def test_serve_says_it_reuses_the_site(tiny, tmp_path, builds, capsys, monkeypatch):
    from tolaria.site import serve

    def stopped(*args, **kwargs):
        server = real(*args, **kwargs)

        def stop():
            raise KeyboardInterrupt
        server.serve_forever = stop
        return server

    real = serve.make_server
    monkeypatch.setattr(serve, "make_server", stopped)
    out = tmp_path / "site"
    command = ["serve", "--out", str(out), "--port", "0", "--rules", str(tiny), "--lang", "en"]
    assert main(command) == 0
    first = capsys.readouterr().out
    assert main(command) == 0
    second = capsys.readouterr().out
    assert first.startswith(f"Building the site into {out} ...\nServing the rules at ")
    assert second.startswith(f"The site in {out} is up to date: its sources have not "
                             "changed\nServing the rules at ")
    assert len(builds) == 1
