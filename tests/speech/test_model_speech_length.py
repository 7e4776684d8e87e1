"""A base-model seat given the floor says more than the answers it owes: the slot plan offers no
"nothing" in its question slot until the speech has made a point of its own (the embedded model took
"nothing" in every slot after its answer: «إلى عمر: الجميع ما زالوا رماديّين عندي.», a whole speech)."""

from __future__ import annotations

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.rules import Choice, Decision, GameConfig, SeatView
from llm_werewolf.sim import SyncAgent, play_with_agents
from llm_werewolf.speech.phrases import phrase_bank
from llm_werewolf.speech.planner import Plan, closing, owing, questions_to
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
    """A heuristic seat that keeps the views of its turns to speak where another seat may be asked a
    question (not every other seat owes the table an answer already)."""

    def __init__(self, seed: int, kept: list[SeatView]) -> None:
        self.agent = HeuristicAgent(seed=seed)
        self.kept = kept

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        askable = [s for s in view.living() if s != view.seat and s not in owing(view)]
        if decision.kind == "speech" and view.seat is not None and askable:
            self.kept.append(view)
        return self.agent.choose(view, decision)


def _taking_nothing(steps: PlanSteps, nothing: str) -> Plan:
    """Drive a plan as the model that ends early does: "nothing" wherever it is offered, else the first label."""
    try:
        ask = next(steps)
        while True:
            ask = steps.send(ask.labels.index(nothing) if nothing in ask.labels else 0)
    except StopIteration as done:
        plan: Plan = done.value[0]
        return plan


def _plans(variant: str, language: str, seats: int) -> list[tuple[SeatView, Plan]]:
    """The plans of the seats' turns to speak (seeds 1..3) where a seat may be asked, the model taking nothing."""
    names = default_names(language, seats)
    nothing = str(phrase_bank(language, variant).picker["slots"]["none"])
    kept: list[SeatView] = []
    for seed in range(1, 4):
        agents: list[SyncAgent] = [Asked(seed * 1009 + i, kept) for i in range(seats)]
        play_with_agents(GameConfig(variant=variant, names=names, seed=seed, language=language), agents)
    assert kept
    plans = []
    for view in kept:
        assert view.seat is not None
        speaker = Speaker(seat=view.seat, names=names, language=language, variant=variant)
        plans.append((view, _taking_nothing(plan_steps(view, speaker=speaker), nothing)))
    return plans


@pytest.mark.parametrize(("variant", "language", "seats"), TABLES)
def test_a_model_seat_that_takes_nothing_still_asks_after_its_answers(variant: str, language: str, seats: int) -> None:
    plans = _plans(variant, language, seats)
    asked = [plan for view, plan in plans if questions_to(view)]
    assert asked, "some seat was asked a question before it spoke"
    assert not [plan.acts for plan in asked if {a.kind for a in plan.acts} == {"answer"}]
    lone = [plan.acts for _, plan in plans if len(plan.acts) == 1 and plan.acts[0].kind in ("answer", "result")]
    assert not lone  # a result alone neither («تفقّدت ورقتي قبل الصباح فوجدت اللص.», a whole speech)


def test_a_speech_about_nobody_closes_with_a_check_on_the_seat_it_asks() -> None:
    """As a heuristic seat's: where the night's investigator may be asked to look at the seat the speech
    questions (``planner.closing``), the speech closes so (one_night has no next night)."""
    about_nobody = [
        (view, plan, asked)
        for variant, language, seats in TABLES
        if variant != "one_night"
        for view, plan in _plans(variant, language, seats)
        if not any(a.kind in ("vote", "reason", "accuse") for a in plan.acts)
        for asked in [a.target for a in plan.acts if a.kind == "ask"][:1]
    ]
    assert about_nobody
    unclosed = [
        plan for view, plan, asked in about_nobody if (plan.close, plan.close_target) != closing(view, plan.acts, asked)
    ]
    assert not unclosed
    assert any(plan.close == "check" for _, plan, _ in about_nobody)
