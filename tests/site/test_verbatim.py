"""site/verbatim.py: a page's raw HTML hidden from Markdown comes out as Markdown wrote it."""

import markdown
import pytest

from tolaria.site.verbatim import TOKEN, hide, restore

EXTENSIONS = ["attr_list", "md_in_html", "pymdownx.superfences"]
LONG = "<p>" + "A rule’s text, with <a href=\"../104/#104.3a\">104.3a</a> & more. " * 4 + "</p>"


def convert(text: str) -> str:
    return markdown.Markdown(extensions=EXTENSIONS).convert(text)


def through(text: str) -> str:
    hidden_text, hidden = hide(text)
    return restore(convert(hidden_text), hidden)


PAGES = {
    "blocks on one line": f'<h1 id="702">702. Keyword Abilities</h1><div class="t-meta">{LONG}'
                          f'</div><div class="t-rules"><div class="t-rule">{LONG}</div></div>',
    "blocks on lines": f'<h1>What changed</h1>\n<div class="t-change">{LONG}</div>\n\n\n\n'
                       f'<div class="t-rules">\n<div class="t-rule">{LONG}</div>\n</div>\n',
    "paragraph between": f'<div class="t-meta">{LONG}</div>\n<span id="723"></span>'
                         f'<p>723 until 2026</p>\n\n\n<div class="t-rules">{LONG}</div>\n',
    "markdown inside": f'<div class="t-diagram" markdown="1">\n\n**bold** {LONG}\n\n</div>\n'
                       f'<div>{LONG}</div>',
    "text first": f"Some *Markdown* text.\n\n<div>{LONG}</div>\n\nMore *text*.\n",
    "inline element": f'<span>{LONG}</span>\n<div>{LONG}</div>',
    "tab inside": f"<div>{LONG}\n\tindented *x*</div>",
    "fence inside": f"<div>{LONG}\n```\ncode\n```\n</div>",
    "comment inside": f"<div>{LONG}<!-- a <div> in a comment --></div><div>{LONG}</div>",
    "nested same tag": f"<div><div>{LONG}</div><div>{LONG}</div></div>\n<div>{LONG}</div>",
    "unclosed": f"<div>{LONG}<div>{LONG}</div>",
}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_a_page_comes_out_as_markdown_writes_it(name):
    assert through(PAGES[name]) == convert(PAGES[name])


def test_the_raw_blocks_content_is_hidden_from_markdown():
    text = PAGES["blocks on one line"]
    hidden_text, hidden = hide(text)
    assert hidden_text == (f'<h1 id="702">702. Keyword Abilities</h1><div class="t-meta">'
                           f'{TOKEN}0.</div><div class="t-rules">{TOKEN}1.</div>')
    assert hidden == [LONG, f'<div class="t-rule">{LONG}</div>']


def test_markdown_after_a_paragraph_and_a_blank_line_is_hidden_again():
    hidden_text, hidden = hide(PAGES["paragraph between"])
    assert hidden_text.count(TOKEN) == 2 and hidden == [LONG, LONG]


@pytest.mark.parametrize("name", ["markdown inside", "tab inside", "fence inside",
                                  "comment inside", "unclosed", "text first"])
def test_what_markdown_reads_is_left_to_it(name):
    hidden_text, hidden = hide(PAGES[name])
    assert "*" not in "".join(hidden) and "\t" not in "".join(hidden)
    assert "<!--" not in "".join(hidden) and "```" not in "".join(hidden)
    if name in ("markdown inside", "tab inside", "fence inside", "unclosed"):
        assert hidden == [] and hidden_text == PAGES[name]


def test_a_page_with_a_tokens_text_is_left_whole():
    text = f"<div>{LONG} {TOKEN}0.</div>"
    assert hide(text) == (text, [])
    assert through(text) == convert(text)


def test_small_blocks_stay_in_place():
    assert hide("<h1>Title</h1><div>short</div>") == ("<h1>Title</h1><div>short</div>", [])
