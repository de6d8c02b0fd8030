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

.PHONY: play test build deps chromium engines faketime pydeps builddeps icons venv clock-check

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

# libfaketime (Debian's faketime) for the CPython suite's clock (docs/testing.md, "The clock").
faketime:
	@if ! command -v faketime >/dev/null && command -v apt-get >/dev/null; then \
	  echo "make: installing faketime with apt-get"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null; \
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

# The tests run as two pytest commands side by side (docs/testing.md):
# - the browsers' (Chromium, Firefox, WebKit) on TEST_WORKERS pytest-xdist workers, a test
#   module's tests on one worker (they share its booted page), the engines' on one;
# - the CPython suite with the clock a year ahead at 23:59 in UTC-12 (libfaketime; the POSIX
#   zone "<-12>+12" is twelve hours behind UTC): a test that reads the machine's day fails.
# Both build the site in one folder (TEST_SITE_FOLDER), whichever comes first.
# Its output is kept in .clock-test.log and shown after the browsers'. pytest exits 5 when it
# collected no test: that must fail, not pass.
TEST_WORKERS ?= 3
CPYTHON_TESTS := -m "not browser and not engines"
CLOCK_AHEAD = $(shell date -d '+1 year' +%F) 23:59:00
ON_CLOCK = faketime -f "@$(CLOCK_AHEAD)" env TZ=$(1)
PYTEST_RC = if [ $$rc -eq 5 ]; then echo "make: pytest ran no tests ($(1))" >&2; rc=1; fi

# No `build` first: the tests build the site they serve themselves (tests/conftest.py), once.
test: chromium engines faketime pydeps deps
	$(VPY) -m ruff check .
	$(VPY) -m mypy
	@rm -f .clock-test.log; export TEST_SITE_FOLDER=$$(mktemp -d); trap 'rm -rf "$$TEST_SITE_FOLDER"' EXIT; \
	$(call ON_CLOCK,'<-12>+12') $(VPY) -m pytest $(CPYTHON_TESTS) -n 2 -q -p no:cacheprovider --durations=8 > .clock-test.log 2>&1 & clock=$$!; \
	rc=0; $(VPY) -m pytest -n $(TEST_WORKERS) --dist loadgroup -m "browser or engines" --durations=8 || rc=$$?; \
	$(call PYTEST_RC,browsers); browsers=$$rc; \
	rc=0; wait $$clock || rc=$$?; \
	echo "--- the CPython suite, its clock at $(CLOCK_AHEAD) in UTC-12 (.clock-test.log):"; tail -n 40 .clock-test.log; \
	$(call PYTEST_RC,CPython); [ $$browsers -eq 0 ] && [ $$rc -eq 0 ]

# The CPython suite on both sides of the date line, a year ahead at 23:59: UTC+14, then
# UTC-12 (as make test). About 7 minutes each on the 2-core machine.
clock-check: faketime pydeps
	@for zone in '<+14>-14' '<-12>+12'; do \
	  echo "--- the CPython suite, its clock at $(CLOCK_AHEAD) in TZ=$$zone"; \
	  rc=0; $(call ON_CLOCK,$$zone) $(VPY) -m pytest $(CPYTHON_TESTS) -q -p no:cacheprovider || rc=$$?; \
	  $(call PYTEST_RC,CPython); [ $$rc -eq 0 ] || exit $$rc; \
	done
