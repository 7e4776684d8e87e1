"""The LLM agent through the lead's Table with the fake backend: re-asks, fallbacks, retries, switches."""

from __future__ import annotations

import asyncio
import json

from llm_werewolf.agents.base import DecisionRequest
from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.llm.base import Completion, CompletionRequest
from llm_werewolf.llm.errors import PermanentError, TransientError
from llm_werewolf.llm.fake import FakeBackend, auto_answer
from llm_werewolf.rules import Decision, Game
from llm_werewolf.rules.events import Speech
from llm_werewolf.rules.questions import questions
from llm_werewolf.table_notes import Fallback, ModelCall, Rejected, Thought

from .support import TOY_PACK, events_of, llm_agents, model_calls, play_table, toy_game


async def test_a_fake_game_ends_with_a_recorded_call_per_decision() -> None:
    game = toy_game(seed=1)
    backend = FakeBackend(seed=1)
    await play_table(game, llm_agents(backend, 5, packs=TOY_PACK))
    assert game.over
    calls = model_calls(game)
    answered = [r for r in game.records if r.event.kind == "choice"]  # type: ignore[attr-defined]
    assert len(calls) == len(answered) == len(backend.requests)
    assert not events_of(game, Fallback)
    assert all(c.prompt_hash and c.prompt is None and c.parsed for c in calls)
    for record in game.records:
        if isinstance(record.event, Thought):
            assert record.vis.scope == "seats" and record.vis.seats == (record.event.seat,)
        if isinstance(record.event, ModelCall):
            assert record.vis.scope == "god"


async def test_an_invalid_answer_is_asked_again_with_the_parse_error_shown() -> None:
    first = {"done": False}

    def script(request: CompletionRequest) -> str:
        if not first["done"]:
            first["done"] = True
            return "I refuse to answer in JSON"
        return auto_answer(request, __import__("random").Random(0))

    backend = FakeBackend(script)
    game = toy_game(seed=2)
    await play_table(game, llm_agents(backend, 5, packs=TOY_PACK))
    rejected = events_of(game, Rejected)
    assert len(rejected) == 1 and rejected[0].attempt == 0  # type: ignore[attr-defined]
    second_prompt = backend.requests[1].user
    assert "not one JSON object" in second_prompt and "I refuse to answer in JSON" in second_prompt
    calls = model_calls(game)
    assert calls[0].parsed is None and calls[0].error is not None and "not one JSON object" in calls[0].error
    assert calls[1].attempt == 1 and calls[1].parsed is not None
    assert not events_of(game, Fallback)


async def test_answers_that_stay_bad_fall_back_to_the_heuristic_and_say_why() -> None:
    backend = FakeBackend(lambda request: '{"option": "the moon"}')
    game = toy_game(seed=3)
    await play_table(game, llm_agents(backend, 5, packs=TOY_PACK), max_attempts=2)
    assert game.over
    fallbacks = events_of(game, Fallback)
    asked = questions(game.records)
    assert len(fallbacks) == len(asked)
    assert all(f.source == "heuristic" and f.reason for f in fallbacks)  # type: ignore[attr-defined]
    prompts_on_reask = [r.user for r in backend.requests[1::2]]
    assert all("the moon" in p for p in prompts_on_reask)


async def test_a_dead_endpoint_raises_and_the_table_falls_back_at_once() -> None:
    backend = FakeBackend(lambda request: PermanentError("HTTP 401: bad key", status=401))
    game = toy_game(seed=4)
    await play_table(game, llm_agents(backend, 5, packs=TOY_PACK))
    assert game.over
    rejected = events_of(game, Rejected)
    assert rejected and all("TransportError" in r.error and "401" in r.error for r in rejected)  # type: ignore[attr-defined]
    assert len(backend.requests) == len(rejected)  # no re-ask and no retry of a permanent fault
    assert len(events_of(game, Fallback)) == len(rejected)
    failed = model_calls(game)  # the failed calls are logged too, for cost and adherence
    assert len(failed) == len(rejected) and all(c.error and "401" in c.error and c.retries == 0 for c in failed)


async def test_transient_faults_are_retried_and_noted_on_the_call() -> None:
    faults = [TransientError("HTTP 429", status=429), TransientError("HTTP 503", status=503)]

    def script(request: CompletionRequest) -> str | BaseException:
        if faults:
            return faults.pop(0)
        return auto_answer(request, __import__("random").Random(1))

    backend = FakeBackend(script)
    game = toy_game(seed=5)
    await play_table(game, llm_agents(backend, 5, packs=TOY_PACK))
    first = model_calls(game)[0]
    assert first.error is None and first.retries == 2
    assert not events_of(game, Fallback)


