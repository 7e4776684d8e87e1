"""Real games on the embedded model (gemma-3-270m, Q4_K_M, on the CPU). Marked ``model``; they run in CI.

(a) the in-process local backend; (b) ``python -m llama_cpp.server`` on 127.0.0.1 through the openai
backend over real HTTP; (c) the same server through the langchain backend. The smallest real ruleset:
one_night with three players (one night, one discussion, one vote).
"""

from __future__ import annotations

import pytest

from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.llm.base import Backend
from llm_werewolf.llm.langchain_backend import LangChainBackend
from llm_werewolf.llm.local import LocalBackend
from llm_werewolf.llm.openai_backend import OpenAIBackend
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.llm.retry import RetrySettings
from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.rules.events import Asked, ChoiceMade, Speech
from llm_werewolf.table.events import Fallback, ModelCall

from .conftest import ALIAS
from .support import play_table

pytestmark = pytest.mark.model

VARIANT = "one_night"
LANGUAGE = "en"
NAMES = ("Ann", "Bob", "Cid")
# Small answers keep grammar-constrained JSON fast on two CPU cores; a speech's JSON carries its acts
# (each act names kind, player, player2, role and result): 40 tokens cut it mid-object.
SERVER_PROFILE = get_profile("llamacpp").with_overrides(
    speech_chars=48, thought_chars=0, reason_chars=0, speech_tokens=120, choice_tokens=16, history_chars=2000
)


def _game(seed: int) -> Game:
    return Game(GameConfig(variant=VARIANT, names=NAMES, seed=seed, language=LANGUAGE))


PATIENT_DEADLINE = 900.0
"""llama.cpp's server answers one request at a time and the night's decisions are asked together:
on a busy machine a queued call waits long. A decision cut by its deadline would leave the server
working on an answer nobody reads while the next ones queue behind it (deadlines are tested in
tests/llm/test_deadlines.py, not here)."""


def _agents(backend: Backend) -> list[LLMAgent]:
    return [
        LLMAgent(backend, settings=LLMAgentSettings(seed=i, switch_language=False, deadline=PATIENT_DEADLINE))
        for i in range(len(NAMES))
    ]


def _check(game: Game, backend_name: str) -> None:
    assert game.over and game.outcome is not None
    asked = {r.event.decision_id: r.event for r in game.records if isinstance(r.event, Asked)}
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
async def test_a_game_through_the_openai_backend_over_http(llama_server: str) -> None:
    backend = OpenAIBackend(
        ALIAS, base_url=llama_server, profile=SERVER_PROFILE, timeout=600, retry=RetrySettings(attempts=2)
    )
    await backend.preflight()
    game = _game(seed=11)
    await play_table(game, _agents(backend))
    _check(game, "openai")
    await backend.aclose()


@pytest.mark.server
async def test_a_game_through_the_langchain_backend_over_http(llama_server: str) -> None:
    from langchain_openai import ChatOpenAI

    chat = ChatOpenAI(model=ALIAS, base_url=llama_server, api_key="none", max_retries=0, timeout=600)
    backend = LangChainBackend(chat, profile=SERVER_PROFILE, retry=RetrySettings(attempts=2))
    await backend.preflight()
    game = _game(seed=5)
    await play_table(game, _agents(backend))
    _check(game, "langchain")


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
