"""A human seat in the browser: the agent that waits for the person, and its out-of-time answer.

The agent never sees the game: it gets the :class:`DecisionRequest` (the decision
and the seat's own view) from the table and waits until the person answers
through the seat's websocket or HTTP endpoint. Out of time, it raises
:class:`HumanTimedOut`; the table then records a ``Rejected`` and a ``Fallback``
record and the seat's fallback answers (see :class:`llm_werewolf.table.Table`).
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..agents.base import DecisionRequest, Reply
from ..agents.heuristic import HeuristicAgent
from ..controls import strip_controls
from ..rules import Choice, Decision, SeatView
from ..strings.sanitize import clean_output
from .limits import offer_all


class HumanTimedOut(Exception):
    """The person did not answer within the table's limit (not a ``TimeoutError``: no re-ask)."""


class AnswerRefused(ValueError):
    """An answer from the page that cannot be accepted (the page shows the reason)."""


@dataclass
class Pending:
    """The decision a human seat is looking at, and where the answer goes."""

    request: DecisionRequest
    future: asyncio.Future[Choice]
    deadline: float | None
    """Event-loop time by which the answer must come (``None``: no limit)."""


@dataclass
class SeatHub:
    """One seat's connections, secret token and open decision."""

    seat: int
    human: bool
    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    pending: Pending | None = None
    queues: set[asyncio.Queue[dict[str, Any]]] = field(default_factory=set)

    def push(self, message: dict[str, Any]) -> None:
        offer_all(self.queues, message)

    @property
    def connected(self) -> int:
        return len(self.queues)


class HumanWebAgent:
    """Answers a seat's decisions with what the person sends from the seat page."""

    kind = "human"
    label = "human"

    def __init__(
        self,
        hub: SeatHub,
        *,
        time_limit: float | None,
        on_change: Callable[[SeatHub], None],
    ) -> None:
        self.hub = hub
        self.time_limit = time_limit
        self.on_change = on_change
        self._deadlines: dict[int, float] = {}

    async def decide(self, request: DecisionRequest) -> Reply:
        loop = asyncio.get_running_loop()
        deadline = None
        if self.time_limit is not None:
            # a re-ask (refused answer) keeps the first deadline: one limit per decision
            deadline = self._deadlines.setdefault(request.decision.id, loop.time() + self.time_limit)
        future: asyncio.Future[Choice] = loop.create_future()
        self.hub.pending = Pending(request, future, deadline)
        self.on_change(self.hub)
        try:
            if deadline is None:
                choice = await future
            else:
                try:
                    choice = await asyncio.wait_for(future, max(0.0, deadline - loop.time()))
                except TimeoutError:
                    raise HumanTimedOut(f"no answer within {self.time_limit:g} s") from None
        finally:
            self.hub.pending = None
            self.on_change(self.hub)
        return Reply(choice)


def check_answer(decision: Decision, payload: dict[str, Any], *, speech_limit: int, claims: frozenset[str]) -> Choice:
    """Turn a page's answer into a :class:`Choice`, or raise :class:`AnswerRefused` (error keys of ui.yaml)."""
    option = payload.get("option")
    if not isinstance(option, str) or decision.option(option) is None:
        raise AnswerRefused("not_an_option")
    raw_text = payload.get("text") or ""
    raw_claim = payload.get("claim") or None
    if not isinstance(raw_text, str) or not (raw_claim is None or isinstance(raw_claim, str)):
        raise AnswerRefused("not_an_option")
    if not decision.speech:
        return Choice(option)
    text = clean_output(strip_controls(raw_text))
    if len(text) > speech_limit:
        raise AnswerRefused("too_long")
    if raw_claim is not None and raw_claim not in claims:
        raise AnswerRefused("not_an_option")
    return Choice(option, text=text, claim=raw_claim)


class DefaultAnswerAgent(HeuristicAgent):
    """The fallback for a human seat configured to get the rules' default answer when out of time."""

    kind = "default"
    fallback_source = "default"
    """Recorded as ``Fallback(source="default")``: the rules' default, not a heuristic's pick."""

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        option = decision.default if decision.default is not None else decision.options[0].id
        return Choice(option)
