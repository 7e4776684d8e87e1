"""Uniform over the legal options; speeches are short canned lines."""

from __future__ import annotations

import random

from ..rules import Choice
from .base import DecisionRequest, Reply
from .speech import canned_speech


class RandomAgent:
    kind = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    async def decide(self, request: DecisionRequest) -> Reply:
        return Reply(self.choose(request))

    def choose(self, request: DecisionRequest) -> Choice:
        decision = request.decision
        option = decision.options[self.rng.randrange(len(decision.options))]
        if decision.speech:
            return Choice(option.id, text=canned_speech(request.view, "neutral", self.rng))
        return Choice(option.id)
