# Two commands on a fresh machine:
#   make play   - set everything up and play a narrated game on the embedded model
#   make test   - set everything up and run ruff, mypy and pytest
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# `make play` arguments; the default is a short narrated game on the embedded model (every seat local).
ARGS ?= --players 6

.PHONY: play test install lint typecheck unit bench bench-peers clean browser fonts reliability

# Every install step says what it does and how long it took on the project's 2-core machine
# (README, "First run"); the long ones print a line every 30 s (scripts/with-progress.sh).
PROGRESS := sh scripts/with-progress.sh
# llama-cpp-python as pyproject.toml's `local` extra pins it (PyPI has no prebuilt wheel for Linux:
# it is compiled from source once, then pip reuses the wheel it built).
LLAMA_SPEC = $(shell $(PYTHON) -c "import tomllib; print(next(d for d in tomllib.load(open('pyproject.toml', 'rb'))['project']['optional-dependencies']['local'] if d.startswith('llama-cpp-python')))")

$(BIN)/python:
	@echo "==> [1/4] Creating the virtual environment $(VENV) (about 5 s)"
	$(PYTHON) -m venv $(VENV)
	@echo "==> [2/4] Upgrading pip (about 10 s)"
	$(BIN)/python -m pip install --progress-bar on --upgrade pip

# Re-install only when the project's dependencies change (idempotent).
$(STAMP): pyproject.toml | $(BIN)/python
	@echo "==> [3/4] llama-cpp-python: compiled from source the first time (no Linux wheel on PyPI; about 6 min on 2 cores), about 20 s afterwards"
	$(PROGRESS) $(BIN)/python -m pip install --progress-bar on "$(LLAMA_SPEC)"
	@echo "==> [4/4] The project and its dependencies (about 1 min on a quiet machine, up to 8 min on a busy one)"
	$(PROGRESS) $(BIN)/python -m pip install --progress-bar on -e ".[dev,local,eval]"
	touch $(STAMP)
	@echo "==> Installed. Next: the game (make play) or the checks (make test)."

install: $(STAMP)

play: install
	@echo "==> Playing: $(BIN)/llm-werewolf play $(ARGS)  (loading the embedded model takes a few seconds)"
	$(BIN)/llm-werewolf play $(ARGS)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	@# The layers of docs/architecture.md (contracts in pyproject.toml; scripts/import_graph.py lists them)
	$(BIN)/lint-imports

typecheck: install
	$(BIN)/mypy llm_werewolf tests bench

unit: install browser fonts
	$(BIN)/pytest -q -m "not server"
	@# The real-server tests (marker `server`: one llama_cpp.server on the embedded model for all of them)
	@# run after the rest and gate like the others; the timeout only stops a hung server (docs/llm.md).
	timeout 1800 $(BIN)/pytest -q -m server

# Debian's Chromium for the browser tests (Playwright drives it; never `playwright install`).
browser:
	@test -x /usr/bin/chromium || (echo "==> Installing Debian's Chromium for the browser tests (a download of about 100 MB: a few minutes)" \
		&& apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium)

# Debian's Noto fonts for the evaluation report's plots (Arabic, Hebrew, Chinese names).
NOTO := /usr/share/fonts/truetype/noto
fonts:
	@test -f $(NOTO)/NotoSansArabic-Regular.ttf -a -f $(NOTO)/NotoSansHebrew-Regular.ttf \
		-a -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc \
		|| (echo "==> Installing Debian's Noto fonts for the report plots (a download of about 100 MB: a few minutes)" \
		&& apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y fonts-noto-core fonts-noto-cjk)

test: lint typecheck unit

bench: install
	$(BIN)/python bench/engine.py

# Our engine beside TextArena's SecretMafia-v0, interleaved (installs the `bench` extra first).
bench-peers: install
	$(BIN)/pip install -q -e '.[bench]'
	$(BIN)/python bench/peers.py

# The reliability and safety battery at full size, with its figures (docs/reliability.md);
# `make test` runs the same checks at reduced sizes.
reliability: install
	$(BIN)/python bench/reliability.py --json runs/reliability/figures.json

# One full sample game per ruleset in its source language (no day cap), played by the embedded model (transcripts/samples/).
samples: install
	$(BIN)/python -m llm_werewolf.transcript.samples transcripts/samples

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
