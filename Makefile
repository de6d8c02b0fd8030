# Build, play and test the static site.
#   make play   install the runtime if needed, build dist/, serve it (prints the URL)
#   make icons  redraw the app icons (assets/icons/*.png, committed) after a design change
#   make test   set up everything on a fresh Debian (Python 3.11, Node 20, root), build,
#               lint, type-check (mypy, strict) and run the tests (Chromium, Firefox ESR and WebKitGTK among them);
#               this is what .ci/run runs.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
PYTHON ?= python3
# Test tools go in a virtual environment: Debian's own Python refuses system-wide pip
# installs (PEP 668), and a venv keeps the team's pins away from the machine's packages.
VENV ?= .venv
VPY := $(VENV)/bin/python
PORT ?= 8000
NPM_FLAGS := --no-audit --no-fund --loglevel=error
PIP_FLAGS := --quiet --disable-pip-version-check --root-user-action=ignore

.PHONY: play test build deps chromium engines pydeps builddeps icons venv

# npm ci only when node_modules/ is missing or older than the lock files; npm ci rewrites
# node_modules/.package-lock.json, which makes it the stamp.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci $(NPM_FLAGS)

deps: node_modules/.package-lock.json

# The build compiles the translation catalogs with Babel: in the venv, from requirements-build.txt.
build: deps builddeps
	$(VPY) tools/build.py

# dist/ includes sw.js: a browser that opened the site before offers "A new version is
# ready" after a rebuild (docs/offline.md).
play: build
	$(VPY) tools/serve.py --port $(PORT)

icons:
	$(PYTHON) tools/make_icons.py

# Debian's Chromium for the browser tests (Playwright's own download is not reachable).
chromium:
	@if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null; then \
	  echo "make: installing chromium with apt-get"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi

# Firefox ESR and WebKitGTK for tests/engines/ (docs/engines.md), from Debian too: firefox-esr
# (driven by npm's puppeteer-core over WebDriver BiDi), webkit2gtk-driver (WebKitWebDriver
# and the MiniBrowser it drives) and xvfb (MiniBrowser has no headless mode). Only the
# missing ones, after one apt-get update.
ENGINE_BINARIES := /usr/bin/firefox-esr:firefox-esr /usr/bin/WebKitWebDriver:webkit2gtk-driver /usr/bin/Xvfb:xvfb
engines:
	@missing=""; for pair in $(ENGINE_BINARIES); do \
	  [ -x "$${pair%%:*}" ] || missing="$$missing $${pair#*:}"; \
	done; \
	if [ -n "$$missing" ] && command -v apt-get >/dev/null; then \
	  echo "make: installing$$missing with apt-get"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

$(VPY):
	@$(PYTHON) -m venv $(VENV) 2>/dev/null || { \
	  echo "make: installing python3-venv with apt-get"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null; \
	  rm -rf $(VENV); $(PYTHON) -m venv $(VENV); }

venv: $(VPY)

pydeps: venv
	$(VPY) -m pip install $(PIP_FLAGS) -r requirements-dev.txt

# Only what the build needs (make play), pip's own check when already there.
builddeps: venv
	$(VPY) -m pip install $(PIP_FLAGS) -r requirements-build.txt

# pytest exits 5 when it collected no test: that must fail, not pass.
test: chromium engines pydeps build
	$(VPY) -m ruff check .
	$(VPY) -m mypy
	@rc=0; $(VPY) -m pytest || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make: pytest ran no tests" >&2; exit 1; fi; exit $$rc
