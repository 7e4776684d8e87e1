"""The commands a user runs, against a real ``python -m llama_cpp.server`` on the embedded model.

``play`` with two ``openai:`` seats, one ``langchain:`` seat and ``--narrator llm``, preflight on;
``tournament`` with the same seats; ``serve`` with an AI seat. Each game ends, no seat falls back
because of its transport (a failed call, an event loop closed under a client, a deadline), and each
model seat's first decision is answered by its model. Marked ``model``: they start the server.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from .conftest import ALIAS, free_port, stop, wait_for

pytestmark = [pytest.mark.model, pytest.mark.server]

CLI = [sys.executable, "-m", "llm_werewolf"]
SMALL = (
    "profile_settings = {speech_chars = 48, thought_chars = 0, reason_chars = 0,"
    " speech_tokens = 60, speech_acts = 1, choice_tokens = 16, history_chars = 2000}\n"
)
"""Short answers: grammar-constrained JSON is slow on a CPU (llama.cpp checks gemma's 262k vocabulary at
each step). A speech may carry one act, whose 40 tokens come on top of the text's 60 (docs/llm.md)."""
PATIENT = f"[llm]\ntimeout = 600\ndeadline = 900\nnarrator_deadline = 600\n{SMALL}"
"""The server answers one request at a time: on a busy machine a queued call waits long, which is
not what these tests are about (deadlines are: tests/llm/test_deadlines.py)."""
MODEL_SEATS = {0: "openai", 1: "openai", 2: "langchain"}
SEED = 6
"""A deal where every seat's first decision is a night action (a wolf looks at the center, the Robber
and the Troublemaker swap): the 270M model answers those reliably (a pick among the options), while its
speeches copy the answer format's placeholders and are refused (docs/llm.md). What these tests check of
the first decision is that the model's endpoint answered it, which the event-loop bug used to prevent."""
TRANSPORT = ("TransportError", "no answer within")
"""How a fallback caused by the endpoint (not by the model's answer) starts its reason."""


def _run(*args: str, timeout: float = 3600) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "300"}
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=timeout, env=env)


