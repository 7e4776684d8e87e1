"""Per-decision deadlines against endpoints that trickle bytes, never answer, or answer placeholders.

A game on such an endpoint ends within the deadline bound (every decision and every narrated
moment costs at most its deadline), and every fallback says why, truly: the deadline, or the
placeholder the model copied (never "'' is not a legal option").
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path

import pytest

from llm_werewolf.agents.base import Agent
from llm_werewolf.opening.narrators import build_narrator
from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.rules.questions import questions
from llm_werewolf.session import Session, SessionSettings
from llm_werewolf.table import Table, TableSettings
from llm_werewolf.table.runner import _Answer
from llm_werewolf.table.seating import AgentSpec
from llm_werewolf.table_notes import Fallback, ModelCall, Narration, Rejected
from tests.battery.fault_server import MODEL, FaultPlan, fault_server

DEADLINE = 1.0
NAMES = ("Ann", "Bob", "Cid")


def _play(kind: str, *, narrate: bool) -> tuple[Game, float]:
    with fault_server(FaultPlan(down=True, down_kind=kind, trickle=0.5)) as (url, log):
        settings = SessionSettings(
            base_url=url, deadline=DEADLINE, narrator_deadline=DEADLINE, retries=2, timeout=30, personas=False
        )
        session = Session(settings)
        game = Game(GameConfig(variant="one_night", names=NAMES, seed=3, language="en"))
        spec = AgentSpec("openai", MODEL)
        agents: list[Agent] = [
            session.agent(spec, seat=i, seed=3, language="en", variant="one_night") for i in range(len(NAMES))
        ]
        narrator = (
            build_narrator("llm", "one_night", "en", NAMES, seat_specs=[spec], seed=3, session=session)
            if narrate
            else None
        )
        table = Table(game, agents, narrator=narrator, settings=TableSettings(max_attempts=3))
        started = time.perf_counter()
        session.run(table.play)
        wall = time.perf_counter() - started
        assert log.requests > 0 and log.faults[kind] == log.requests
    return game, wall


def _bound(game: Game) -> float:
    """Every decision and every narrated moment costs at most one deadline (plus a little)."""
    asked = len(questions(game.records))
    moments = sum(1 for r in game.records if isinstance(r.event, Narration))
    return (asked + moments) * (DEADLINE + 0.25) + 5.0


@pytest.mark.parametrize("kind", ["trickle", "silent"])
def test_a_slow_or_silent_endpoint_costs_one_deadline_per_decision(kind: str) -> None:
    game, wall = _play(kind, narrate=True)
    assert game.over
    assert wall < _bound(game), (wall, _bound(game))
    asked = questions(game.records)
    fallbacks = [r.event for r in game.records if isinstance(r.event, Fallback)]
    assert len(fallbacks) == len(asked)  # nothing could be answered...
    assert all(f.reason.startswith(f"no answer within the {DEADLINE:g} s deadline") for f in fallbacks), fallbacks
    rejected = [r.event for r in game.records if isinstance(r.event, Rejected)]
    assert len(rejected) == len(asked)  # ...and the deadline is not re-asked
    cut = [r.event for r in game.records if isinstance(r.event, ModelCall) and r.event.purpose == "decision"]
    assert cut and all("deadline" in (c.error or "") and c.latency_ms >= 0.3 * DEADLINE * 1000 for c in cut)
    voiced = [r.event for r in game.records if isinstance(r.event, Narration)]
    assert voiced and all(n.fallback for n in voiced)
    narration_calls = [r.event for r in game.records if isinstance(r.event, ModelCall) and r.event.seat is None]
    assert narration_calls and all("no narration within" in (c.error or "") for c in narration_calls)


def test_placeholder_answers_are_refused_with_their_reason() -> None:
    game, wall = _play("placeholder", narrate=False)
    assert game.over and wall < _bound(game)
    fallbacks = [r.event for r in game.records if isinstance(r.event, Fallback)]
    assert fallbacks and len(fallbacks) == len(questions(game.records))
    assert all("copies the answer format" in f.reason for f in fallbacks), fallbacks
    rejected = [r.event for r in game.records if isinstance(r.event, Rejected)]
    assert rejected and all(r.answer and "<" in r.answer for r in rejected)
    assert not [r for r in rejected if "is not a legal option" in r.error]


def test_the_preflight_of_a_silent_endpoint_stops_play_within_the_deadline(tmp_path: Path) -> None:
    with fault_server(FaultPlan(down=True, down_kind="silent")) as (url, _):
        started = time.perf_counter()
        result = subprocess.run(
            [
                sys.executable, "-m", "llm_werewolf", "play", "--variant", "one_night", "--players", "3",
                "--agents", f"openai:{MODEL}", "--base-url", url, "--deadline", "2", "--narrator", "off",
                "--transcripts", str(tmp_path),
            ],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        wall = time.perf_counter() - started
    assert result.returncode == 2, result.stderr
    assert "did not answer within 2 s" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert wall < 30 and not list(tmp_path.glob("*.jsonl"))


def test_the_deadline_spans_the_re_asks_of_one_decision() -> None:
    """Each answer takes 1 s and is refused; the 1.5 s deadline cuts the second one, and no third is asked."""
    from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
    from llm_werewolf.llm import FakeBackend

    backend = FakeBackend(lambda request: "not json", latency=1.0)
    game = Game(GameConfig(variant="one_night", names=NAMES, seed=3, language="en"))
    agents: list[Agent] = [
        LLMAgent(backend, settings=LLMAgentSettings(seed=i, deadline=1.5, switch_language=False))
        for i in range(len(NAMES))
    ]
    table = Table(game, agents, settings=TableSettings(max_attempts=3))
    decision = game.pending[0]

    async def answer_one() -> tuple[_Answer, float]:
        await table._publish()  # the seats' views
        view = table.builders[decision.seat].view()
        agent = agents[decision.seat]
        assert isinstance(agent, LLMAgent)
        agent.prompter(view).prompt(view, decision)  # templates loaded before the clock starts
        started = time.perf_counter()
        return await table._answer(decision), time.perf_counter() - started

    answer, wall = asyncio.run(answer_one())
    notes = [body for body, _ in answer.notes]
    rejected = [n for n in notes if isinstance(n, Rejected)]
    (fallback,) = [n for n in notes if isinstance(n, Fallback)]
    assert 1.5 <= wall < 2.2
    assert [r.attempt for r in rejected] == [0, 1]
    assert "not one JSON object" in rejected[0].error and rejected[0].answer == "not json"
    assert fallback.reason.startswith("no answer within the 1.5 s deadline")
    calls = [n for n in notes if isinstance(n, ModelCall)]
    assert len(calls) == 2 and "cut after" in (calls[1].error or "")
