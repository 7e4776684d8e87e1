"""Model health while a game runs: a line per model seat, a summary at the end, ``--strict``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from llm_werewolf.rules.events import PUBLIC, Asked, GameEnded, PhaseStarted, make_record
from llm_werewolf.table.model_health import UnhealthySeat, main_reason, model_health
from llm_werewolf.table.seating import AgentSpec
from llm_werewolf.table_notes import Fallback, ModelCall, Narration

from .fake_server import fake_openai_server

CLI = [sys.executable, "-m", "llm_werewolf"]


def _records(*bodies: object) -> list:  # type: ignore[type-arg]
    return [make_record(i, "day:1", PUBLIC, body) for i, body in enumerate(bodies)]  # type: ignore[arg-type]


def _call(seat: int | None, ms: float, purpose: str = "decision") -> ModelCall:
    return ModelCall(seat=seat, decision_id=1, purpose=purpose, backend="openai", model="m", latency_ms=ms)


def test_lines_count_calls_fallbacks_with_their_main_reason_and_the_median_latency() -> None:
    lines: list[str] = []
    specs = [AgentSpec("openai", "m"), AgentSpec("heuristic"), AgentSpec("openai", "m")]
    health = model_health(specs, narrator="llm:openai:m", report=lines.append)
    health.write(
        _records(
            Asked(decision_id=1, seat=0, decision="vote", options=()),
            _call(0, 1000),
            _call(0, 3000),
            _call(0, 2000),
            Fallback(seat=0, decision_id=1, decision="vote", option="x", reason="TransportError: HTTP 500: boom"),
            _call(None, 500, "narration"),
            Narration(key="k", text="t", mode="llm", fallback=True),
            PhaseStarted(phase="night", number=1),
        )
    )
    assert lines == [
        "seat 1 openai:m: 3 calls · 1/1 fell back (mostly transport ×1) · median 2.0 s",
        "narrator llm:openai:m: 1 calls · 1/1 fell back (mostly template line ×1) · median 500 ms",
    ]
    health.write(_records(GameEnded(winners=(), sides=(), reason="r")))
    health.report_summary()
    assert lines[-4].startswith("model health") and lines[-2].startswith("seat 3 openai:m") and " 0% " in lines[-2]
    assert lines[-1].startswith("narrator llm:openai:m")


def test_strict_stops_once_a_seat_falls_back_on_more_than_the_share() -> None:
    health = model_health([AgentSpec("openai", "m")], strict=0.5)
    asked = [Asked(decision_id=i, seat=0, decision="vote", options=()) for i in range(3)]
    fell = [Fallback(seat=0, decision_id=i, decision="vote", option="x", reason="parse: no JSON") for i in range(2)]
    health.write(_records(*asked, fell[0]))  # 1 of 3: within the share
    with pytest.raises(UnhealthySeat, match=r"seat 1 openai:m fell back on 2 of 3 decisions \(67% > 50%\)"):
        health.write(_records(fell[1]))


@pytest.mark.parametrize(
    ("reason", "kind"),
    [
        ("no answer within the 120 s deadline of the decision (the call was cut after 119 s)", "deadline"),
        ("TransportError: a short test call: HTTP 500: boom", "transport"),
        ("control_token: the speech holds the control token '[INST]'", "control_token"),
        ("empty: the speech says nothing", "empty"),
        ('\'Bob\' is not one of the options ("Alice", "Ben")', "illegal option"),
    ],
)
def test_the_main_reason_is_the_kind_of_the_reason(reason: str, kind: str) -> None:
    assert main_reason(reason) == kind


def _play(url: str, tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    command = [
        *CLI, "play", "--variant", "one_night", "--players", "3", "--lang", "en", "--seed", "1",
        "--agents", "heuristic", "--seat", "1=openai:test-model", "--base-url", url, "--profile", "text",
        "--narrator", "off", "--transcripts", str(tmp_path), *extra,
    ]  # fmt: skip
    return subprocess.run(command, capture_output=True, text=True, timeout=300, env={"COLUMNS": "200", "PATH": ""})


def test_play_shows_the_health_of_its_model_seat_and_strict_stops_it(tmp_path: Path) -> None:
    with fake_openai_server() as (url, _):  # every answer names "Bob", who is not an option: fallbacks
        shown = _play(url, tmp_path / "a")
        strict = _play(url, tmp_path / "b", "--strict", "0.2")
    assert shown.returncode == 0, shown.stderr[-2000:]
    assert "⚕ seat 1 openai:test-model:" in shown.stdout and "fell back" in shown.stdout
    assert "model health" in shown.stdout
    (path,) = (tmp_path / "a").glob("*.jsonl")
    fallbacks = [json.loads(line)["event"] for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    assert any(e["kind"] == "fallback" and e["seat"] == 0 for e in fallbacks)
    assert strict.returncode == 2, strict.stdout[-2000:]
    assert "--strict: seat 1 openai:test-model fell back on" in strict.stderr


def test_without_live_lines_only_the_summary_is_reported() -> None:
    """People at the table would learn from a seat's night calls that it acts at night."""
    lines: list[str] = []
    health = model_health([AgentSpec("openai", "m")], report=lines.append, live=False)
    health.write(
        _records(_call(0, 1000), PhaseStarted(phase="day", number=1), GameEnded(winners=(), sides=(), reason="r"))
    )
    assert lines == []
    health.report_summary()
    assert lines[0].startswith("model health") and lines[1].startswith("seat 1 openai:m")
