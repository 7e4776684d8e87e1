"""Rule-of-thumb players: each ruleset ships a policy that plays its roles sensibly.

A policy is a plain function ``decide(view, decision, rng) -> Choice`` in
``llm_werewolf/agents/heuristics/<variant>.py``. It sees only the seat's view.
Rulesets without a policy fall back to uniform random choices.
"""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Callable
from functools import cache
from typing import Protocol, cast

from ..rules import Choice, Decision, SeatView
from ..speech.table_reading import SeatHold, hold_reading
from .base import DecisionRequest, Reply
from .heuristics.common import DeferredRandom
from .heuristics.record_scan import ScanMemory
from .speech import act_speech

Policy = Callable[[SeatView, Decision, random.Random], Choice]
NotedPolicy = Callable[[SeatView, Decision, random.Random], tuple[Choice, str]]


class RememberingPolicy(Protocol):
    """A ``decide_noted`` that reads only new records with the agent's ``ScanMemory``."""

    def __call__(
        self, view: SeatView, decision: Decision, rng: random.Random, memory: ScanMemory | None = None
    ) -> tuple[Choice, str]: ...


@cache
def policy_for(variant: str) -> Policy | None:
    """The heuristic policy of ``variant``, or ``None`` when it has none."""
    module_name = f"llm_werewolf.agents.heuristics.{variant}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            return None
        raise
    decide: Policy = module.decide
    return decide


@cache
def noted_policy_for(variant: str) -> NotedPolicy | None:
    """``decide_noted`` of ``variant``'s policy (a choice and a private note), when it has one."""
    if policy_for(variant) is None:
        return None
    module = importlib.import_module(f"llm_werewolf.agents.heuristics.{variant}")
    noted: NotedPolicy | None = getattr(module, "decide_noted", None)
    return noted


@cache
def remembering_policy_for(variant: str) -> RememberingPolicy | None:
    """``decide_noted`` of ``variant`` when it takes the agent's ``memory`` (record-scan cache)."""
    noted = noted_policy_for(variant)
    if noted is None or "memory" not in inspect.signature(noted).parameters:
        return None
    return cast(RememberingPolicy, noted)


def random_choice(view: SeatView, decision: Decision, rng: random.Random) -> Choice:
    option = decision.options[rng.randrange(len(decision.options))]
    if decision.speech:
        return act_speech(view, decision, rng, "neutral", option=option.id)
    return Choice(option.id)


def decision_rng(seed: int, decision: Decision) -> random.Random:
    """A generator for one decision, derived from the agent's seed and the decision id.

    Agents keep no running random state, so a game resumed from its transcript
    makes exactly the choices an uninterrupted game would have made.

    The generator is ``random.Random(f"{seed}:{decision.id}:{decision.seat}")``, built without
    ``Random.seed``'s Python-level type tests: the same integer (the text's bytes followed by their
    SHA-512, which is what ``seed`` makes of a text) goes straight to the core seeding, so every
    draw is the one ``random.Random(text)`` gives (``tests/test_speech_speed.py``). The core is
    seeded at the first draw (:class:`~.heuristics.common.DeferredRandom`): most votes and night
    actions draw nothing.
    """
    return DeferredRandom(f"{seed}:{decision.id}:{decision.seat}".encode())


class HeuristicAgent:
    kind = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        # What this agent's seats read from their records so far (per seat, checked by record identity).
        self.memory = ScanMemory()
        # A hold on the reading of the public record of this agent's game, shared with the other seats and
        # held by them, so that it (and the game's memos kept on it) lives exactly as long as the game's seats.
        self.hold: SeatHold | None = None

    async def decide(self, request: DecisionRequest) -> Reply:
        choice, note = self.choose_noted(request.view, request.decision)
        return Reply(choice, thought=note)

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        choice = self._choose_noted(view, decision)[0]
        hold = self.hold
        if hold is None or (view.records and hold.reading.first is not view.records[0]):
            self.hold = hold_reading(view)  # the game's reading, once the game's seats have read it
        return choice

    def choose_noted(self, view: SeatView, decision: Decision) -> tuple[Choice, str]:
        """The choice and the private note that records a deliberate play (a wolf bussing a partner...)
        and, for a speech, which of its acts the seat knows to be false (:func:`fabrication_note`)."""
        choice, note = self._choose_noted(view, decision)
        if decision.speech and choice.acts:
            marked = fabrication_note(view, choice)
            if marked:
                note = f"{note}\n{marked}" if note else marked
        hold = self.hold
        if hold is None or (view.records and hold.reading.first is not view.records[0]):
            self.hold = hold_reading(view)  # the game's reading, once the game's seats have read it
        return choice, note

    def _choose_noted(self, view: SeatView, decision: Decision) -> tuple[Choice, str]:
        rng = decision_rng(self.seed, decision)
        remembering = remembering_policy_for(view.variant)
        if remembering is not None:
            return remembering(view, decision, rng, memory=self.memory)
        noted = noted_policy_for(view.variant)
        if noted is not None:
            return noted(view, decision, rng)
        policy = policy_for(view.variant) or random_choice
        return policy(view, decision, rng), ""


FABRICATED = "fabricated acts:"
"""How a private note marks a speech's deliberate lies: the indices of its acts the seat knows to be false."""


def fabrication_note(view: SeatView, choice: Choice) -> str:
    """``fabricated acts: 0, 2`` for the acts of a speech the seat knows to be false (a fake claim, a
    fake result, a reason that does not hold), "" when there are none: the god view's label of a lie."""
    from ..speech.grounding import fabricated

    if view.seat is None:
        return ""
    found = fabricated(choice.acts, view.records, view.seat, view.variant)
    return f"{FABRICATED} {', '.join(map(str, found))}" if found else ""
