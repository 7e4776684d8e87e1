"""Malformed-answer fuzz: whatever the model says, every game ends legally and every fallback is recorded."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from llm_werewolf.llm.base import CompletionRequest
from llm_werewolf.llm.errors import TransientError
from llm_werewolf.llm.fake import FakeBackend, auto_answer
from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.rules.events import ChoiceMade, Speech
from llm_werewolf.rules.questions import questions
from llm_werewolf.table_notes import Fallback, Rejected

from .support import NAMES, TOY_PACK, llm_agents, model_calls, play_table


def _labels(request: CompletionRequest) -> list[str]:
    schema = request.schema or {}
    option = schema.get("properties", {}).get("option", {})
    return list(option.get("enum", [])) or list(request.labels)


def malformed(rng: random.Random) -> Callable[[CompletionRequest], str | BaseException]:
    """A model that is right a third of the time and wrong in every way otherwise."""

    def answer(request: CompletionRequest) -> str | BaseException:
        labels = _labels(request)
        roll = rng.randrange(12)
        if roll <= 3:
            return auto_answer(request, rng)
        if roll == 4:
            return "{" + '"option": ' + rng.choice(['"', "[", "{", "nul"])
        if roll == 5:
            return json.dumps({"option": rng.choice([*NAMES, "seat:99", "skip", "-1", "Zed"])})
        if roll == 6:
            return ""
        if roll == 7:
            return json.dumps({"option": rng.choice(labels or ["x"]), "speech": "x" * 120_000, "reason": "y" * 5000})
        if roll == 8:
            return json.dumps(
                {
                    "thought": "",
                    "speech": "Это не тот язык. 这不是那种语言。",
                    "claim": None,
                    "option": labels[0] if labels else None,
                }
            )
        if roll == 9:
            return json.dumps({"option": labels[-1] if labels else "", "claim": "emperor", "speech": "\u202e\x00\n"})
        if roll == 10:
            return TransientError("HTTP 503")
        return "```json\n" + json.dumps({"option": rng.choice(labels or ["x"]).upper()}) + "\n```"

    return answer


async def _fuzz(game: Game, seed: int, packs: tuple[str, ...], profile: str = "fake") -> Game:
    from llm_werewolf.llm.profiles import get_profile

    backend = FakeBackend(malformed(random.Random(seed)), profile=get_profile(profile))
    players = len(game.state.seats)
    await play_table(game, llm_agents(backend, players, packs=packs), max_attempts=2)
    return game


def _check(game: Game) -> None:
    assert game.over and game.outcome is not None
    asked = {q.decision_id: q for q in questions(game.records)}
    chosen = [r.event for r in game.records if isinstance(r.event, ChoiceMade)]
    assert len(chosen) == len(asked)
    for choice in chosen:
        assert choice.option in asked[choice.decision_id].options
    for speech in (r.event for r in game.records if isinstance(r.event, Speech)):
        assert len(speech.text) <= 1200
    fallbacks = [r.event for r in game.records if isinstance(r.event, Fallback)]
    rejected = [r.event for r in game.records if isinstance(r.event, Rejected)]
    assert rejected, "the fuzz never produced a refused answer"
    assert all(f.reason for f in fallbacks)
    assert model_calls(game)


@pytest.mark.parametrize("seed", range(8))
async def test_fuzz_toy(seed: int) -> None:
    game = Game(GameConfig(variant="toy", names=NAMES[:6], seed=seed))
    _check(await _fuzz(game, seed, TOY_PACK))


@pytest.mark.parametrize("seed", range(3))
async def test_fuzz_toy_transcript_style(seed: int) -> None:
    game = Game(GameConfig(variant="toy", names=NAMES[:6], seed=seed))
    _check(await _fuzz(game, seed, TOY_PACK, profile="local"))


@pytest.mark.parametrize(("language", "seed"), [("zh-Hant", 0), ("zh-Hant", 1), ("en", 2), ("en", 3)])
async def test_fuzz_chinese_werewolf(language: str, seed: int) -> None:
    names = tuple(f"P{i + 1}" for i in range(9))
    game = Game(GameConfig(variant="chinese_werewolf", names=names, seed=seed, language=language))
    _check(await _fuzz(game, seed, ()))
