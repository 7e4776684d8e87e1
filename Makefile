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

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Re-install only when the project's dependencies change (idempotent).
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[dev,local,eval]"
	touch $(STAMP)

install: $(STAMP)

play: install
	$(BIN)/llm-werewolf play $(ARGS)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy llm_werewolf tests bench

unit: install browser fonts
	$(BIN)/pytest -q -m "not server"
	@# The real-server tests (marker `server`: one llama_cpp.server on the embedded model for all of them)
	@# run after the rest and gate like the others; the timeout only stops a hung server (docs/llm.md).
	timeout 1800 $(BIN)/pytest -q -m server

# Debian's Chromium for the browser tests (Playwright drives it; never `playwright install`).
browser:
	@test -x /usr/bin/chromium || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)

# Debian's Noto fonts for the evaluation report's plots (Arabic, Hebrew, Chinese names).
NOTO := /usr/share/fonts/truetype/noto
fonts:
	@test -f $(NOTO)/NotoSansArabic-Regular.ttf -a -f $(NOTO)/NotoSansHebrew-Regular.ttf \
		-a -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc \
		|| (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-core fonts-noto-cjk)

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
