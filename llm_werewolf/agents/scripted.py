"""Scripted agents: answer from per-kind queues (scenario files), then a fallback policy."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ..rules import Choice, Decision, SeatView
from .base import DecisionRequest, Reply
from .heuristic import HeuristicAgent, decision_rng
from .speech import canned_speech

FallbackMode = Literal["default", "first", "random", "heuristic", "error"]


@dataclass(frozen=True, slots=True)
class ScriptedAnswer:
    """One scripted answer: an option id (``None`` = the first option) and, for speeches, text/claim.

    A *plain* answer came from a bare string in a script: it is the option id for
    ordinary decisions and the speech text for speech decisions.
    """

    option: str | None = None
    text: str = ""
    claim: str | None = None
    plain: bool = False


class ScriptExhausted(RuntimeError):
    """A scripted seat has no answer left and its fallback is ``error``."""


class ScriptedAgent:
    kind = "scripted"

    def __init__(
        self,
        script: Mapping[str, Sequence[ScriptedAnswer]],
        *,
        fallback: FallbackMode = "default",
        seed: int = 0,
    ) -> None:
        self.queues = {kind: deque(answers) for kind, answers in script.items()}
        self.fallback = fallback
        self.seed = seed
        self._heuristic = HeuristicAgent(seed=seed)
        self.used: list[tuple[str, ScriptedAnswer]] = []

    async def decide(self, request: DecisionRequest) -> Reply:
        return Reply(self.choose(request.view, request.decision))

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        queue = self.queues.get(decision.kind)
        if queue:
            answer = queue.popleft()
            self.used.append((decision.kind, answer))
            if decision.speech and answer.plain:
                return Choice(decision.options[0].id, text=answer.text)
            option = answer.option if answer.option is not None else decision.options[0].id
            if decision.speech:
                text = answer.text or canned_speech(view, "neutral", decision_rng(self.seed, decision))
                return Choice(option, text=text, claim=answer.claim)
            return Choice(option)
        return self._fallback(view, decision)

    def remaining(self) -> dict[str, int]:
        return {kind: len(queue) for kind, queue in self.queues.items() if queue}

    def _fallback(self, view: SeatView, decision: Decision) -> Choice:
        mode = self.fallback
        if mode == "error":
            raise ScriptExhausted(f"no scripted answer left for {decision.kind!r}")
        if mode == "heuristic":
            return self._heuristic.choose(view, decision)
        rng = decision_rng(self.seed, decision)
        if mode == "random":
            option = decision.options[rng.randrange(len(decision.options))].id
        elif mode == "first":
            option = decision.options[0].id
        else:
            option = decision.default or decision.options[0].id
        if decision.speech:
            return Choice(option, text=canned_speech(view, "neutral", rng))
        return Choice(option)
