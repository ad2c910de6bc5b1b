"""Build the whole site: mkdocs once per language into DIR/en, DIR/es, DIR/it, plus a root page."""

from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager
from html import escape

from ..errors import UserError
from ..i18n import _
from ..model import LANGUAGES
from urllib.parse import urlsplit
import json
from .. import i18n
import logging
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort, ConfigurationError, PluginError
from ..search import engine_for
from ..today.loader import load_rulebook
from .search import stemmers_path

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
CONFIG = os.path.join(REPO, "mkdocs.yml")
# The site's icon (the language folders have it as assets/favicon.svg): no request that fails.
FAVICON = os.path.join(os.path.dirname(os.path.abspath(__file__)), "docs", "assets",
                       "favicon.svg")

ROOT_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tolaria</title>
<link rel="icon" href="favicon.svg" type="image/svg+xml">
<script>
(function () {{
  var known = {known};
  var wanted = (navigator.languages || [navigator.language || "en"]);
  for (var i = 0; i < wanted.length; i++) {{
    var code = String(wanted[i]).toLowerCase().split("-")[0];
    if (known.indexOf(code) >= 0) {{ location.replace(code + "/" + location.hash); return; }}
  }}
  location.replace("en/" + location.hash);
}})();
</script>
<style>body{{font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;
padding:0 1rem;line-height:1.6}}a{{display:block;font-size:1.2rem}}</style>
</head>
<body>
<h1>Tolaria</h1>
{links}
</body>
</html>
"""

NATIVE = {"en": "English", "es": "Español", "it": "Italiano"}

# The root's 404.html, for static hosts that answer every missing address with it (GitHub
# Pages, Netlify): the not-found words in each language, the one of the address's language
# folder (/tolaria/es/nothing → es) or else of the browser shown; its links are relative to
# a <base> at the site's root as found in the address (else {root}, site_url's path), and
# its search box opens the theme's search of that language (Material reads ?q=). With
# scripts, it becomes that language's own 404 page (LANG/404.html, fetched and written in
# its place, the address kept): the site's search box opened on what was asked.
NOT_FOUND_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>404 · Tolaria</title>
<script>
(function () {{
  var known = {known}, root = {root}, lang = null
  var parts = location.pathname.split("/")
  for (var i = parts.length - 1; i > 0 && !lang; i--)
    if (known.indexOf(parts[i]) >= 0) {{
      root = parts.slice(0, i).join("/") + "/"
      lang = parts[i]
    }}
  var wanted = navigator.languages || [navigator.language || "en"]
  for (var j = 0; j < wanted.length && !lang; j++) {{
    var code = String(wanted[j]).toLowerCase().split("-")[0]
    if (known.indexOf(code) >= 0) lang = code
  }}
  var base = document.createElement("base")
  base.href = root
  document.head.appendChild(base)
  var shown = lang || known[0]
  document.documentElement.lang = shown
  document.documentElement.setAttribute("data-lang", shown)
  if (!window.fetch) return
  var reveal = function () {{ document.documentElement.classList.remove("t-loading") }}
  document.documentElement.classList.add("t-loading")
  var timer = setTimeout(reveal, 4000)
  fetch(root + shown + "/404.html").then(function (response) {{
    if (!response.ok) throw new Error(String(response.status))
    return response.text()
  }}).then(function (page) {{
    clearTimeout(timer)
    document.open()
    document.write(page)
    document.close()
  }}).catch(function () {{ clearTimeout(timer); reveal() }})
}})()
</script>
<link rel="icon" href="favicon.svg" type="image/svg+xml">
<style>body{{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;
padding:0 1rem;line-height:1.6}}.t-loading body{{visibility:hidden}}
section{{display:none}}{shown}
input{{font:inherit;width:100%;box-sizing:border-box;padding:.4rem;margin:.3rem 0}}
nav a{{margin-right:1rem}}</style>
</head>
<body>
{sections}
<nav>{links}</nav>
</body>
</html>
"""

NOT_FOUND_SECTION = """<section lang="{lang}">
<h1>404 · {title}</h1>
<p>{hint}</p>
<form action="{lang}/" method="get" role="search"><label>{search}
<input type="search" name="q"></label> <button type="submit">{button}</button></form>
<p><a href="{lang}/">{home}</a></p>
</section>"""


def write_root_page(out_dir: str, languages=LANGUAGES, site_url: str | None = None) -> str:
    """The pages at the site's root: index.html sends a visitor to their browser's language;
    404.html says, in their language, that an address has no page."""
    links = "\n".join(f'<a href="{l}/" hreflang="{l}" lang="{l}">{escape(NATIVE[l])}</a>'
                      for l in languages)
    path = os.path.join(out_dir, "index.html")
    os.makedirs(out_dir, exist_ok=True)
    shutil.copyfile(FAVICON, os.path.join(out_dir, "favicon.svg"))
    known = repr(list(languages)).replace("'", '"')
    with open(path, "w", encoding="utf-8") as stream:
        stream.write(ROOT_PAGE.format(known=known, links=links))
    with open(os.path.join(out_dir, "404.html"), "w", encoding="utf-8") as stream:
        stream.write(_not_found_page(languages, known, links, site_url))
    return path