async def test_a_speech_in_the_wrong_language_is_asked_again_once() -> None:
    def script(request: CompletionRequest) -> str:
        if request.mode == "json" and request.schema and "speech" in request.schema["properties"]:
            if "not in English" in request.user:
                return json.dumps({"thought": "", "speech": "Fine, in English then.", "claim": None})
            return json.dumps({"thought": "", "speech": "Я ничего не знаю.", "claim": None})
        return auto_answer(request, __import__("random").Random(2))

    backend = FakeBackend(script)
    game = toy_game(seed=6)
    await play_table(game, llm_agents(backend, 5, packs=TOY_PACK))
    speeches = [s.text for s in events_of(game, Speech)]  # type: ignore[attr-defined]
    assert speeches and all(s == "Fine, in English then." for s in speeches)
    purposes = [c.purpose for c in model_calls(game)]
    assert purposes.count("language_switch") == len(speeches)


async def test_without_the_switch_the_wrong_language_stands() -> None:
    backend = FakeBackend(
        lambda r: (
            json.dumps({"thought": "", "speech": "Я ничего не знаю.", "claim": None})
            if r.schema and "speech" in r.schema["properties"]
            else auto_answer(r, __import__("random").Random(3))
        )
    )
    game = toy_game(seed=6)
    await play_table(game, llm_agents(backend, 5, packs=TOY_PACK, switch_language=False))
    assert {s.text for s in events_of(game, Speech)} == {"Я ничего не знаю."}  # type: ignore[attr-defined]
    assert "language_switch" not in [c.purpose for c in model_calls(game)]


async def test_prompts_are_logged_only_when_asked() -> None:
    game = toy_game(seed=7)
    await play_table(game, llm_agents(FakeBackend(), 5, packs=TOY_PACK, log_prompts=True))
    calls = model_calls(game)
    assert all(c.prompt and "Rules of the toy game" in c.prompt for c in calls)


class CountingBackend(FakeBackend):
    """Tracks how many calls are in flight at once."""

    def __init__(self) -> None:
        super().__init__(latency=0.02)
        self.in_flight = 0
        self.peak = 0

    async def complete(self, request: CompletionRequest) -> Completion:
        self.in_flight += 1
        self.peak = max(self.peak, self.in_flight)
        try:
            return await super().complete(request)
        finally:
            self.in_flight -= 1


async def test_simultaneous_votes_are_asked_concurrently_within_the_limit() -> None:
    backend = CountingBackend()
    game = toy_game(seed=8, players=6)
    await play_table(game, llm_agents(backend, 6, packs=TOY_PACK), concurrency=3)
    assert backend.peak == 3
    backend2 = CountingBackend()
    await play_table(toy_game(seed=8, players=6), llm_agents(backend2, 6, packs=TOY_PACK), concurrency=1)
    assert backend2.peak == 1


async def test_a_seat_prompt_does_not_change_when_a_hidden_fact_changes() -> None:
    """Non-interference: swap two other seats' hidden cards; the wolf's night prompt is identical."""

    async def first_prompt(roles: tuple[str, ...]) -> str:
        backend = FakeBackend()
        agents = llm_agents(backend, 5, packs=TOY_PACK)
        game = toy_game(seed=9, roles=roles)
        wolf_decision = next(d for d in game.pending if d.seat == 0) if any(d.seat == 0 for d in game.pending) else None
        while wolf_decision is None:
            decision = game.pending[0]
            reply = await agents[decision.seat].decide(_request(game, decision))
            assert reply.choice is not None, reply.error
            game.submit(decision.id, reply.choice)
            wolf_decision = next((d for d in game.pending if d.seat == 0), None)
        await agents[0].decide(_request(game, wolf_decision))
        return backend.requests[-1].prompt_text()

    a = await first_prompt(("wolf", "seer", "villager", "villager", "villager"))
    b = await first_prompt(("wolf", "villager", "villager", "seer", "villager"))
    assert a == b


def _request(game: Game, decision: Decision) -> DecisionRequest:
    return DecisionRequest(decision=decision, view=game.view(decision.seat))


async def test_one_agent_instance_is_reset_for_a_new_game() -> None:
    backend = FakeBackend()
    agent = LLMAgent(backend, settings=LLMAgentSettings(packs=TOY_PACK))
    for seed in (1, 2):
        game = toy_game(seed=seed)
        await play_table(game, [agent, *llm_agents(backend, 4, packs=TOY_PACK)])
        assert game.over
    await asyncio.sleep(0)
