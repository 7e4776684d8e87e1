"""Seat wrappers: each wraps a seat and does one job (in the manner of PettingZoo's wrappers).

A seat answers a :class:`~llm_werewolf.agents.base.DecisionRequest` with an :class:`Attempt`: a choice,
or why there is none, and the table records the answer brought with it. The table composes the
standard stack (:class:`~llm_werewolf.table.Table` and :func:`answering_seat`), innermost first:

* :class:`Deadline` and :class:`Bounded` wrap the agent itself (it keeps its ``decide``): the seconds
  an agent may take per try, and the table's limit on agents answering at once;
* :class:`Asked` turns the agent's reply (or its failure: a timeout, an exception) into an attempt;
* :class:`Validated` refuses a choice the rules do not allow;
* :class:`Retried` asks again, with the error shown, up to ``max_attempts``;
* :class:`WithFallback` lets the seat's stand-in answer when no valid answer came.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

from ..agents.base import FINAL_FAULTS, Agent, DecisionRequest, Reply
from ..rules import Choice, Game, IllegalChoice, validate_choice
from ..rules.events import GOD, EventBody, Visibility
from ..table_notes import Fallback, Rejected

if TYPE_CHECKING:
    from ..agents.heuristic import HeuristicAgent

Notes = list[tuple[EventBody, Visibility]]


@dataclass
class Attempt:
    """A seat's answer to one request: a choice, or why there is none; and what the log keeps of it."""

    choice: Choice | None
    notes: Notes = field(default_factory=list)
    """Records the answer brought (model calls, checks, refusals), in order."""
    error: str | None = None
    """Why there is no choice (shown on the next try, and the fallback's reason)."""
    final: bool = False
    """Asking this seat again is no use (a dead endpoint, a spent deadline, an agent bug)."""
    thought: str = ""
    """The seat's private thought with an accepted choice."""


class Seat(Protocol):
    """Anything that answers a decision request with an :class:`Attempt`."""

    async def answer(self, request: DecisionRequest) -> Attempt: ...


def _rejected(request: DecisionRequest, answer: str, error: str) -> tuple[EventBody, Visibility]:
    decision = request.decision
    return Rejected(
        seat=decision.seat, decision_id=decision.id, attempt=request.attempt, answer=answer, error=error
    ), GOD


class Deadline:
    """An agent that must answer one try within ``seconds`` (``None``: no limit); else ``TimeoutError``."""

    def __init__(self, inner: Agent, seconds: float | None) -> None:
        self.inner = inner
        self.kind = inner.kind
        self.seconds = seconds

    async def decide(self, request: DecisionRequest) -> Reply:
        if self.seconds is None:
            return await self.inner.decide(request)
        return await asyncio.wait_for(self.inner.decide(request), self.seconds)


class Bounded:
    """An agent that answers only while it holds one of the table's places (``semaphore``)."""

    def __init__(self, inner: Agent, semaphore: asyncio.Semaphore) -> None:
        self.inner = inner
        self.kind = inner.kind
        self.semaphore = semaphore

    async def decide(self, request: DecisionRequest) -> Reply:
        async with self.semaphore:
            return await self.inner.decide(request)


class Asked:
    """A seat played by an agent: its reply, or its failure, as an attempt (a game never ends on one).

    ``timeout`` is the deadline a ``TimeoutError`` is reported against.
    """

    def __init__(self, agent: Agent, timeout: float | None = None) -> None:
        self.agent = agent
        self.timeout = timeout

    async def answer(self, request: DecisionRequest) -> Attempt:
        try:
            reply = await self.agent.decide(request)
        except TimeoutError:
            error = f"no answer within {self.timeout} s"
            return Attempt(None, [_rejected(request, "", error)], error=error)
        except Exception as exc:  # an agent bug must not end the game
            error = f"{type(exc).__name__}: {exc}"
            return Attempt(None, [_rejected(request, "", error[:500])], error=error, final=True)
        notes: Notes = [(call, GOD) for call in reply.calls]
        notes.extend((body, GOD) for body in reply.notes)  # e.g. the speech check (god-only)
        if reply.choice is None:
            error = (reply.error or "no answer")[:500]
            notes.append(_rejected(request, reply.answer[:200], error))
            return Attempt(None, notes, error=error, final=reply.fault in FINAL_FAULTS)
        return Attempt(reply.choice, notes, thought=reply.thought)


