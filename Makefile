# Tolaria: every target sets up what it needs. From a fresh clone:
#   make serve   set everything up, build the site and serve it on localhost (the main job);
#                PORT=8001 picks the port (default 8000), WATCH=1 rebuilds as the sources change
#   make test    set everything up and run the whole test suite (what CI runs)
PYTHON ?= python3
# Bytecode is kept as an ordinary installation keeps it: where the environment says not to
# write it (container images often do), every process the tests start would compile each
# module of the package again.
unexport PYTHONDONTWRITEBYTECODE
PORT   ?= 8000
WATCH  ?=
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

# a Debian package, installed when missing (the machine's only other package source)
APT_INSTALL := apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq

.PHONY: setup test serve validate fmt contract bench extract update compile clean docs vendor npm fetched browser chromium site lighthouse

# uv installs the pinned packages (from PyPI, as pip would) in a few seconds where pip takes
# about twenty. The machine's pip fetches uv into $(VENV)/uv; the venv itself is made without
# pip (ensurepip takes some 8 s). Modules compile as they are imported.
UV_VERSION := 0.13.9
UV := $(VENV)/uv/bin/uv

$(STAMP): pyproject.toml
	$(PYTHON) -m venv --without-pip $(VENV)
	$(PYTHON) -m pip install --quiet --disable-pip-version-check --root-user-action=ignore \
	  --upgrade --target $(VENV)/uv uv==$(UV_VERSION)
	$(UV) pip install --quiet --python $(BIN)/python -e '.[test]'
	touch $(STAMP)

setup: $(STAMP) compile

compile: $(STAMP)
	$(BIN)/pybabel compile --domain tolaria --directory locales --use-fuzzy --statistics 2>&1 | grep -v '^$$' || true

extract: $(STAMP)
	$(BIN)/pybabel extract --mapping babel.cfg --output locales/tolaria.pot \
	  --project Tolaria --copyright-holder "Tolaria contributors" --msgid-bugs-address "" \
	  --no-wrap --sort-output --no-location --omit-header --keywords N_ tools/tolaria

update: extract
	$(BIN)/pybabel update --domain tolaria --input-file locales/tolaria.pot --output-dir locales \
	  --no-wrap --ignore-obsolete --no-fuzzy-matching
	sed -i '/^#: /d' locales/*/LC_MESSAGES/tolaria.po  # no source locations: they churn on every edit

# npm, from Debian's packages when missing: the site's scripts and Lighthouse come from the
# npm registry.
npm:
	@command -v npm >/dev/null || ($(APT_INSTALL) npm)

# The site's diagram library, from the npm registry (kept in build/, never committed).
MERMAID_VERSION := 11.17.2
MERMAID := build/vendor/mermaid.min.js

$(MERMAID): | npm
	rm -rf build/vendor/unpack && mkdir -p build/vendor/unpack
	cd build/vendor/unpack && npm pack --silent mermaid@$(MERMAID_VERSION) >/dev/null && \
	  tar -xzf mermaid-$(MERMAID_VERSION).tgz package/dist/mermaid.min.js
	mv build/vendor/unpack/package/dist/mermaid.min.js $(MERMAID) && rm -rf build/vendor/unpack

# The Snowball stemmers of the site's search (the same algorithms as Whoosh's), from the npm registry.
SNOWBALL_VERSION := 0.6.0
SNOWBALL := build/vendor/snowball-stemmers.js

$(SNOWBALL): | npm
	rm -rf build/vendor/unpack-snowball && mkdir -p build/vendor/unpack-snowball
	cd build/vendor/unpack-snowball && npm pack --silent snowball-stemmers@$(SNOWBALL_VERSION) >/dev/null && \
	  tar -xzf snowball-stemmers-$(SNOWBALL_VERSION).tgz package/snowball-stemmers.js
	mv build/vendor/unpack-snowball/package/snowball-stemmers.js $(SNOWBALL) && rm -rf build/vendor/unpack-snowball

vendor: $(MERMAID) $(SNOWBALL)

# What `make test` fetches while the environment's packages install (each waits on its
# registry): the browser, then the scripts (each may install a Debian package, and apt
# installs one at a time).
fetched:
	@$(MAKE) --no-print-directory browser
	@$(MAKE) --no-print-directory vendor

# The browsers, from Debian's packages (Playwright drives them; no browser download): the
# site's tests run chromium-headless-shell, Chromium without the desktop browser around it;
# the benchmarks measure the browser readers run, chromium.
browser:
	@test -x /usr/bin/chromium-headless-shell || ($(APT_INSTALL) chromium-headless-shell)

chromium:
	@test -x /usr/bin/chromium || ($(APT_INSTALL) chromium)

# Lighthouse (mobile) on a rule page of each language and the home page, served by `tolaria
# serve`, in Debian's Chromium: prints the four scores per page. From the npm registry, into build/.
LIGHTHOUSE_VERSION := 12.2.3
LIGHTHOUSE := build/lighthouse/node_modules/.bin/lighthouse

$(LIGHTHOUSE): | npm
	mkdir -p build/lighthouse
	cd build/lighthouse && npm install --silent --no-audit --no-fund --prefix . lighthouse@$(LIGHTHOUSE_VERSION) >/dev/null

lighthouse: setup vendor chromium $(LIGHTHOUSE)
	CHROME_PATH=/usr/bin/chromium LIGHTHOUSE=$(LIGHTHOUSE) $(BIN)/python bench/bench_lighthouse.py

site: setup vendor
	NO_MKDOCS_2_WARNING=1 $(BIN)/tolaria site --out site

# validate first: a data error is reported as file:line before the suite runs (the suite's
# own tests run validate and fmt --check on the project too)
test:
	@$(MAKE) --no-print-directory -j2 setup fetched
	$(BIN)/tolaria validate
	$(BIN)/python -m pytest -n auto --durations=25

serve: setup vendor
	$(BIN)/tolaria validate
	NO_MKDOCS_2_WARNING=1 $(BIN)/tolaria serve --out site --port $(PORT)$(if $(WATCH), --watch)

validate: setup
	$(BIN)/tolaria validate

fmt: setup
	$(BIN)/tolaria fmt

# The search's contract (docs/search-contract.yaml) rewritten with what the CLI's search gives
# now, after a ranking changed on purpose: the diff is the change.
contract: setup
	$(BIN)/python tests/search_contract.py

# Every benchmark in bench/, its figures written to docs/benchmarks.md (Lighthouse included).
bench: setup vendor chromium $(LIGHTHOUSE)
	$(BIN)/python bench/report.py

clean:
	rm -rf $(VENV) site build

docs: setup
	COLUMNS=100 $(BIN)/python -m tolaria.cli.reference > docs/cli.md
