"""site/templates.py: the languages' builds compile each template of the theme once, and the
next process reads what they compiled from the user's cache; the theme is listed without its
dot folders, and mkdocs copies the same files from it."""

from jinja2 import DictLoader, Environment

from tolaria.site.templates import Compiled, ThemeFiles, lean_environment, share_compiled


def environment(sources: dict, compiled: Compiled | None = None) -> tuple[Environment, list]:
    env = Environment(loader=DictLoader(sources))
    env = share_compiled(env) if compiled is None else share_compiled(env, compiled)
    made = []
    compile_ = env.compile

    def counting(source, *args, **kwargs):
        made.append(source)
        return compile_(source, *args, **kwargs)

    env.compile = counting
    return env, made


def test_a_template_is_compiled_once_for_every_environment():
    sources = {"page.html": "<p>{{ words | upper }}</p>"}
    first, compiled_first = environment(sources)
    second, compiled_second = environment(dict(sources))
    assert first.get_template("page.html").render(words="uno") == "<p>UNO</p>"
    assert second.get_template("page.html").render(words="due") == "<p>DUE</p>"
    assert compiled_first == ["<p>{{ words | upper }}</p>"] and compiled_second == []


def test_a_changed_template_is_compiled_again():
    first, _ = environment({"changed.html": "<p>{{ a }}</p>"})
    assert first.get_template("changed.html").render(a=1) == "<p>1</p>"
    second, compiled = environment({"changed.html": "<b>{{ a }}</b>"})
    assert second.get_template("changed.html").render(a=2) == "<b>2</b>"
    assert compiled == ["<b>{{ a }}</b>"]


def test_the_next_process_reads_the_compiled_templates_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path / "cache"))
    sources = {"kept.html": "<i>{{ a }}</i>", "changed.html": "<p>{{ a }}</p>"}
    first = Compiled()  # a process's builds
    env, made = environment(sources, first)
    assert [env.get_template(n).render(a=1) for n in sources] == ["<i>1</i>", "<p>1</p>"]
    first.save()
    assert len(made) == 2 and list((tmp_path / "cache").rglob("*.marshal"))

    sources["changed.html"] = "<b>{{ a }}</b>"
    env, made = environment(sources, Compiled())  # the next process
    assert [env.get_template(n).render(a=2) for n in sources] == ["<i>2</i>", "<b>2</b>"]
    assert made == ["<b>{{ a }}</b>"]


def test_an_unreadable_cache_file_is_compiled_over(tmp_path, monkeypatch):
    monkeypatch.setenv("TOLARIA_CACHE", str(tmp_path))
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "compiled.marshal").write_bytes(b"\x00not marshal")
    compiled = Compiled()
    env, made = environment({"page.html": "{{ a }}!"}, compiled)
    assert env.get_template("page.html").render(a=3) == "3!" and len(made) == 1
    compiled.save()
    env, made = environment({"page.html": "{{ a }}!"}, Compiled())
    assert env.get_template("page.html").render(a=4) == "4!" and made == []


def _theme_files(config) -> list[str]:
    from mkdocs.structure.files import Files

    files = Files([])
    files.add_files_from_theme(config.theme.get_env(), config)
    return sorted(file.src_uri for file in files)


def test_mkdocs_copies_the_same_files_from_the_theme_listed_without_dot_folders(monkeypatch,
                                                                                  tmp_path):
    from mkdocs.config import load_config

    from tolaria.site.build import CONFIG

    monkeypatch.setenv("TOLARIA_SITE_LANG", "es")
    config = load_config(CONFIG, site_dir=str(tmp_path))
    stock = _theme_files(config)
    listed = len(config.theme.get_env().list_templates())
    lean_environment(config.theme)
    assert _theme_files(config) == stock
    assert any(path.startswith("assets/javascripts/") for path in stock)
    assert listed > 10 * len(config.theme.get_env().list_templates())  # Material's .icons
    assert isinstance(config.theme.get_env().bytecode_cache, Compiled)  # shared, kept


def test_the_listing_leaves_out_dot_folders_and_dot_files(tmp_path):
    for path in ("a.html", "b/c.js", "b/.d/e.svg", ".f/g.svg", "b/.h", "i/j/k.css"):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text("x", encoding="utf-8")
    assert ThemeFiles([str(tmp_path)]).list_templates() == ["a.html", "b/c.js", "i/j/k.css"]
