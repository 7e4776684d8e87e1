"""Resuming a game that was killed mid-way, from its partial transcript.

The table writes a game in *units*: one unit per batch of simultaneous
decisions, holding each decision's table records (model calls, thoughts,
re-asks, fallbacks) and its ``ChoiceMade``, then what the rules did with the
answers, then the narration of those records — all in one write. A crash can
cut the last unit anywhere (even inside a line). Resuming:

1. reads the file (a truncated last line is reported and ignored);
2. drops the trailing table records of decisions whose ``ChoiceMade`` never
   reached the file, and keeps every recorded choice;
3. rebuilds the game through the kept records (the replay checks every rules
   event), leaving out the narration of the last unit;
4. cuts the file back to the start of the last unit and plays on from there
   with the agents (and narrator) the header names (a paid model seat plays with
   the user's current model, or with the header's only once the user agreed,
   :func:`paid_models`): the last unit is written
   again (its rules records regenerated, its narration redone), a
   half-answered batch is finished with the views the seats had when it was
   asked, and the game continues.

Agents draw their randomness per decision
(:func:`llm_werewolf.agents.heuristic.decision_rng`) and the template narrator
hears the kept records again before it goes on (it remembers what it said), so
the same agents (or a model replaying recorded outputs) give a log
byte-identical to an uninterrupted run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..agents.base import Agent
from ..agents.heuristic import HeuristicAgent
from ..agents.random_agent import RandomAgent
from ..code_refs import CodeRefused, refuse_code
from ..rules import Game, Outcome
from ..rules.events import ChoiceMade, Record, RolesRevealed
from ..session import Session
from ..table import Narrator, TableSettings
from ..table.runner import Sink
from ..table.seating import NAMED_MODEL_KINDS, AgentSpec, SeatSpecError, scriptless_agent
from ..table_notes import Narration
from ..transcript.io import Transcript, read_transcript
from ..transcript.replay import rebuild
from ..transcript.schema import TABLE_EVENT_TYPES, Header
from . import open_table

DETERMINISTIC_NARRATORS = frozenset({"template", "off"})


class ResumeError(ValueError):
    """The transcript cannot be resumed (the message says why)."""


def decision_of(record: Record) -> int | None:
    """The decision a choice or table record belongs to (``None`` for rules events and narration)."""
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
        decision = decision_of(records[keep - 1])
        if decision is None or decision in chosen:
            break
        keep -= 1
    return keep


def last_unit_start(records: Sequence[Record]) -> int:
    """Index of the first record of the last unit: 0, or a decision's record right after a non-decision one."""
    for index in range(len(records) - 1, 0, -1):
        if decision_of(records[index]) is not None and decision_of(records[index - 1]) is None:
            return index
    return 0


@dataclass
class ResumePoint:
    """Where a partial transcript goes on from."""

    transcript: Transcript
    game: Game
    start: int
    """Records of the file kept as they are; the file is cut after them and the game is published from there."""
    partial_batch: bool
    """Whether the last unit is a simultaneous batch whose answers only partly reached the file."""
    dropped: int
    """Table records of never-chosen decisions that were dropped."""

    @property
    def cut_at(self) -> int:
        """Byte offset the file is cut to before appending."""
        if self.start == 0:
            return self.transcript.header_bytes
        return self.transcript.offsets[self.start - 1]


def find_resume_point(transcript: Transcript) -> ResumePoint:
    records = transcript.records
    kept = consistent_prefix(records)
    start = min(last_unit_start(records), kept)
    # The last unit's narration is redone; its rules records are regenerated and checked.
    tail = [r for r in records[start:kept] if not (isinstance(r.event, TABLE_EVENT_TYPES) and decision_of(r) is None)]
    game = rebuild(transcript, [*records[:start], *tail])
    return ResumePoint(
        transcript=transcript,
        game=game,
        start=start,
        partial_batch=not game.over and bool(game.state.answers),
        dropped=len(records) - kept,
    )


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


def paid_models(header: Header) -> dict[int, str]:
    """Seat index -> the header's spec, for the seats that would spend the user's key on the header's model."""
    found: dict[int, str] = {}
    for index, seat in enumerate(header.seats):
        kind, _, model = seat.agent.strip().partition(":")
        if kind.lower() in NAMED_MODEL_KINDS and model:  # the header must not choose what the user's key pays
            found[index] = seat.agent
    return found


