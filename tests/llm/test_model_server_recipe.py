"""The llama.cpp recipe of docs/llm.md, run as written: ``llm-werewolf model-server``, then ``play``
against the base URL it prints; and the same server in a wrong chat format, caught by the preflight.

The recipe's ``PORT`` is the port the server printed. The test adds only what a test needs around
the documented command: a seed (a deal whose first decisions are night actions, as in
``test_real_server_cli``), a transcript folder, and a table file with patient deadlines and short
answers (the server answers one request at a time on a busy CPU; deadlines are tested elsewhere).
Marked ``model`` and ``server``: they start the embedded model's server.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from llm_werewolf.llm.chat_format_check import FIX

pytestmark = [pytest.mark.model, pytest.mark.server]

DOCS = Path(__file__).resolve().parents[2] / "docs" / "llm.md"
CLI = [sys.executable, "-m", "llm_werewolf"]
SEED = "6"
PATIENT = (
    "[llm]\ntimeout = 600\ndeadline = 900\nnarrator_deadline = 600\n"
    "profile_settings = {speech_chars = 48, thought_chars = 0, reason_chars = 0,"
    " speech_tokens = 60, speech_acts = 1, choice_tokens = 16, history_chars = 2000}\n"
)
FORMAT_OR_TRANSPORT = ("TransportError", "no answer within", "control_token", "empty:")
"""Fallback reasons a wrong chat format or a broken transport gives (not a weak model's wrong pick)."""


def recipe() -> list[list[str]]:
    """The commands of the llama.cpp recipe in docs/llm.md, ``llm-werewolf`` as this Python's module."""
    text = DOCS.read_text(encoding="utf-8")
    block = text.split("<!-- recipe: llama.cpp -->", 1)[1].split("<!-- /recipe -->", 1)[0]
    lines = [line.strip() for line in block.splitlines() if line.strip().startswith("llm-werewolf ")]
    return [[*CLI, *shlex.split(line)[1:]] for line in lines]


@contextmanager
def model_server(command: list[str]) -> Iterator[str]:
    """Start the documented server command; yield the base URL it prints; stop it and its server."""
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True
    )
    try:
        assert process.stdout is not None
        url = None
        for line in process.stdout:
            found = re.search(r"serving \S+ at (http://127\.0\.0\.1:\d+/v1)", line)
            if found:
                url = found.group(1)
                break
        assert url is not None, "the model server printed no base URL"
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def play_command(line: list[str], url: str, tmp_path: Path) -> list[str]:
    port = url.rsplit(":", 1)[1].split("/", 1)[0]
    (tmp_path / "table.toml").write_text(PATIENT, encoding="utf-8")
    written = [part.replace("PORT", port) for part in line]
    return [
        *written,
        "--seed",
        SEED,
        "--transcripts",
        str(tmp_path / "games"),
        "--config",
        str(tmp_path / "table.toml"),
    ]


def test_the_documented_recipe_plays_a_game_without_format_or_transport_fallbacks(tmp_path: Path) -> None:
    server, play = recipe()
    assert server[len(CLI) :] == ["model-server"] and "PORT" in " ".join(play)
    with model_server(server) as url:
        result = subprocess.run(
            play_command(play, url, tmp_path),
            capture_output=True,
            text=True,
            timeout=3600,
            env={**os.environ, "COLUMNS": "300"},
        )
    assert result.returncode == 0, result.stderr[-3000:]
    (path,) = (tmp_path / "games").glob("*.jsonl")
    events: list[dict[str, Any]] = [
        json.loads(line)["event"] for line in path.read_text(encoding="utf-8").splitlines()[1:]
    ]
    assert "game_ended" in {e["kind"] for e in events}
    calls = [e for e in events if e["kind"] == "model_call"]
    assert calls and any(c["parsed"] is not None for c in calls), calls[:3]
    caused = [f for f in events if f["kind"] == "fallback" and any(k in f["reason"] for k in FORMAT_OR_TRANSPORT)]
    assert caused == [], caused
    assert "model health" in result.stdout  # the summary table at the end of the game


def test_a_server_in_the_wrong_chat_format_is_stopped_by_the_preflight(tmp_path: Path) -> None:
    server, play = recipe()
    with model_server([*server, "--chat-format", "llama-2"]) as url:
        result = subprocess.run(
            play_command(play, url, tmp_path),
            capture_output=True,
            text=True,
            timeout=900,
            env={**os.environ, "COLUMNS": "300"},
        )
    assert result.returncode == 2, result.stdout[-2000:]
    assert "the server answers in the wrong chat format" in result.stderr and FIX in result.stderr, result.stderr
    assert not list((tmp_path / "games").glob("*.jsonl"))
