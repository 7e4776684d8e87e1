"""A base-model seat given the floor says more than the answers it owes: the slot plan offers no
"nothing" in its question slot until the speech has made a point of its own (the embedded model took
"nothing" in every slot after its answer: «إلى عمر: الجميع ما زالوا رماديّين عندي.», a whole speech)."""

from __future__ import annotations

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.rules import Choice, Decision, GameConfig, SeatView
from llm_werewolf.sim import SyncAgent, play_with_agents
from llm_werewolf.speech.phrases import phrase_bank
from llm_werewolf.speech.planner import owing, questions_to
from llm_werewolf.speech.slot_picker import PlanSteps, plan_steps
from llm_werewolf.speech.voice import Speaker
from llm_werewolf.texts import default_names

TABLES = [
    ("one_night", "ar", 5),
    ("city_mafia", "ru", 7),
    ("online_mafia", "he", 7),
    ("chinese_werewolf", "zh-Hant", 6),
    ("lebanese_ghouls", "ar-LB", 6),
]


class Asked:
    """A heuristic seat that keeps the views of its turns to speak where a question was put to it and
    another seat may be asked one (not every other seat owes the table an answer already)."""

    def __init__(self, seed: int, kept: list[SeatView]) -> None:
        self.agent = HeuristicAgent(seed=seed)
        self.kept = kept

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        askable = [s for s in view.living() if s != view.seat and s not in owing(view)]
        if decision.kind == "speech" and view.seat is not None and questions_to(view) and askable:
            self.kept.append(view)
        return self.agent.choose(view, decision)


def _taking_nothing(steps: PlanSteps, nothing: str) -> list[str]:
    """Drive a plan as the model that ends early does: "nothing" wherever it is offered, else the first label."""
    try:
        ask = next(steps)
        while True:
            ask = steps.send(ask.labels.index(nothing) if nothing in ask.labels else 0)
    except StopIteration as done:
        plan, _ = done.value
        return [a.kind for a in plan.acts]


@pytest.mark.parametrize(("variant", "language", "seats"), TABLES)
def test_a_model_seat_that_takes_nothing_still_asks_after_its_answers(variant: str, language: str, seats: int) -> None:
    names = default_names(language, seats)
    nothing = str(phrase_bank(language, variant).picker["slots"]["none"])
    kept: list[SeatView] = []
    for seed in range(1, 4):
        agents: list[SyncAgent] = [Asked(seed * 1009 + i, kept) for i in range(seats)]
        play_with_agents(GameConfig(variant=variant, names=names, seed=seed, language=language), agents)
    assert kept, "some seat was asked a question before it spoke"
    alone = []
    for view in kept:
        assert view.seat is not None
        speaker = Speaker(seat=view.seat, names=names, language=language, variant=variant)
        kinds = _taking_nothing(plan_steps(view, speaker=speaker), nothing)
        if kinds and set(kinds) == {"answer"}:
            alone.append(kinds)
    assert not alone
