"""The table: runs one game with agents, asynchronously.

For every batch of pending decisions (all asked together by one rules step, so
simultaneous) the table asks each seat's agent concurrently, bounded by a
per-game semaphore. Each answer is validated by the rules; a refused answer is
re-asked with the error shown, up to ``max_attempts``; after that, or on an
agent failure or timeout, the seat's fallback agent answers and a ``Fallback``
record says so. The game never crashes on agent output. Each of these jobs is a seat wrapper
(:mod:`.seat_wrappers`); ``table.seats`` holds each seat's stack.

Every record (rules events and table events alike) goes, in order, to the
game's log and to each sink (transcript writer, console, narrator...); then
each observer (``table.observers``: probes, canaries) sees the batch.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Protocol

from ..agents.base import Agent, DecisionRequest, Reply
from ..agents.heuristic import HeuristicAgent
from ..llm.streaming import previewing
from ..rules import Choice, Decision, Game, Outcome, ViewBuilder
from ..rules.events import GOD, EventBody, Record, Visibility, to_seats
from ..seeds import seat_seed
from ..table_notes import ModelCall, Narration, Thought
from .seat_wrappers import Bounded, Deadline, Seat, answering_seat


class Sink(Protocol):
    """Receives every new record, in order (transcript writer, console, web...)."""

    def write(self, records: Sequence[Record]) -> None: ...


class Narrator(Protocol):
    """Turns new public records into narration events (see llm_werewolf.narration).

    The bodies are logged public, except ``ModelCall`` records (an LLM narrator's
    calls), which are logged god-only like every other model call.
    """

    async def narrate(self, records: Sequence[Record]) -> list[EventBody]: ...


@dataclass
class TableSettings:
    max_attempts: int = 3
    """Answers asked per decision before the fallback agent answers (1 = no re-ask)."""
    decision_timeout: float | None = None
    """Seconds an agent may take per attempt (None: no limit)."""
    concurrency: int = 8
    """Agents asked at the same time within one simultaneous batch."""
    pace: Callable[[Sequence[Record]], Awaitable[None]] | None = None
    """Called after each batch of records with something public in it (a coroutine function may pause
    for humans); a batch only some seats see is never paced, so a private question leaves no gap."""
    on_progress: Callable[[], None] | None = None
    """Called when an agent starts or finishes answering (screens show who the table waits for)."""
    on_preview: Callable[[int, str | None], None] | None = None
    """Called with a model seat's public speech as it is generated (``seat, text so far``; ``""``: a new
    try started), and with ``None`` once that seat's decision is answered. A preview is never recorded
    (see :mod:`llm_werewolf.llm.streaming` and :func:`previewable`)."""
    extra: dict[str, object] = field(default_factory=dict)


@dataclass
class _Answer:
    choice: Choice
    notes: list[tuple[EventBody, Visibility]]


class Table:
    """One game, its agents, and where its records go."""

    def __init__(
        self,
        game: Game,
        agents: Sequence[Agent],
        *,
        sinks: Sequence[Sink] = (),
        narrator: Narrator | None = None,
        fallbacks: Sequence[HeuristicAgent] | None = None,
        settings: TableSettings | None = None,
    ) -> None:
        players = len(game.state.seats)
        if len(agents) != players:
            raise ValueError(f"{players} seats but {len(agents)} agents")
        self.game = game
        self.sinks = list(sinks)
        self.narrator = narrator
        self.settings = settings or TableSettings()
        self.fallbacks = (
            list(fallbacks)
            if fallbacks is not None
            else [HeuristicAgent(seed=seat_seed(game.config.seed, i)) for i in range(players)]
        )
        self.builders = [ViewBuilder(i) for i in range(players)]
        self._published = 0
        self._semaphore = asyncio.Semaphore(max(1, self.settings.concurrency))
        self.agents: tuple[Agent, ...] = tuple(agents)
        """Who plays each seat (change one with :meth:`seat_agent`)."""
        self.limited: list[Agent] = [self._limited(agent) for agent in agents]
        """Each seat's agent within the table's deadline and its limit on agents answering at once."""
        self.seats: list[Seat] = [self._answering(seat) for seat in range(players)]
        """What answers each seat's decisions: its agent wrapped in re-asks, checks and a fallback
        (:mod:`.seat_wrappers`); replace one to change how a seat is asked."""
        self.observers: list[Observer] = []
        """Called, in order, with every batch of records sent out (see :class:`Observer`)."""
        self.outstanding: set[int] = set()
        """Ids of the decisions whose agents are answering right now."""

    def seat_agent(self, seat: int, agent: Agent) -> None:
        """Let ``agent`` play ``seat`` from now on, in the standard seat wrappers."""
        self.agents = (*self.agents[:seat], agent, *self.agents[seat + 1 :])
        self.limited[seat] = self._limited(agent)
        self.seats[seat] = self._answering(seat)

    def _limited(self, agent: Agent) -> Agent:
        return Bounded(Deadline(agent, self.settings.decision_timeout), self._semaphore)

    def _answering(self, seat: int) -> Seat:
        settings = self.settings
        return answering_seat(
            self.limited[seat], self.fallbacks[seat], self.game,
            max_attempts=settings.max_attempts, timeout=settings.decision_timeout,
        )  # fmt: skip

    # -- records ---------------------------------------------------------------
    async def _publish(self) -> None:
        """Send everything new out (:meth:`_send`), then show it to each observer; what the observers
        note is sent and shown in turn, until nothing new is left."""
        sent = await self._send()
        while sent and self.observers:
            for observer in self.observers:
                await observer.observe(self, sent)
            sent = await self._send()

    async def _send(self) -> list[Record]:
        """Narrate new public records, then send everything new to the views and the sinks; returns
        what was sent.

        Narration lines are logged right after the batch they voice (each names
        its source record in ``about`` and carries that record's phase), and reach
        the sinks in the same write.
        """
        records = self.game.records
        sent: list[Record] = []
        while self._published < len(records):
            if self.narrator is not None:
                public = [r for r in records[self._published :] if r.vis.scope == "public"]
                if public:
                    for body in await self.narrator.narrate(public):
                        vis = GOD if isinstance(body, ModelCall) else Visibility("public")
                        self.game.note(body, vis, _phase_of(body, records))
            new = records[self._published :]
            self._published = len(records)
            sent.extend(new)
            for builder in self.builders:
                builder.extend(new)
            for sink in self.sinks:
                sink.write(new)
            if self.settings.pace is not None and any(r.vis.scope == "public" for r in new):
                # only what the public sees is paced: a private question (a wolf's "self-destruct?")
                # must not add a pause that shows on the shared screen
                await self.settings.pace(new)
        return sent

    # -- answering -------------------------------------------------------------
    async def ask(self, seat: int, request: DecisionRequest) -> Reply:
        """Ask the agent of ``seat`` once, within the table's deadline and its limit on agents answering at
        once, with no re-ask, check or fallback (a probe's extra question; :attr:`seats` answer the game)."""
        return await self.limited[seat].decide(request)

    async def _answer(self, decision: Decision) -> _Answer:
        """Answer ``decision``; while it is being answered its id is in :attr:`outstanding`."""
        self.outstanding.add(decision.id)
        self._progress()
        on_preview = self.settings.on_preview if previewable(decision, self.game.state.phase.kind) else None
        try:
            with previewing(partial(on_preview, decision.seat) if on_preview is not None else None):
                return await self._answer_now(decision)
        finally:
            self.outstanding.discard(decision.id)
            if on_preview is not None:
                on_preview(decision.seat, None)
            self._progress()

    def _progress(self) -> None:
        if self.settings.on_progress is not None:
            self.settings.on_progress()

    async def _answer_now(self, decision: Decision) -> _Answer:
        seat = decision.seat
        request = DecisionRequest(decision=decision, view=self.builders[seat].view())
        attempt = await self.seats[seat].answer(request)
        assert attempt.choice is not None, "a table's seat always answers (its last wrapper falls back)"
        notes = list(attempt.notes)
        if attempt.thought:
            notes.append((Thought(seat=seat, decision_id=decision.id, text=attempt.thought), to_seats(seat)))
        return _Answer(attempt.choice, notes)

    # -- the game loop ---------------------------------------------------------
    async def play(self, *, published: int = 0) -> Outcome:
        """Play until the game ends; returns the outcome.

        ``published``: how many of the game's records are already out (a game resumed from its
        transcript, :mod:`llm_werewolf.opening.resume`). The seats' views take them in silently (no
        sink, narrator or observer sees them again), and a batch whose answers only partly reached the
        log is finished with those views, as it was asked, before the game goes on.
        """
        if published:
            for builder in self.builders:
                builder.extend(self.game.records[:published])
            self._published = published
        if not self.game.over and self.game.state.answers:
            await self._answer_batch()  # a resumed batch, half answered
        await self._publish()
        while not self.game.over:
            if not self.game.pending:
                raise RuntimeError("the game is not over but no decision is pending")
            await self._answer_batch()
            await self._publish()
        outcome = self.game.outcome
        assert outcome is not None
        return outcome

    async def _answer_batch(self) -> None:
        """Ask every pending decision at once (one simultaneous batch), then log and submit the answers."""
        pending = self.game.pending
        answers = await asyncio.gather(*(self._answer(d) for d in pending))
        for decision, answer in zip(pending, answers, strict=True):
            for body, vis in answer.notes:
                self.game.note(body, vis)
            self.game.submit(decision.id, answer.choice)


class Observer(Protocol):
    """Sees every batch of records the table sent out (a probe, a canary): it may ask seats more
    (:meth:`Table.ask`) and note records (``table.game.note``), which are sent out next."""

    async def observe(self, table: Table, records: Sequence[Record]) -> None: ...


def previewable(decision: Decision, phase_kind: str) -> bool:
    """Whether a decision's speech may be shown while it is generated: a public speech only (not at
    night, and not a speech that may turn out a whisper, whose text only its addressee may read)."""
    if not decision.speech or phase_kind == "night":
        return False
    return not any(option.kind == "whisper" for option in decision.options)


def _phase_of(body: EventBody, records: Sequence[Record]) -> str | None:
    """The phase of the record a narration line voices (``Narration.about``); ``None``: the current phase."""
    about = body.about if isinstance(body, Narration) else None
    if about is None or not 0 <= about < len(records) or records[about].seq != about:
        return None
    return records[about].phase
