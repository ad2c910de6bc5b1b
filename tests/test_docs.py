"""The documentation a user reads: README.md stays short, and every link in it and in docs/
opens a file of the repository."""

from __future__ import annotations

import re

import pytest

from tolaria_testing import REPO

PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_the_readme_is_at_most_200_lines():
    assert len((REPO / "README.md").read_text(encoding="utf-8").splitlines()) <= 200


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_every_link_opens_a_file(page):
    targets = [m[1] for m in LINK.finditer(page.read_text(encoding="utf-8"))
               if not re.match(r"[a-z]+:", m[1])]
    missing = [t for t in targets if not (page.parent / t).exists()]
    assert missing == []
