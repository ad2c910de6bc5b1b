"""What a page says to machines: its other languages' versions by absolute address (none
without a site_url), and the search dialog's name."""

from __future__ import annotations

from tolaria.site.head import alternates, named_search

THEME = """<head>
          <link rel="alternate" href="../../en/" hreflang="en">
          <link rel="alternate" href="../../es/" hreflang="es">
      <link rel="icon" href="../assets/favicon.svg">
</head><div class="md-search" data-md-component="search" role="dialog">"""


def test_without_a_site_url_no_page_names_another_language_by_a_relative_address():
    out = alternates(THEME, "702.26/", None)
    assert "hreflang" not in out and '<link rel="icon"' in out


def test_with_a_site_url_each_language_names_the_same_page_absolutely():
    out = alternates(THEME, "702.26/", "https://example.org/tolaria/")
    assert '<link rel="alternate" href="https://example.org/tolaria/en/702.26/" hreflang="en">' in out
    assert '<link rel="alternate" href="https://example.org/tolaria/es/702.26/" hreflang="es">' in out
    assert "../../" not in out


def test_the_search_dialog_has_a_name_in_the_pages_language():
    out = named_search(THEME, "Buscar")
    assert 'role="dialog" aria-label="Buscar"' in out
