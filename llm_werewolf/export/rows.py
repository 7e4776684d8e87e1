"""Dataset rows built from transcripts: one per utterance, one per game (docs/transcript-schema.md).

Every row of a file has the same keys (missing values are ``null``), so the
JSONL loads as one table in common dataset tools (``datasets``, pandas,
pyarrow). Seats are 0-based, as in the transcripts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from ..rules import GameState, Record, Ruleset, get_ruleset
from ..rules.errors import RulesError
from ..rules.events import (
    DeathsAnnounced,
    Died,
    GameEnded,
    PhaseStarted,
    RoleAssigned,
    RolesRevealed,
    Speech,
    VoteCast,
)
from ..transcript import Transcript
from ..transcript.replay import ReplayMismatch, rebuild

EXPORT_VERSION = 1


class VoteRow(BaseModel):
    """One ballot cast later the same day."""

    model_config = ConfigDict(extra="forbid")

    seq: int
    voter_seat: int
    ballot: str
    option: str
    target_seat: int | None
    weight: float


class UtteranceRow(BaseModel):
    """One thing a player said (a ``speech`` record)."""

    model_config = ConfigDict(extra="forbid")

    row_type: Literal["utterance"] = "utterance"
    export_version: int = EXPORT_VERSION
    game_id: str
    ruleset: str
    language: str
    seq: int
    phase: str
    day: int | None
    """The day number (``None`` when said at night or during setup)."""
    stage: str
    speaker_seat: int
    speaker_name: str
    speaker_persona: str | None
    speaker_agent: str | None
    speaker_model: str | None
    speaker_role: str | None
    """The speaker's card when speaking (the truth, not what they claimed)."""
    speaker_side: str | None
    """The side the speaker played for when speaking (lovers and conversions included)."""
    role_source: Literal["replay", "log"]
    """``replay``: read from the rebuilt game state; ``log``: from role records (the game could not be rebuilt)."""
    claim: str | None
    """The role the speaker claimed in a structured way (``None``: no claim)."""
    to_seat: int | None
    """The listener of a whisper, else ``None``."""
    text: str
    speaker_votes: list[VoteRow]
    """Ballots the speaker cast later the same day."""
    later_votes: list[VoteRow]
    """Every ballot cast later the same day (the speaker's included)."""
    speaker_won: bool | None
    """Whether the speaker's seat won (``None`` for an unfinished game)."""