def agents_from(
    header: Header, session: Session | None = None, *, model: str | None = None, header_models: bool = False
) -> list[Agent]:
    """Seat the agents the header names (same kinds, personas and seeds as the original run);
    model seats take their backends from ``session``.

    A transcript is data: a seat whose calls spend the user's key (``openai:``, ``langchain:``)
    plays with ``model`` (the user's current setting); the header's own model is used only when
    ``header_models`` says the user agreed to it, else :class:`ResumeError` says how to choose.
    """
    if len(header.seats) != len(header.names):
        raise ResumeError(f"the header names {len(header.names)} seats but describes {len(header.seats)} agents")
    for index, seat in enumerate(header.seats):
        try:
            refuse_code(seat.agent, f"seat {index + 1} of the transcript")
        except CodeRefused as exc:
            raise ResumeError(str(exc)) from None
    paid = paid_models(header)
    if paid and model is None and not header_models:
        listed = ", ".join(f"seat {i + 1} {spec}" for i, spec in sorted(paid.items()))
        raise ResumeError(
            f"the transcript chooses paid models ({listed}): resume with your own --model, "
            "or pass --header-models to spend your key on them"
        )
    agents: list[Agent] = []
    for index, seat in enumerate(header.seats):
        try:
            spec = AgentSpec.parse(seat.agent, persona=seat.persona)
        except SeatSpecError as exc:
            raise ResumeError(str(exc)) from None
        if index in paid and model is not None:
            spec = replace(spec, model=model)  # the user's current setting, not the file's
        if spec.kind in ("human",):
            raise ResumeError(f"seat {index + 1} was played by a person; resume seats only programs")
        if seat.agent_seed is not None and spec.kind == "heuristic":
            agents.append(HeuristicAgent(seed=seat.agent_seed))
        elif seat.agent_seed is not None and spec.kind == "random":
            agents.append(RandomAgent(seed=seat.agent_seed))
        elif session is None:
            agents.append(scriptless_agent(spec, seat=index, seed=header.seed))
        else:
            agents.append(
                session.agent(spec, seat=index, seed=header.seed, language=header.language, variant=header.variant)
            )
    return agents


def narrator_mode(transcript: Transcript) -> str:
    """The header's narrator, else ``template`` when the file holds template narration, else ``off``."""
    if transcript.header.narrator is not None:
        return transcript.header.narrator
    for record in transcript.records:
        if isinstance(record.event, Narration):
            return "template" if record.event.mode == "template" else "off"
    return "off"


def narrator_from(mode: str, header: Header) -> Narrator | None:
    if mode == "off":
        return None
    if mode == "template":
        from ..narration import TemplateNarrator
        from ..seeds import derive_seed

        seed = derive_seed(header.seed, "narrator")  # as `play` seeds it
        return TemplateNarrator(header.variant, header.language, tuple(header.names), seed=seed)
    raise ResumeError(f"cannot rebuild the narrator {mode!r} (use --narrator template or off)")


@dataclass
class ResumeResult:
    point: ResumePoint
    outcome: Outcome | None
    written: int
    """Records the file gained (0: the game was already complete). The last unit is always written again."""


def resume_file(
    path: str | Path,
    *,
    agents: Sequence[Agent] | None = None,
    narrator: str = "auto",
    sinks: Sequence[Sink] = (),
    session: Session | None = None,
    model: str | None = None,
    header_models: bool = False,
) -> ResumeResult:
    """Continue the game of ``path``, rewriting its last unit and appending the rest to the same file.

    ``narrator``: ``auto`` (the header's, else inferred from the file), ``template`` or ``off``.
    Model seats take their backends from ``session`` (the command's flags; a default one otherwise);
    the game runs in one event loop and the backends are closed in it. ``model`` and
    ``header_models``: which model a paid seat plays with (:func:`agents_from`).
    """
    transcript = read_transcript(path)
    point = find_resume_point(transcript)
    game = point.game
    header = transcript.header
    mode = narrator_mode(transcript) if narrator == "auto" else narrator
    revealed = any(isinstance(r.event, RolesRevealed) for r in transcript.records)
    if game.over and revealed and not transcript.truncated and mode not in DETERMINISTIC_NARRATORS:
        # A finished game whose narration cannot be redone identically: leave it as it is.
        return ResumeResult(point=point, outcome=game.outcome, written=0)
    session = session or Session()
    seated = (
        list(agents) if agents is not None else agents_from(header, session, model=model, header_models=header_models)
    )
    voice = narrator_from(mode, header)
    recall = getattr(voice, "recall", None)
    if callable(recall):  # a narrator that remembers hears the file's past again, silently
        recall(transcript.records[: point.start])
    specs = [None] * len(seated)  # every seat is seated already; the file's header describes them
    opened = open_table(
        game, specs, session, sinks, seated=dict(enumerate(seated)), narrator=voice, header=header,
        settings=settings_from(header),
    )  # fmt: skip
    try:
        opened.write_to(path, append=True, truncate_at=point.cut_at)
        outcome = session.run(lambda: opened.table.play(published=point.start))
    finally:
        opened.close()
    return ResumeResult(point=point, outcome=outcome, written=len(game.records) - len(transcript.records))
