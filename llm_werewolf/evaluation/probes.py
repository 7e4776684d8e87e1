"""Opt-in probes that ask agents extra questions during a game (they cost calls).

* Vote-intent polling: after each public discussion utterance (and once before
  the first of each day) every living seat is asked whom it would vote against
  now, with the ruleset's own vote decision kind, so any agent (heuristic,
  random, language model) can answer. Answers are :class:`VoteIntent` records.
* Suspicion estimates: when a day's vote is about to be asked, each living seat's
  vote intent is sampled ``samples`` times; the share of samples naming seat j is
  recorded as its p(j is a wolf) (:class:`SuspicionEstimate`, method
  ``sampled_intents``). A coarse estimator, named as such in reports.
* Canaries: :class:`CanaryAgent` appends a marker ``canary-<hex>`` to every
  private thought of a seat; :mod:`.leakage` then looks for it where it must not be.

Probe decisions carry ids from :data:`PROBE_ID_BASE` up, never asked by the rules;
their model calls are recorded like any other (``ModelCall``) so cost counts them.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..agents.base import Agent, DecisionRequest, Reply
from ..rules import Choice, Decision, Option, SeatView, get_ruleset, seat_option
from ..rules.decisions import SKIP_OPTION, plain_option
from ..rules.events import GOD, PhaseStarted, Record, Speech
from ..table import Table
from ..table_notes import SuspicionEstimate, VoteIntent

PROBE_ID_BASE = 10_000_000
DISCUSSION_STAGES = frozenset({"discussion", "campaign", "defense"})


@dataclass
class ProbeSettings:
    vote_intent: bool = False
    suspicion: bool = False
    samples: int = 3
    """Vote intents sampled per seat for one suspicion estimate."""


class Probes:
    """A table observer (``table.observers``) that polls vote intents and suspicion estimates as the game goes."""

    def __init__(self, variant: str, probes: ProbeSettings | None = None) -> None:
        self.probes = probes or ProbeSettings()
        profile = get_ruleset(variant).eval_profile
        self.poll = profile.poll if profile is not None else None
        self._next_id = PROBE_ID_BASE
        self._round = 0
        self._suspicion_days: set[int] = set()

    async def observe(self, table: Table, records: Sequence[Record]) -> None:
        """Poll after each public discussion speech (and once at daybreak); estimate suspicion before a vote."""
        if self.poll is None or table.game.over:
            return
        if self.probes.vote_intent:
            for record in records:
                event = record.event
                if (isinstance(event, PhaseStarted) and event.phase == "day") or (
                    isinstance(event, Speech)
                    and record.vis.scope == "public"
                    and event.to is None
                    and event.stage in DISCUSSION_STAGES
                ):
                    await self._poll_intents(table, record.seq)
        if self.probes.suspicion:
            await self._maybe_suspicion(table)

    # -- asking ----------------------------------------------------------------------------
    def _decision(self, table: Table, seat: int) -> Decision:
        assert self.poll is not None
        living = table.game.state.living()
        options: list[Option] = [seat_option(i) for i in living if i != seat]
        if self.poll.abstain == "skip":
            options.append(SKIP_OPTION)
        elif self.poll.abstain is not None:
            options.append(plain_option(self.poll.abstain))
        self._next_id += 1
        return Decision(
            id=self._next_id,
            seat=seat,
            kind=self.poll.kind,
            options=tuple(options),
            default=self.poll.abstain,
            group="probe",
        )

    async def _intent(self, table: Table, seat: int) -> tuple[Decision, Choice]:
        decision = self._decision(table, seat)
        view: SeatView = table.builders[seat].view()
        try:
            reply = await table.ask(seat, DecisionRequest(decision=decision, view=view))
        except Exception:  # a probe never ends a game
            return decision, Choice(decision.default or "")
        for call in reply.calls:
            table.game.note(call, GOD)
        return decision, reply.choice or Choice(decision.default or "")

    async def _poll_intents(self, table: Table, about: int) -> None:
        self._round += 1
        living = table.game.state.living()
        answers = await asyncio.gather(*(self._intent(table, s) for s in living))
        for seat, (decision, choice) in zip(living, answers, strict=True):
            target = next((o.target for o in decision.options if o.id == choice.option and o.kind == "seat"), None)
            option = choice.option if any(o.id == choice.option for o in decision.options) else "invalid"
            table.game.note(VoteIntent(seat=seat, about=about, round=self._round, option=option, target=target), GOD)

    async def _maybe_suspicion(self, table: Table) -> None:
        assert self.poll is not None
        pending = table.game.pending
        day = table.game.state.phase.number
        if day in self._suspicion_days or not any(d.kind == self.poll.kind for d in pending):
            return
        self._suspicion_days.add(day)
        living = table.game.state.living()
        for seat in living:
            others = [i for i in living if i != seat]
            counts = dict.fromkeys(others, 0)
            samples = max(1, self.probes.samples)
            for _ in range(samples):
                decision, choice = await self._intent(table, seat)
                target = next((o.target for o in decision.options if o.id == choice.option and o.kind == "seat"), None)
                if target in counts:
                    counts[target] += 1
            estimates = tuple((j, round(counts[j] / samples, 4)) for j in others)
            table.game.note(
                SuspicionEstimate(seat=seat, day=day, estimates=estimates, method=f"sampled_intents:{samples}"), GOD
            )


class CanaryAgent:
    """Wraps an agent; every private thought it returns carries the marker ``canary-<8 hex>``."""

    def __init__(self, inner: Agent, seat: int, seed: int) -> None:
        self.inner = inner
        self.kind = inner.kind
        self.marker = "canary-" + hashlib.blake2b(f"{seed}:{seat}".encode(), digest_size=4).hexdigest()
        label = getattr(inner, "label", None)
        self.label = label if isinstance(label, str) else inner.kind

    async def decide(self, request: DecisionRequest) -> Reply:
        reply = await self.inner.decide(request)
        thought = f"{reply.thought} [{self.marker}]".strip()
        return replace(reply, thought=thought)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def wrap_canaries(agents: Sequence[Agent], seed: int) -> list[Agent]:
    return [CanaryAgent(agent, i, seed) for i, agent in enumerate(agents)]
