"""Real games on the embedded model (gemma-3-270m, Q4_K_M, on the CPU). Marked ``model``; they run in CI.

A game on the in-process local backend (the smallest real ruleset: one_night with three players, one
night, one discussion, one vote), and the preflight's step-down on ``python -m llama_cpp.server`` over real
HTTP for the openai and langchain backends. Whole games over HTTP, with both backends at one table, are
played by the commands a user runs, in ``test_real_server_cli.py``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.llm.base import Backend
from llm_werewolf.llm.langchain_backend import LangChainBackend
from llm_werewolf.llm.local import LocalBackend
from llm_werewolf.llm.openai_backend import OpenAIBackend
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.rules.events import ChoiceMade, Speech
from llm_werewolf.rules.questions import questions
from llm_werewolf.table_notes import Fallback, ModelCall

from .conftest import ALIAS
from .support import play_table

pytestmark = pytest.mark.model

VARIANT = "one_night"
LANGUAGE = "en"
NAMES = ("Ann", "Bob", "Cid")


def _game(seed: int) -> Game:
    return Game(GameConfig(variant=VARIANT, names=NAMES, seed=seed, language=LANGUAGE))


PATIENT_DEADLINE = 900.0
"""The night's decisions are asked together and the model answers one at a time: on a busy machine a
queued call waits long, which is not what this test is about (deadlines are: tests/llm/test_deadlines.py)."""


def _agents(backend: Backend) -> list[LLMAgent]:
    return [
        LLMAgent(backend, settings=LLMAgentSettings(seed=i, switch_language=False, deadline=PATIENT_DEADLINE))
        for i in range(len(NAMES))
    ]


def _check(game: Game, backend_name: str) -> None:
    assert game.over and game.outcome is not None
    asked = {q.decision_id: q for q in questions(game.records)}
    chosen = [r.event for r in game.records if isinstance(r.event, ChoiceMade)]
    assert len(chosen) == len(asked) > 0
    assert all(c.option in asked[c.decision_id].options for c in chosen)
    calls = [r.event for r in game.records if isinstance(r.event, ModelCall)]
    assert calls and all(c.backend == backend_name and c.latency_ms > 0 for c in calls)
    assert sum(c.prompt_tokens for c in calls) > 0 and sum(c.completion_tokens for c in calls) > 0
    answered_by_model = {c.decision_id for c in calls if c.parsed is not None}
    fallbacks = [r.event for r in game.records if isinstance(r.event, Fallback)]
    assert len(answered_by_model) > len(fallbacks), "the model answered less than the fallbacks did"
    assert [r for r in game.records if isinstance(r.event, Speech)], "nobody spoke"


async def test_a_local_game_plays_to_the_end() -> None:
    backend = LocalBackend(seed=1)
    await backend.preflight()
    game = _game(seed=1)
    await play_table(game, _agents(backend))
    _check(game, "local")
    calls = [r.event for r in game.records if isinstance(r.event, ModelCall)]
    # The base model picks under a constraint: every pick it made was a legal option.
    assert all(c.parsed is not None for c in calls if c.purpose == "decision")
    await backend.aclose()


@pytest.mark.server
@pytest.mark.parametrize("kind", ["openai", "langchain"])
async def test_the_default_profile_steps_down_before_the_game_on_the_real_server(llama_server: str, kind: str) -> None:
    """llama_cpp.server answers json_schema with HTTP 500 (a validation error): the preflight's probe
    steps down to json_object once, the first call reports it, and the answer is a JSON object."""
    import json

    from llm_werewolf.llm.base import CompletionRequest

    profile = get_profile("openai")
    backend: OpenAIBackend | LangChainBackend
    if kind == "openai":
        backend = OpenAIBackend(ALIAS, base_url=llama_server, profile=profile, timeout=600)
    else:
        from langchain_openai import ChatOpenAI

        chat = ChatOpenAI(model=ALIAS, base_url=llama_server, api_key="none", max_retries=0, timeout=600)
        backend = LangChainBackend(chat, profile=profile)
    await backend.preflight()
    assert backend.profile.structured == "json_object"
    schema = {
        "type": "object",
        "properties": {"option": {"type": "string", "enum": ["Ann", "Bob"]}},
        "required": ["option"],
        "additionalProperties": False,
    }
    request = CompletionRequest(system="Vote.", user="Ann or Bob?", schema=schema, max_tokens=12, temperature=0.0)
    first = await backend.complete(request)
    second = await backend.complete(request)
    await backend.aclose()
    assert first.note.startswith("at the preflight: ") and "refused json_schema" in first.note, first.note
    assert "HTTP 500" in first.note and second.note == ""
    assert json.loads(first.text)["option"] in ("Ann", "Bob")
    assert first.retries == 0  # nothing refused during the game


async def test_a_cancelled_call_stops_generating_and_frees_the_model() -> None:
    """A call given up (the decision's deadline) stops at its next token instead of running to max_tokens,
    so the next call does not wait behind an answer nobody reads."""
    import asyncio

    from llm_werewolf.llm.base import CompletionRequest

    backend = LocalBackend(seed=1)
    await backend.preflight()
    story = CompletionRequest(
        system="A story.",
        user="",
        cue="Once upon a time, in a village by the sea,",
        mode="text",
        max_tokens=4000,
        seed=7,
    )
    with pytest.raises(TimeoutError):
        async with asyncio.timeout(1.0):
            await backend.complete(story)
    while backend._run_lock.locked():  # the worker thread lets go of the model at its next token
        await asyncio.sleep(0.05)
    assert backend.cut_calls == 1
    cut = backend.cut_tokens
    # The same seeded continuation, not cut, goes on past the point where the cut one stopped.
    after = await backend.complete(replace(story, max_tokens=cut + 40))
    assert after.completion_tokens > cut and backend.cut_calls == 1
    await backend.aclose()


def test_the_thread_setting_covers_prompt_batches_too() -> None:
    """``[llm] threads`` bounds llama.cpp's prompt (batch) threads as well as its generation threads:
    llama-cpp-python would otherwise give batches one thread per core, which on a shared CPU stalls at
    the per-layer barrier (docs/llm.md)."""
    backend = LocalBackend(n_threads=1)
    llama = backend._load()
    assert (llama.n_threads, llama.n_threads_batch) == (1, 1)
    assert (llama.context_params.n_threads, llama.context_params.n_threads_batch) == (1, 1)
