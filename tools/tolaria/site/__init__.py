"""The static site: mkdocs-material pages rendered from the rulebook model, one build per language."""