class DeathRow(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: int
    cause: str
    phase: str


class GameRow(BaseModel):
    """One game and its outcome."""

    model_config = ConfigDict(extra="forbid")

    row_type: Literal["game"] = "game"
    export_version: int = EXPORT_VERSION
    game_id: str
    ruleset: str
    language: str
    seed: int
    options: dict[str, Any]
    players: int
    names: list[str]
    agents: list[str | None]
    models: list[str | None]
    personas: list[str | None]
    prompt_packs: dict[str, str]
    complete: bool
    winners: list[int]
    winning_sides: list[str]
    reason: str | None
    start_roles: list[str] | None
    final_roles: list[str] | None
    days: int
    deaths: list[DeathRow]
    utterances: int


@dataclass
class _Truth:
    role: str | None
    side: str | None


def _day_of(phase: str) -> int | None:
    kind, _, number = phase.partition(":")
    return int(number) if kind == "day" and number.isdigit() else None


def _truth_by_seq(transcript: Transcript, ruleset: Ruleset[Any, Any] | None) -> dict[int, _Truth] | None:
    """The speaker's role and side at every speech record, from the rebuilt game (``None`` if it cannot be rebuilt)."""
    if ruleset is None:
        return None
    truths: dict[int, _Truth] = {}

    def observe(records: Sequence[Record], state: GameState[Any, Any]) -> None:
        for record in records:
            event = record.event
            if isinstance(event, Speech):
                seat = state.seat(event.seat)
                truths[record.seq] = _Truth(seat.role, ruleset.side_of(state, event.seat))

    try:
        rebuild(transcript, observe=observe)
    except (ReplayMismatch, RulesError):
        return None
    return truths


def rows_for(transcript: Transcript) -> tuple[list[UtteranceRow], GameRow]:
    """The dataset rows of one transcript."""
    header = transcript.header
    records = transcript.records
    try:
        ruleset: Ruleset[Any, Any] | None = get_ruleset(header.variant)
    except RulesError:
        ruleset = None
    truths = _truth_by_seq(transcript, ruleset)
    seats = header.seats
    players = len(header.names)

    def seat_info(index: int, attr: str) -> str | None:
        if index >= len(seats):
            return None
        value = getattr(seats[index], attr)
        return value if isinstance(value, str) else None

    logged_roles: dict[int, str] = {}
    votes_by_phase: dict[str, list[VoteRow]] = {}
    ended: GameEnded | None = None
    revealed: RolesRevealed | None = None
    deaths: list[DeathRow] = []
    days = 0
    announced_only: list[DeathRow] = []
    for record in records:
        event = record.event
        if isinstance(event, VoteCast):
            votes_by_phase.setdefault(record.phase, []).append(
                VoteRow(
                    seq=record.seq,
                    voter_seat=event.seat,
                    ballot=event.ballot,
                    option=event.option,
                    target_seat=event.target,
                    weight=event.weight,
                )
            )
        elif isinstance(event, GameEnded):
            ended = event
        elif isinstance(event, RolesRevealed):
            revealed = event
        elif isinstance(event, Died):
            deaths.append(DeathRow(seat=event.seat, cause=event.cause, phase=record.phase))
        elif isinstance(event, DeathsAnnounced):
            announced_only += [DeathRow(seat=d.seat, cause=d.cause or "", phase=record.phase) for d in event.deaths]
        elif isinstance(event, PhaseStarted) and event.phase == "day":
            days = max(days, event.number)

    winners = set(ended.winners) if ended is not None else set()
    utterances: list[UtteranceRow] = []
    for record in records:
        event = record.event
        if isinstance(event, RoleAssigned):
            logged_roles[event.seat] = event.role
            continue
        if not isinstance(event, Speech):
            continue
        truth = truths.get(record.seq) if truths is not None else None
        if truth is None:
            role = logged_roles.get(event.seat)
            side = (
                ruleset.side_of_role(role)
                if ruleset is not None and role is not None and role in ruleset.roles
                else None
            )
            truth = _Truth(role, side)
        source: Literal["replay", "log"] = "replay" if truths is not None and record.seq in truths else "log"
        later = [v for v in votes_by_phase.get(record.phase, []) if v.seq > record.seq] if _day_of(record.phase) else []
        utterances.append(
            UtteranceRow(
                game_id=header.game_id,
                ruleset=header.variant,
                language=header.language,
                seq=record.seq,
                phase=record.phase,
                day=_day_of(record.phase),
                stage=event.stage,
                speaker_seat=event.seat,
                speaker_name=header.names[event.seat] if event.seat < players else str(event.seat),
                speaker_persona=seat_info(event.seat, "persona_name") or seat_info(event.seat, "persona"),
                speaker_agent=seat_info(event.seat, "agent"),
                speaker_model=seat_info(event.seat, "model"),
                speaker_role=truth.role,
                speaker_side=truth.side,
                role_source=source,
                claim=event.claim,
                to_seat=event.to,
                text=event.text,
                speaker_votes=[v for v in later if v.voter_seat == event.seat],
                later_votes=later,
                speaker_won=(event.seat in winners) if ended is not None else None,
            )
        )
    game = GameRow(
        game_id=header.game_id,
        ruleset=header.variant,
        language=header.language,
        seed=header.seed,
        options=dict(header.options),
        players=players,
        names=list(header.names),
        agents=[seat_info(i, "agent") for i in range(players)],
        models=[seat_info(i, "model") for i in range(players)],
        personas=[seat_info(i, "persona_name") or seat_info(i, "persona") for i in range(players)],
        prompt_packs=dict(header.prompt_packs),
        complete=ended is not None,
        winners=sorted(winners),
        winning_sides=list(ended.sides) if ended is not None else [],
        reason=ended.reason if ended is not None else None,
        start_roles=list(revealed.start_roles) if revealed is not None else None,
        final_roles=list(revealed.roles) if revealed is not None else None,
        days=days,
        deaths=deaths or announced_only,
        utterances=len(utterances),
    )
    return utterances, game