def site_root(site_url: str | None) -> str:
    """The path of the site's root on its host: site_url's ("/tolaria/"), else "/"."""
    return urlsplit(site_url or "/").path.rstrip("/") + "/"


def _not_found_page(languages, known: str, links: str, site_url: str | None) -> str:
    interface = i18n.current_language()
    sections = []
    try:
        for lang in languages:
            i18n.set_language(lang)
            sections.append(NOT_FOUND_SECTION.format(
                lang=lang, title=escape(_("Page not found")),
                hint=escape(_("This address has no page. The rules start at the home page.")),
                search=escape(_("Search the rules:")), button=escape(_("Search")),
                home=escape(_("Home"))))
    finally:
        i18n.set_language(interface)
    root = site_root(site_url)
    first = languages[0] if languages else "en"
    shown = (f'html:not([data-lang]) section[lang="{first}"],'
             + ",".join(f'html[data-lang="{l}"] section[lang="{l}"]' for l in languages)
             + "{display:block}")
    return NOT_FOUND_PAGE.format(known=known, root=json.dumps(root), shown=shown,
                                 sections="\n".join(sections), links=links)


@contextmanager
def _environment(**values):
    old = {k: os.environ.get(k) for k in values}
    os.environ.update({k: v for k, v in values.items() if v is not None})
    try:
        yield
    finally:
        for key, value in old.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def build_site(out_dir, rules=None, languages=LANGUAGES, strict: bool = True) -> str:
    """Build every language of the site into out_dir; returns out_dir.

    Raises DataErrors for a bad rulebook and UserError when mkdocs fails."""
    book = load_rulebook(rules)  # a bad corpus fails here, with every error as file:line
    # the search index opened (built if need be) once, before the languages' builds switch
    # the interface's language: a warning about it (a cache that cannot be written) is
    # worded in the user's; each language's build reads this book, and so this engine
    engine_for(book)
    # mkdocs-material prints a banner about MkDocs 2 on every build unless this is set.
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    out_dir = os.path.abspath(str(out_dir))
    site_url = None
    interface = i18n.current_language()
    rules_env = os.path.abspath(str(rules)) if rules else None
    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    # mkdocs empties its folder first and writes each page in place: it builds into a hidden
    # folder beside out_dir instead, whose files then replace the old ones one by one
    parent, name = os.path.split(out_dir)
    os.makedirs(parent, exist_ok=True)
    staging = tempfile.mkdtemp(prefix=f".{name}.building-", dir=parent)
    _under_way["book"] = book
    try:
        try:
            for lang in languages:
                with _environment(TOLARIA_SITE_LANG=lang, TOLARIA_RULES=rules_env):
                    config = load_config(CONFIG, site_dir=staging, strict=strict)
                    stemmers_path(config)  # missing: say what to run (mkdocs would not)
                    site_url = config.site_url
                    build(config)
        except (Abort, ConfigurationError, PluginError) as exc:
            raise UserError(_("site build failed: {problem}").format(problem=exc)) from None
        finally:
            i18n.set_language(interface)
        write_root_page(staging, languages, site_url)
        _publish(staging, out_dir, languages)
    finally:
        _under_way.clear()
        shutil.rmtree(staging, ignore_errors=True)
    return out_dir


_under_way: dict = {}  # the rulebook of the build under way (build_site)


def rulebook_under_way():
    """The rulebook build_site loaded for the build under way, with its search engine open
    (the hooks read it in each language, where they would load it, and open the engine,
    again); None when mkdocs runs alone."""
    return _under_way.get("book")


def _publish(staging: str, out_dir: str, languages) -> None:
    """Move every file of the new site into out_dir (each os.replace is atomic: a stopped
    build leaves every file whole, old or new), then remove what the language folders held
    that the new site has not (as mkdocs' own emptying of its folder did)."""
    published = set()
    for folder, _dirs, files in os.walk(staging):
        target = os.path.normpath(os.path.join(out_dir, os.path.relpath(folder, staging)))
        os.makedirs(target, exist_ok=True)
        for file in files:
            os.replace(os.path.join(folder, file), os.path.join(target, file))
            published.add(os.path.join(target, file))
    for lang in languages:
        for folder, _dirs, files in os.walk(os.path.join(out_dir, lang), topdown=False):
            for file in files:
                if os.path.join(folder, file) not in published:
                    os.unlink(os.path.join(folder, file))
            if not os.listdir(folder):
                os.rmdir(folder)
