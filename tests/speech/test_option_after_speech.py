"""A base-model seat's speech decision with several options (city_mafia's nomination) asks the model for
its option only where the speech's acts leave it open: after the speech's slots (the last pick of the
speech's one call, or a call of its own after the slots' calls), never where the speech decides it."""

from __future__ import annotations

import pytest

from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.llm.base import CompletionRequest
from llm_werewolf.llm.fake import FakeBackend
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.rules.events import ChoiceMade, Record, Speech
from llm_werewolf.speech.commitments import voted_seat
from llm_werewolf.table import Table, TableSettings
from llm_werewolf.table_notes import ModelCall
from llm_werewolf.texts import default_names

from .test_model_plan import MODELS, Picker


class SlotBySlot(FakeBackend):
    """A fake backend that cannot walk a sequence: one call per slot (``slot_picker.pick_plan``)."""

    picks_sequences = False


async def _played(backend: FakeBackend, seed: int) -> list[Record]:
    names = default_names("ru", 7)
    game = Game(GameConfig(variant="city_mafia", names=names, seed=seed, language="ru", options={"max_days": 2}))
    agents = [LLMAgent(backend, settings=LLMAgentSettings(seed=i)) for i in range(7)]
    await Table(game, agents, settings=TableSettings(max_attempts=2)).play()
    return list(game.records)


def _nominations(records: list[Record]) -> list[tuple[ChoiceMade, bool, list[ModelCall]]]:
    """Each speech decision with seat options: its choice, whether its speech committed to a seat (then the
    nomination follows the speech: ``commitments.nomination``), and its model calls in order."""
    out = []
    for index, record in enumerate(records):
        choice = record.event
        if not isinstance(choice, ChoiceMade) or choice.decision != "speech" or len(choice.options) < 2:
            continue
        speech = next(r.event for r in records[index + 1 :] if type(r.event) is Speech and r.event.seat == choice.seat)
        calls = [r.event for r in records if type(r.event) is ModelCall and r.event.decision_id == choice.decision_id]
        out.append((choice, voted_seat(speech.acts, "city_mafia") is not None, calls))
    return out


def _script(pick: Picker) -> Picker:
    def script(request: CompletionRequest) -> str:
        assert request.mode == "pick", request.mode
        return pick(request)

    return script


@pytest.mark.parametrize("model", ["first", "last"])
@pytest.mark.parametrize("seed", [1, 2])
async def test_the_speech_call_picks_the_option_last_and_only_when_the_speech_leaves_it_open(
    model: str, seed: int
) -> None:
    records = await _played(FakeBackend(_script(MODELS[model]), profile=get_profile("local")), seed)
    decided = open_ = 0
    for choice, committed, calls in _nominations(records):
        (call,) = [c for c in calls if c.purpose == "slot_plan"]
        steps = [line.split(":", 1)[0] for line in call.raw_output.splitlines()]
        if committed:
            assert "option" not in steps, (choice.seat, call.raw_output)
            decided += 1
        else:
            assert steps and steps[-1] == "option" and steps.count("option") == 1, call.raw_output
            open_ += 1
    assert decided >= 2 and open_ >= 1


@pytest.mark.parametrize("model", ["first", "last"])
@pytest.mark.parametrize("seed", [1, 2])
async def test_a_slot_by_slot_seat_asks_for_the_option_after_its_slots_and_only_when_left_open(
    model: str, seed: int
) -> None:
    records = await _played(SlotBySlot(_script(MODELS[model]), profile=get_profile("local")), seed)
    decided = open_ = 0
    for _, committed, calls in _nominations(records):
        purposes = [c.purpose for c in calls]
        if committed:
            assert "decision:pick" not in purposes, purposes
            decided += 1
        else:
            assert purposes[-1] == "decision:pick" and purposes.count("decision:pick") == 1, purposes
            open_ += 1
    assert decided >= 2 and open_ >= 1
