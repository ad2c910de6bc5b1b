# Tolaria: every target sets up what it needs. From a fresh clone:
#   make serve   set everything up, build the site and serve it on localhost (the main job)
#   make test    set everything up and run the whole test suite (what CI runs)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: setup test serve validate fmt bench extract update compile clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP) compile

compile: $(STAMP)
	$(BIN)/pybabel compile --domain tolaria --directory locales --use-fuzzy --statistics 2>&1 | grep -v '^$$' || true

extract: $(STAMP)
	$(BIN)/pybabel extract --mapping babel.cfg --output locales/tolaria.pot \
	  --project Tolaria --copyright-holder "Tolaria contributors" --msgid-bugs-address "" \
	  --no-wrap --sort-by-file --omit-header tools/tolaria

update: extract
	$(BIN)/pybabel update --domain tolaria --input-file locales/tolaria.pot --output-dir locales \
	  --no-wrap --omit-header --ignore-obsolete --no-fuzzy-matching

test: setup
	$(BIN)/tolaria fmt --check
	$(BIN)/tolaria validate
	$(BIN)/python -m pytest

serve: setup
	$(BIN)/tolaria validate

validate: setup
	$(BIN)/tolaria validate

fmt: setup
	$(BIN)/tolaria fmt

bench: setup
	$(BIN)/python bench/bench_show.py

clean:
	rm -rf $(VENV) site build
