"""Uniform over the legal options: ``RandomAgent`` speaks short canned lines, ``NaiveAgent`` says nothing."""

from __future__ import annotations

from ..rules import Choice, Decision, SeatView
from .base import DecisionRequest, Reply
from .heuristic import decision_rng
from .speech import act_speech


class RandomAgent:
    kind = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    async def decide(self, request: DecisionRequest) -> Reply:
        return Reply(self.choose(request.view, request.decision))

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        rng = decision_rng(self.seed, decision)
        option = decision.options[rng.randrange(len(decision.options))]
        if decision.speech:
            return act_speech(view, decision, rng, "neutral", option=option.id)
        return Choice(option.id)


class NaiveAgent(RandomAgent):
    """The strength ladder's baseline: uniform random legal choices and silent speeches (no claims)."""

    kind = "naive"

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        rng = decision_rng(self.seed, decision)
        return Choice(decision.options[rng.randrange(len(decision.options))].id)
