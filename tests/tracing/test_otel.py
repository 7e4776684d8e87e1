"""OpenTelemetry spans of model calls, read back through the SDK's in-memory exporter."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind, StatusCode

from llm_werewolf import tracing
from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.llm import FakeBackend, TransientError
from llm_werewolf.narration.llm import LLMNarrator
from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.rules.questions import questions
from llm_werewolf.table import Table
from llm_werewolf.table_notes import ModelCall
from llm_werewolf.texts import default_names
from tests.llm.test_narration_calls import LINE, _first_moment

NAMES = default_names("en", 5)


def _memory(god_view: bool) -> Iterator[InMemorySpanExporter]:
    memory = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(memory))
    assert tracing.setup(True, provider=provider, god_view=god_view)
    yield memory
    tracing.setup(False, god_view=False)


@pytest.fixture
def exporter() -> Iterator[InMemorySpanExporter]:
    yield from _memory(god_view=False)


@pytest.fixture
def god_exporter() -> Iterator[InMemorySpanExporter]:
    yield from _memory(god_view=True)


def _game() -> Game:
    return Game(GameConfig(variant="one_night", names=NAMES, seed=11, language="en"))


def test_every_model_call_of_a_game_is_one_span_in_the_god_view(god_exporter: InMemorySpanExporter) -> None:
    backend = FakeBackend(seed=5, latency=0.01)
    game = _game()
    agents = [LLMAgent(backend, settings=LLMAgentSettings(seed=i)) for i in range(len(NAMES))]
    asyncio.run(Table(game, agents).play())
    calls = [r.event for r in game.records if isinstance(r.event, ModelCall)]
    kinds = {q.decision_id: q.decision for q in questions(game.records)}
    spans = god_exporter.get_finished_spans()
    assert calls and len(spans) == len(calls)
    attrs: list[Any] = [s.attributes for s in spans]
    by_key = {(a["llm_werewolf.decision.id"], a["llm_werewolf.purpose"]): s for a, s in zip(attrs, spans, strict=True)}
    for call in calls:
        span = by_key[(call.decision_id, call.purpose)]
        attributes: Any = span.attributes
        assert span.name == "chat fake" and span.kind is SpanKind.CLIENT
        assert attributes["gen_ai.operation.name"] == "chat"
        assert attributes["gen_ai.request.model"] == call.model == "fake"
        assert attributes["gen_ai.usage.input_tokens"] == call.prompt_tokens > 0
        assert attributes["gen_ai.usage.output_tokens"] == call.completion_tokens > 0
        assert attributes["llm_werewolf.seat"] == call.seat
        assert call.decision_id is not None
        assert attributes["llm_werewolf.decision.kind"] == kinds[call.decision_id]
        assert attributes["llm_werewolf.latency_ms"] == call.latency_ms
        # the span lasts the call: its latency, within rounding
        assert span.end_time is not None and span.start_time is not None
        assert abs((span.end_time - span.start_time) / 1e6 - call.latency_ms) < 1.0
        assert span.status.status_code is StatusCode.UNSET
    assert {a["llm_werewolf.seat"] for a in attrs} == set(range(len(NAMES)))


def test_by_default_no_span_attribute_separates_the_sides(exporter: InMemorySpanExporter) -> None:
    # Nine seats of the tencent-style board: wolves, seer, witch, hunter and villagers all call the model.
    names = default_names("en", 9)
    game = Game(GameConfig(variant="chinese_werewolf", names=names, seed=7, language="en"))
    agents = [LLMAgent(FakeBackend(seed=3), settings=LLMAgentSettings(seed=i)) for i in range(len(names))]
    asyncio.run(Table(game, agents).play())
    seat_of = {c.prompt_hash: c.seat for c in (r.event for r in game.records) if isinstance(c, ModelCall)}
    wolves = {i for i, seat in enumerate(game.state.seats) if game.ruleset.side_of(game.state, i) == "wolves"}
    assert wolves and len(wolves) < len(names)
    # measures (tokens, latency, the prompt's hash) differ from call to call on either side; the rest is named
    measures = {"gen_ai.usage.input_tokens", "gen_ai.usage.output_tokens", "llm_werewolf.latency_ms"}
    measures |= {"llm_werewolf.prompt_hash", "llm_werewolf.attempt", "llm_werewolf.retries"}
    named: dict[bool, set[tuple[str, Any]]] = {True: set(), False: set()}
    for span in exporter.get_finished_spans():
        attributes: Any = span.attributes
        seat = seat_of[attributes["llm_werewolf.prompt_hash"]]
        named[seat in wolves] |= {(k, v) for k, v in attributes.items() if k not in measures}
    assert named[True] and named[False]
    assert named[True] == named[False], named[True] ^ named[False]
    assert all(k != "llm_werewolf.seat" and k != "gen_ai.request.seed" for k, _ in named[True] | named[False])


def test_a_failed_call_is_an_error_span_and_the_narrator_is_traced(exporter: InMemorySpanExporter) -> None:
    narrator = LLMNarrator("city_mafia", "en", default_names("en", 8), FakeBackend([TransientError("HTTP 503")] * 3))
    asyncio.run(narrator.narrate(_first_moment()))
    asyncio.run(LLMNarrator("city_mafia", "en", default_names("en", 8), FakeBackend([LINE])).narrate(_first_moment()))
    failed, ok = exporter.get_finished_spans()
    assert failed.status.status_code is StatusCode.ERROR and failed.attributes is not None
    assert failed.attributes["error.type"] == "transport" and failed.attributes["llm_werewolf.retries"] == 2
    assert ok.attributes is not None and "error.type" not in ok.attributes
    assert ok.attributes["llm_werewolf.decision.kind"] == "narration" and "llm_werewolf.seat" not in ok.attributes


def test_tracing_is_off_without_the_flag_or_the_environment(
    exporter: InMemorySpanExporter, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in list(os.environ):
        if name.startswith("OTEL_"):
            monkeypatch.delenv(name)
    assert not tracing.setup()  # follows the (empty) environment: off, although a provider was set up before
    assert not tracing.enabled()
    game = _game()
    agents = [LLMAgent(FakeBackend(seed=1), settings=LLMAgentSettings(seed=i)) for i in range(len(NAMES))]
    asyncio.run(Table(game, agents).play())
    assert any(isinstance(r.event, ModelCall) for r in game.records)
    assert exporter.get_finished_spans() == ()


@pytest.mark.parametrize(
    ("environ", "wanted"),
    [
        ({}, False),
        ({"OTEL_TRACES_EXPORTER": "otlp"}, True),
        ({"OTEL_TRACES_EXPORTER": "console"}, True),
        ({"OTEL_TRACES_EXPORTER": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318"}, False),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318"}, True),
        ({"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://127.0.0.1:4318/v1/traces"}, True),
        ({"OTEL_TRACES_EXPORTER": "otlp", "OTEL_SDK_DISABLED": "true"}, False),
    ],
)
def test_the_standard_environment_turns_tracing_on(environ: dict[str, str], wanted: bool) -> None:
    assert tracing.env_wants_tracing(environ) is wanted


def _spans_on_stderr(stderr: str) -> list[dict[str, Any]]:
    decoder, spans, index = json.JSONDecoder(), [], 0
    while (start := stderr.find('{\n    "name"', index)) >= 0:
        span, index = decoder.raw_decode(stderr, start)
        spans.append(span)
    return spans


def _play(tmp_path: Path, *flags: str, env: dict[str, str]) -> tuple[subprocess.CompletedProcess[str], list[ModelCall]]:
    from llm_werewolf.transcript import read_transcript

    command = [sys.executable, "-m", "llm_werewolf", *flags, "play", "--variant", "one_night", "--players", "3"]
    command += ["--lang", "en", "--agents", "heuristic", "--seat", "1=fake", "--seed", "3", "--narrator", "off"]
    done = subprocess.run(
        [*command, "--transcripts", str(tmp_path)], capture_output=True, text=True, timeout=300, env=env
    )
    assert done.returncode == 0, done.stderr
    (path,) = tmp_path.glob("*.jsonl")
    calls = [r.event for r in read_transcript(path).records if isinstance(r.event, ModelCall)]
    return done, calls


def test_the_flag_and_the_environment_turn_tracing_on_from_the_command_line(tmp_path: Path) -> None:
    base = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_")}
    done, calls = _play(tmp_path / "env", env={**base, "OTEL_TRACES_EXPORTER": "console"})
    spans = _spans_on_stderr(done.stderr)
    assert calls and len(spans) == len(calls)
    assert {s["attributes"]["gen_ai.request.model"] for s in spans} == {"fake"}
    assert all("llm_werewolf.seat" not in s["attributes"] for s in spans)
    assert all(s["resource"]["attributes"]["service.name"] == "llm-werewolf" for s in spans)

    done, calls = _play(
        tmp_path / "flag", "--otel", env={**base, "OTEL_TRACES_EXPORTER": "console", "OTEL_SDK_DISABLED": "false"}
    )
    assert len(_spans_on_stderr(done.stderr)) == len(calls) > 0

    done, calls = _play(tmp_path / "off", env=base)
    assert calls and _spans_on_stderr(done.stderr) == []
