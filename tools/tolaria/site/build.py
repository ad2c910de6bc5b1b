"""Build the whole site: mkdocs once per language into DIR/en, DIR/es, DIR/it, plus a root page."""

from __future__ import annotations

import os
import shutil
from contextlib import contextmanager
from html import escape

from ..errors import UserError
from ..i18n import _
from ..model import LANGUAGES

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


def write_root_page(out_dir: str, languages=LANGUAGES) -> str:
    """The page at the site's root: sends a visitor to their browser's language."""
    links = "\n".join(f'<a href="{l}/" hreflang="{l}" lang="{l}">{escape(NATIVE[l])}</a>'
                      for l in languages)
    path = os.path.join(out_dir, "index.html")
    os.makedirs(out_dir, exist_ok=True)
    shutil.copyfile(FAVICON, os.path.join(out_dir, "favicon.svg"))
    with open(path, "w", encoding="utf-8") as stream:
        stream.write(ROOT_PAGE.format(known=repr(list(languages)).replace("'", '"'),
                                      links=links))
    return path


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
    import logging

    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, ConfigurationError, PluginError

    from .. import i18n
    from ..loader import load_rulebook

    load_rulebook(rules)  # a bad corpus fails here, with every error as file:line
    out_dir = os.path.abspath(str(out_dir))
    interface = i18n.current_language()
    rules_env = os.path.abspath(str(rules)) if rules else None
    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    try:
        for lang in languages:
            with _environment(TOLARIA_SITE_LANG=lang, TOLARIA_RULES=rules_env):
                config = load_config(CONFIG, site_dir=out_dir, strict=strict)
                build(config)
    except (Abort, ConfigurationError, PluginError) as exc:
        raise UserError(_("site build failed: {problem}").format(problem=exc)) from None
    finally:
        i18n.set_language(interface)
    write_root_page(out_dir, languages)
    return out_dir