def _events(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return json.loads(lines[0]), [json.loads(line)["event"] for line in lines[1:]]


def _check_game(events: list[dict[str, Any]], model_seats: dict[int, str]) -> None:
    """The game ended; no transport fallback; every model seat's first decision answered by its model."""
    kinds = [e["kind"] for e in events]
    assert "game_ended" in kinds, kinds[-5:]
    fallbacks = [e for e in events if e["kind"] == "fallback"]
    transport = [f for f in fallbacks if f["reason"].startswith(TRANSPORT)]
    assert transport == [], transport
    calls = [e for e in events if e["kind"] == "model_call"]
    assert not [c for c in calls if (c["error"] or "").startswith(("Event loop", "RuntimeError"))], calls
    fell_back = {f["decision_id"] for f in fallbacks}
    for seat, backend in model_seats.items():
        first = next(e for e in events if e["kind"] == "choice" and e["seat"] == seat)
        mine = [c for c in calls if c["decision_id"] == first["decision_id"] and c["purpose"] != "narration"]
        assert mine and {c["backend"] for c in mine} == {backend}, (seat, mine)
        assert first["decision_id"] not in fell_back, (seat, fallbacks)
        assert any(c["parsed"] is not None for c in mine), (seat, mine)
    answered = [c for c in calls if c["error"] is None and c["purpose"] != "narration"]
    assert answered and all(c["latency_ms"] > 0 for c in answered), answered[:3]
    # llama_cpp.server sends no usage chunk with a streamed (previewed) speech: its prompt tokens are not
    # known (0, llm/openai_stream.py); every call answered without streaming reports them.
    assert any(c["prompt_tokens"] > 0 for c in answered), answered[:3]
    assert all(c["prompt_tokens"] > 0 for c in answered if c["purpose"] == "decision" and c["parsed"] != "speak")
    assert all(c["completion_tokens"] > 0 for c in answered if c["parsed"] is not None)


def test_play_with_openai_and_langchain_seats_and_the_llm_narrator(llama_server: str, tmp_path: Path) -> None:
    (tmp_path / "table.toml").write_text(PATIENT, encoding="utf-8")
    result = _run(
        "play", "--config", str(tmp_path / "table.toml"),
        "--variant", "one_night", "--players", "3", "--lang", "en", "--seed", str(SEED),
        "--seat", f"1=openai:{ALIAS}", "--seat", f"2=openai:{ALIAS}", "--seat", f"3=langchain:{ALIAS}",
        "--base-url", llama_server, "--profile", "llamacpp", "--narrator", "llm",
        "--transcripts", str(tmp_path / "games"),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Event loop is closed" not in result.stderr
    (path,) = (tmp_path / "games").glob("*.jsonl")
    header, events = _events(path)
    assert header["narrator"] == f"llm:openai:{ALIAS}"
    _check_game(events, MODEL_SEATS)
    narration = [e for e in events if e["kind"] == "model_call" and e["purpose"] == "narration"]
    # the narrator's model answered over HTTP (a refused answer, e.g. an echoed chat tag or nothing at all,
    # is not a transport fault): the call read the prompt and came back
    assert narration and narration[0]["prompt_tokens"] > 0 and narration[0]["latency_ms"] > 0, narration[:1]
    assert not (narration[0]["error"] or "").startswith(("Event loop", "RuntimeError", "TransportError")), narration[:1]


def test_a_tournament_on_the_real_server(llama_server: str, tmp_path: Path) -> None:
    config = tmp_path / "t.toml"
    config.write_text(
        f'name = "real"\nseeds = [{SEED}]\nrotation = "fixed"\nconcurrency = 1\nmax_fallback_share = 1.0\n'
        f'models = [{{spec = "openai:{ALIAS}", base_url = "{llama_server}"}},'
        f' {{spec = "openai:{ALIAS}", base_url = "{llama_server}"}},'
        f' {{spec = "langchain:{ALIAS}", base_url = "{llama_server}"}}]\n'
        '[[rulesets]]\nvariant = "one_night"\nplayers = 3\nlanguage = "en"\n'
        "[table]\nmax_attempts = 1\n"  # one call per decision keeps the game short on a busy machine
        f'[llm]\nprofile = "llamacpp"\ntimeout = 600\ndeadline = 900\n{SMALL}',
        encoding="utf-8",
    )
    result = _run("tournament", str(config), "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr[-3000:]
    assert "1 done" in result.stdout, result.stdout
    (path,) = (tmp_path / "out" / "games").glob("one_night*.jsonl")  # not the ledger
    _, events = _events(path)
    _check_game(events, MODEL_SEATS)


def _request(url: str, token: str, body: dict[str, Any] | None = None, *, post: bool = False) -> dict[str, Any]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method="POST" if post or data is not None else "GET")
    request.add_header("X-Host-Token", token)
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as response:
        answer: dict[str, Any] = json.loads(response.read() or b"{}")
        return answer


def test_serve_with_an_ai_seat_on_the_real_server(llama_server: str, tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "serve.log"
    command = [
        *CLI, "serve", "--port", str(port), "--transcripts", str(tmp_path / "games"),
        "--base-url", llama_server, "--profile", "llamacpp", "--config", str(tmp_path / "table.toml"),
    ]  # fmt: skip
    (tmp_path / "table.toml").write_text(PATIENT, encoding="utf-8")
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "COLUMNS": "300"})
    try:
        site = f"http://127.0.0.1:{port}"
        wait_for(f"{site}/", process, log, seconds=60)
        token = log.read_text(encoding="utf-8").split("token=", 1)[1].split()[0]
        seats = [{"player": f"openai:{ALIAS}"}, {"player": "heuristic"}, {"player": "heuristic"}]
        setup = {"variant": "one_night", "language": "en", "seats": seats, "seed": SEED}
        table = _request(f"{site}/api/host/tables", token, setup)
        table_id = table["id"]
        _request(f"{site}/api/host/tables/{table_id}/start", token, post=True)
        deadline = time.monotonic() + 3600
        status: dict[str, Any] = {}
        while time.monotonic() < deadline:
            status = _request(f"{site}/api/host/tables/{table_id}", token)
            if status["status"] in ("over", "failed"):
                break
            time.sleep(1)
        assert status["status"] == "over", status
    finally:
        stop(process)
    (path,) = (tmp_path / "games").glob("*.jsonl")
    _, events = _events(path)
    _check_game(events, {0: "openai"})
