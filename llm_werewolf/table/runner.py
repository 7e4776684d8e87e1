"""The table: runs one game with agents, asynchronously.

For every batch of pending decisions (all asked together by one rules step, so
simultaneous) the table asks each seat's agent concurrently, bounded by a
per-game semaphore. Each answer is validated by the rules; a refused answer is
re-asked with the error shown, up to ``max_attempts``; after that, or on an
agent failure or timeout, the seat's fallback agent answers and a ``Fallback``
record says so. The game never crashes on agent output.

Every record (rules events and table events alike) goes, in order, to the
game's log and to each sink (transcript writer, console, narrator...).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Protocol

from ..agents.base import FINAL_FAULTS, Agent, DecisionRequest, Reply
from ..agents.heuristic import HeuristicAgent
from ..llm.streaming import previewing
from ..rules import Choice, Decision, Game, IllegalChoice, Outcome, ViewBuilder, validate_choice
from ..rules.events import GOD, EventBody, Record, Visibility, to_seats
from ..seeds import seat_seed
from ..table_notes import Fallback, ModelCall, Rejected, Thought


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
        self.agents = list(agents)
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
        self.outstanding: set[int] = set()
        """Ids of the decisions whose agents are answering right now."""

    # -- records ---------------------------------------------------------------
    async def _publish(self) -> None:
        """Narrate new public records, then send everything new to the views and the sinks.

        Narration lines are logged right after the batch they voice (each names
        its source record in ``about``), and reach the sinks in the same write.
        """
        records = self.game.records
        while self._published < len(records):
            if self.narrator is not None:
                public = [r for r in records[self._published :] if r.vis.scope == "public"]
                if public:
                    for body in await self.narrator.narrate(public):
                        self.game.note(body, GOD if isinstance(body, ModelCall) else Visibility("public"))
            new = records[self._published :]
            self._published = len(records)
            for builder in self.builders:
                builder.extend(new)
            for sink in self.sinks:
                sink.write(new)
            if self.settings.pace is not None and any(r.vis.scope == "public" for r in new):
                # only what the public sees is paced: a private question (a wolf's "self-destruct?")
                # must not add a pause that shows on the shared screen
                await self.settings.pace(new)

    # -- answering -------------------------------------------------------------
    async def _ask(self, agent: Agent, request: DecisionRequest) -> Reply:
        async with self._semaphore:
            coro = agent.decide(request)
            if self.settings.decision_timeout is None:
                return await coro
            return await asyncio.wait_for(coro, self.settings.decision_timeout)

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
        agent = self.agents[seat]
        view = self.builders[seat].view()
        notes: list[tuple[EventBody, Visibility]] = []
        error: str | None = None
        attempts = max(1, self.settings.max_attempts)
        for attempt in range(attempts):
            request = DecisionRequest(decision=decision, view=view, attempt=attempt, error=error)
            try:
                reply = await self._ask(agent, request)
            except TimeoutError:
                error = f"no answer within {self.settings.decision_timeout} s"
                notes.append(
                    (
                        Rejected(seat=seat, decision_id=decision.id, attempt=attempt, answer="", error=error),
                        GOD,
                    )
                )
                continue
            except Exception as exc:  # an agent bug must not end the game
                error = f"{type(exc).__name__}: {exc}"
                notes.append(
                    (
                        Rejected(seat=seat, decision_id=decision.id, attempt=attempt, answer="", error=error[:500]),
                        GOD,
                    )
                )
                break
            notes.extend((call, GOD) for call in reply.calls)
            notes.extend((body, GOD) for body in reply.notes)  # e.g. the speech check (god-only)
            if reply.choice is None:
                error = (reply.error or "no answer")[:500]
                notes.append(
                    (
                        Rejected(
                            seat=seat, decision_id=decision.id, attempt=attempt, answer=reply.answer[:200], error=error
                        ),
                        GOD,
                    )
                )
                if reply.fault in FINAL_FAULTS:
                    break
                continue
            try:
                validate_choice(self.game.state, decision.id, reply.choice)
            except IllegalChoice as exc:
                error = str(exc)
                notes.append(
                    (
                        Rejected(
                            seat=seat,
                            decision_id=decision.id,
                            attempt=attempt,
                            answer=reply.choice.option[:200],
                            error=error,
                        ),
                        GOD,
                    )
                )
                continue
            if reply.thought:
                notes.append((Thought(seat=seat, decision_id=decision.id, text=reply.thought), to_seats(seat)))
            return _Answer(reply.choice, notes)
        choice, source = self._fallback_choice(decision, view)
        notes.append(
            (
                Fallback(
                    seat=seat,
                    decision_id=decision.id,
                    decision=decision.kind,
                    option=choice.option,
                    reason=error or "no valid answer",
                    source=source,
                ),
                GOD,
            )
        )
        return _Answer(choice, notes)

    def _fallback_choice(self, decision: Decision, view: object) -> tuple[Choice, str]:
        from ..rules import SeatView

        assert isinstance(view, SeatView)
        stand_in = self.fallbacks[decision.seat]
        try:
            choice = stand_in.choose(view, decision)
            validate_choice(self.game.state, decision.id, choice)
            return choice, fallback_source(stand_in)
        except IllegalChoice:
            option = decision.default or decision.options[0].id
            return Choice(option), "default"

    # -- the game loop ---------------------------------------------------------
    async def play(self) -> Outcome:
        """Play until the game ends; returns the outcome."""
        await self._publish()
        while not self.game.over:
            pending = self.game.pending
            if not pending:
                raise RuntimeError("the game is not over but no decision is pending")
            answers = await asyncio.gather(*(self._answer(d) for d in pending))
            for decision, answer in zip(pending, answers, strict=True):
                for body, vis in answer.notes:
                    self.game.note(body, vis)
                self.game.submit(decision.id, answer.choice)
            await self._publish()
        outcome = self.game.outcome
        assert outcome is not None
        return outcome


def previewable(decision: Decision, phase_kind: str) -> bool:
    """Whether a decision's speech may be shown while it is generated: a public speech only (not at
    night, and not a speech that may turn out a whisper, whose text only its addressee may read)."""
    if not decision.speech or phase_kind == "night":
        return False
    return not any(option.kind == "whisper" for option in decision.options)


def fallback_source(stand_in: object) -> str:
    """What a stand-in agent's answers are recorded as (``Fallback.source``).

    A stand-in declares it with a ``fallback_source`` attribute (the web's
    rules'-default stand-in says ``default``); a plain heuristic stand-in is
    ``heuristic``.
    """
    source = getattr(stand_in, "fallback_source", None)
    return source if isinstance(source, str) and source else "heuristic"
