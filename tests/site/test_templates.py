"""site/templates.py: the languages' builds compile each template of the theme once."""

from jinja2 import DictLoader, Environment

from tolaria.site.templates import share_compiled


def environment(sources: dict) -> tuple[Environment, list]:
    env = share_compiled(Environment(loader=DictLoader(sources)))
    compiled = []
    compile_ = env.compile

    def counting(source, *args, **kwargs):
        compiled.append(source)
        return compile_(source, *args, **kwargs)

    env.compile = counting
    return env, compiled


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
