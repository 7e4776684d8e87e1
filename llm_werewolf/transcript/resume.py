"""Resuming a game that was killed mid-way, from its partial transcript.

1. Read the file (a truncated last line is reported and ignored).
2. Find the last consistent point: table records (model calls, thoughts,
   re-asks, fallbacks) of a decision whose ``ChoiceMade`` never reached the
   file are dropped; every recorded choice is kept.
3. Rebuild the game from the kept records (the replay checks every rules
   event) and seat the agents the header names.
4. Cut the file back to the kept records and append from there: first the
   rules events the rebuild regenerated past the cut, then the rest of the game.

A simultaneous batch that was half answered when the process died is finished
with the views the seats had when the batch was asked, exactly as the
uninterrupted table would have. Agents draw their randomness per decision
(:func:`llm_werewolf.agents.heuristic.decision_rng`), so the same agents (or a
model replaying recorded outputs) give the same log as an uninterrupted run.
Limitation: narration for the very last batch is not redone when the process
died between that batch and its narration.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..agents.base import Agent
from ..agents.heuristic import HeuristicAgent
from ..agents.random_agent import RandomAgent
from ..rules import Game, Outcome
from ..rules.events import ChoiceMade, Record
from ..table import Table, TableSettings
from ..table.runner import Sink
from ..table.seating import AgentSpec, build_agent
from .io import Transcript, TranscriptWriter, read_transcript
from .replay import rebuild
from .schema import TABLE_EVENT_TYPES, Header


class ResumeError(ValueError):
    """The transcript cannot be resumed (the message says why)."""


def decision_of(record: Record) -> int | None:
    """The decision a choice or table record belongs to (``None`` for narration and rules events)."""
    event = record.event
    if isinstance(event, ChoiceMade):
        return event.decision_id
    if isinstance(event, TABLE_EVENT_TYPES):
        value = getattr(event, "decision_id", None)
        return value if isinstance(value, int) else None
    return None


def consistent_prefix(records: Sequence[Record]) -> int:
    """How many records to keep: drop the trailing table records of decisions that were never chosen."""
    chosen = {r.event.decision_id for r in records if isinstance(r.event, ChoiceMade)}
    keep = len(records)
    while keep > 0:
        record = records[keep - 1]
        decision = decision_of(record)
        if not isinstance(record.event, TABLE_EVENT_TYPES) or decision is None or decision in chosen:
            break
        keep -= 1
    return keep


@dataclass
class ResumePoint:
    """Where a partial transcript can go on from."""

    transcript: Transcript
    game: Game
    kept: int
    """Records of the file kept (the rest is cut off before appending)."""
    batch_start: int | None
    """Index of the first record of a half-answered simultaneous batch, else ``None``."""

    @property
    def cut_at(self) -> int:
        """Byte offset the file is cut to before appending."""
        if self.kept == 0:
            return self.transcript.header_bytes
        return self.transcript.offsets[self.kept - 1]

    @property
    def dropped(self) -> int:
        return len(self.transcript.records) - self.kept


def find_resume_point(transcript: Transcript) -> ResumePoint:
    kept = consistent_prefix(transcript.records)
    records = transcript.records[:kept]
    game = rebuild(transcript, records)
    batch_start: int | None = None
    if not game.over and game.state.answers:
        open_ids = {d.id for d in game.state.pending}
        batch_start = next(i for i, r in enumerate(records) if decision_of(r) in open_ids)
    return ResumePoint(transcript=transcript, game=game, kept=kept, batch_start=batch_start)


def settings_from(header: Header) -> TableSettings:
    table = header.table
    settings = TableSettings()
    if "max_attempts" in table:
        settings.max_attempts = int(table["max_attempts"])
    if "decision_timeout" in table:
        timeout = table["decision_timeout"]
        settings.decision_timeout = None if timeout is None else float(timeout)
    if "concurrency" in table:
        settings.concurrency = int(table["concurrency"])
    return settings


def agents_from(header: Header) -> list[Agent]:
    """Seat the agents the header names (same kinds, models, personas and seeds as the original run)."""
    if len(header.seats) != len(header.names):
        raise ResumeError(f"the header names {len(header.names)} seats but describes {len(header.seats)} agents")
    agents: list[Agent] = []
    for index, seat in enumerate(header.seats):
        spec = replace(AgentSpec.parse(seat.agent), persona=seat.persona)
        if seat.agent_seed is not None and spec.kind == "heuristic":
            agents.append(HeuristicAgent(seed=seat.agent_seed))
        elif seat.agent_seed is not None and spec.kind == "random":
            agents.append(RandomAgent(seed=seat.agent_seed))
        else:
            agents.append(
                build_agent(spec, seat=index, seed=header.seed, language=header.language, variant=header.variant)
            )
    return agents


class ResumedTable(Table):
    """A :class:`Table` that starts from a rebuilt game whose first ``kept`` records are already written."""

    def __init__(self, point: ResumePoint, agents: Sequence[Agent], **kwargs: Any) -> None:
        super().__init__(point.game, agents, **kwargs)
        self.point = point

    async def play(self) -> Outcome:
        records = self.game.records
        kept = self.point.kept
        start = self.point.batch_start
        first_unseen = kept if start is None else start
        for builder in self.builders:
            builder.extend(records[:first_unseen])
        self._published = kept
        if start is not None:
            # Finish the half-answered batch with the views of the moment it was asked.
            pending = self.game.pending
            answers = await asyncio.gather(*(self._answer(d) for d in pending))
            for builder in self.builders:
                builder.extend(records[start:kept])
            for decision, answer in zip(pending, answers, strict=True):
                for body, vis in answer.notes:
                    self.game.note(body, vis)
                self.game.submit(decision.id, answer.choice)
        return await super().play()


@dataclass
class ResumeResult:
    point: ResumePoint
    outcome: Outcome | None
    written: int
    """Records appended to the file."""


def resume_file(path: str | Path, *, agents: Sequence[Agent] | None = None, sinks: Sequence[Sink] = ()) -> ResumeResult:
    """Continue the game of ``path`` and append the rest of its log to the same file."""
    transcript = read_transcript(path)
    point = find_resume_point(transcript)
    game = point.game
    if game.over and point.kept == len(game.records):
        return ResumeResult(point=point, outcome=game.outcome, written=0)
    seated = list(agents) if agents is not None else agents_from(transcript.header)
    with TranscriptWriter(path, transcript.header, append=True, truncate_at=point.cut_at) as writer:
        before = len(game.records)
        if game.over:
            writer.write(game.records[point.kept :])
            return ResumeResult(point=point, outcome=game.outcome, written=before - point.kept)
        table = ResumedTable(point, seated, sinks=[writer, *sinks], settings=settings_from(transcript.header))
        outcome = asyncio.run(table.play())
    return ResumeResult(point=point, outcome=outcome, written=len(game.records) - point.kept)
