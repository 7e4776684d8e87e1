"""A repetitive but legal speech is trimmed and taken, not asked again; the call's record says what was cut.

A stub model whose every speech ends in one word said over and over (a small model's failure) plays whole
games: each speech decision takes one call, the recorded speech is the trimmed text, and the model call's
``note`` carries ``trimmed: repetition`` with the part cut. A speech nothing is left of is still asked again.
"""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from llm_werewolf.llm import CompletionRequest, FakeBackend, get_profile
from llm_werewolf.llm.fake import auto_answer
from llm_werewolf.prompting.answers import parse_answer
from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.rules.events import Speech
from llm_werewolf.table_notes import ModelCall
from llm_werewolf.texts import default_names

from .long_games import long_game
from .support import llm_agents, play_table

SAID = {"en": "I do not trust Bob.", "zh-Hant": "我不相信他。", "he": "אני לא סומך עליו."}
WORD = {"en": "wolf", "zh-Hant": "狼", "he": "זאב"}
GAMES = {"en": "one_night", "zh-Hant": "chinese_werewolf", "he": "online_mafia"}


def _repeating(language: str, said: str) -> FakeBackend:
    rng = random.Random(0)

    def script(request: CompletionRequest) -> str:
        answer = json.loads(auto_answer(request, rng))
        if "speech" in answer:
            answer["speech"] = said
        return json.dumps(answer, ensure_ascii=False)

    return FakeBackend(script, profile=get_profile("openai"))


def _game(language: str, said: str) -> Game:
    variant = GAMES[language]
    game = Game(GameConfig(variant=variant, names=default_names(language, 7), seed=1, language=language))
    return asyncio.run(play_table(game, llm_agents(_repeating(language, said), 7)))


@pytest.mark.parametrize("language", list(GAMES))
def test_a_repetitive_speech_is_trimmed_and_taken_in_one_call(language: str) -> None:
    repeated = " ".join([WORD[language]] * 30)
    game = _game(language, f"{SAID[language]} {repeated}")
    speeches = [r.event for r in game.records if isinstance(r.event, Speech) and r.event.text]
    calls = [r.event for r in game.records if isinstance(r.event, ModelCall)]
    speech_calls = [c for c in calls if c.purpose == "decision" and c.raw_output and '"speech"' in c.raw_output]
    assert speeches and speech_calls
    per_decision = len(speech_calls) / len({c.decision_id for c in speech_calls})
    assert per_decision == 1, f"{per_decision:.2f} calls per speech decision: a repetitive speech was asked again"
    for speech in speeches:
        assert speech.text.startswith(SAID[language]) and speech.text.count(WORD[language]) <= 1 + SAID[language].count(
            WORD[language]
        ), speech.text
    for call in speech_calls:
        assert call.note.startswith("trimmed: repetition"), call.note
        assert WORD[language] in call.note and call.error is None


def test_a_speech_of_nothing_but_repeats_keeps_one_copy_and_a_speech_of_nothing_is_asked_again() -> None:
    turn = next(t for t in long_game("one_night", "en") if t.decision.speech)
    prompt, decision = turn.prompt, turn.decision
    option = prompt.labels[0] if len(prompt.labels) > 1 else None

    def answer(speech: str) -> str:
        body = {"thought": "", "speech": speech, "claim": None, **({"option": option} if option else {})}
        return json.dumps(body)

    parsed = parse_answer(prompt, decision, answer("wolf " * 20), max_speech_chars=600)
    assert parsed.option is not None and parsed.text == "wolf" and parsed.note.startswith("trimmed: repetition")
    noise = parse_answer(prompt, decision, answer("!" * 40), max_speech_chars=600)
    assert noise.option is None and noise.error is not None