class Validated:
    """A seat whose choice the rules of ``game`` must allow; a refused one becomes the attempt's error."""

    def __init__(self, inner: Seat, game: Game) -> None:
        self.inner = inner
        self.game = game

    async def answer(self, request: DecisionRequest) -> Attempt:
        attempt = await self.inner.answer(request)
        if attempt.choice is None:
            return attempt
        try:
            validate_choice(self.game.state, request.decision.id, attempt.choice)
        except IllegalChoice as exc:
            error = str(exc)
            notes = [*attempt.notes, _rejected(request, attempt.choice.option[:200], error)]
            return Attempt(None, notes, error=error)
        return attempt


class Retried:
    """A seat asked again, with the last error shown, until it answers or ``attempts`` are spent."""

    def __init__(self, inner: Seat, attempts: int) -> None:
        self.inner = inner
        self.attempts = max(1, attempts)

    async def answer(self, request: DecisionRequest) -> Attempt:
        notes: Notes = []
        error = request.error
        for number in range(request.attempt, request.attempt + self.attempts):
            attempt = await self.inner.answer(replace(request, attempt=number, error=error))
            notes.extend(attempt.notes)
            if attempt.choice is not None:
                return replace(attempt, notes=notes)
            error = attempt.error
            if attempt.final:
                break
        return Attempt(None, notes, error=error, final=True)


class WithFallback:
    """A seat that always answers: when no valid answer came, its stand-in answers (a ``Fallback`` record
    says so), else the decision's default."""

    def __init__(self, inner: Seat, stand_in: HeuristicAgent, game: Game) -> None:
        self.inner = inner
        self.stand_in = stand_in
        self.game = game

    async def answer(self, request: DecisionRequest) -> Attempt:
        attempt = await self.inner.answer(request)
        if attempt.choice is not None:
            return attempt
        decision = request.decision
        choice, source = self._choose(request)
        fallback = Fallback(
            seat=decision.seat,
            decision_id=decision.id,
            decision=decision.kind,
            option=choice.option,
            reason=attempt.error or "no valid answer",
            source=source,
        )
        return Attempt(choice, [*attempt.notes, (fallback, GOD)])

    def _choose(self, request: DecisionRequest) -> tuple[Choice, str]:
        decision = request.decision
        try:
            choice = self.stand_in.choose(request.view, decision)
            validate_choice(self.game.state, decision.id, choice)
            return choice, fallback_source(self.stand_in)
        except IllegalChoice:
            return Choice(decision.default or decision.options[0].id), "default"


def fallback_source(stand_in: object) -> str:
    """What a stand-in agent's answers are recorded as (``Fallback.source``).

    A stand-in declares it with a ``fallback_source`` attribute (the web's
    rules'-default stand-in says ``default``); a plain heuristic stand-in is
    ``heuristic``.
    """
    source = getattr(stand_in, "fallback_source", None)
    return source if isinstance(source, str) and source else "heuristic"


def answering_seat(
    agent: Agent, stand_in: HeuristicAgent, game: Game, *, max_attempts: int, timeout: float | None
) -> Seat:
    """The table's seat around ``agent`` (already within its :class:`Deadline` and :class:`Bounded`):
    replies checked by the rules, re-asked up to ``max_attempts``, the stand-in's answer at the end."""
    return WithFallback(Retried(Validated(Asked(agent, timeout), game), max_attempts), stand_in, game)
