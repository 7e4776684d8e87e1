"""Dataset rows built from transcripts: one per utterance, one per game (docs/transcript-schema.md).

Every row has the same keys with the same types whatever the ruleset (missing values
are ``null``; rule switches and prompt-pack hashes are JSON strings, not objects whose
keys change with the ruleset), so a folder that mixes rulesets loads as one table in
common dataset tools (``datasets``, pandas, pyarrow). Seats are numbered from 1, as players
and every screen count them (transcripts and option ids such as ``seat:<i>`` stay 0-based);
:mod:`llm_werewolf.export.upgrade` reads the rows of older exports in this layout. The field
docstrings are the column descriptions of the dataset card.
"""

from __future__ import annotations

import json
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
from ..speech.truth import consistent, is_true
from ..transcript import Transcript
from ..transcript.replay import ReplayMismatch, rebuild

EXPORT_VERSION = 3
"""3: seats numbered from 1. 2: ``options`` and ``prompt_packs`` are JSON strings; utterances carry
``acts`` and ``claim_true``."""

_ROW_CONFIG = ConfigDict(extra="forbid", use_attribute_docstrings=True)


class VoteRow(BaseModel):
    """One ballot cast later the same day."""

    model_config = _ROW_CONFIG

    seq: int
    """The ballot's sequence number in the transcript."""
    voter_seat: int
    """The seat that voted (numbered from 1)."""
    ballot: str
    """Which ballot (the ruleset's ballot id, e.g. ``exile``)."""
    option: str
    """The option voted for, as the transcript names it (``seat:<i>`` with the 0-based index, ``skip``, ``yes``...)."""
    target_seat: int | None
    """The seat voted against (numbered from 1), if any."""
    weight: float
    """The ballot's weight (a sheriff's vote counts more in some rulesets)."""


class ActRow(BaseModel):
    """One speech act of an utterance (what it claims, reports, accuses...), with the truth about its target."""

    model_config = _ROW_CONFIG

    kind: str
    """``claim``, ``result``, ``accuse``, ``defend``, ``agree``, ``disagree``, ``vote`` or ``ask``."""
    target: int | None
    """The seat the act is about (numbered from 1; ``None``: none)."""
    other: int | None
    """A second seat (numbered from 1: two lovers, two swapped cards, a visitor)."""
    role: str | None
    """The role a ``claim`` names."""
    fact: str | None
    """What a ``result`` reports (``check``, ``saw_role``...)."""
    value: str | None
    """The reported value (``bad``, a role id...)."""
    target_role: str | None
    """God view: the target seat's true card when the act was spoken."""
    target_side: str | None
    """God view: the side the target seat played for when the act was spoken."""
    true: bool | None
    """God view: whether the act is true (a claim names the speaker's card, a reported result matches the
    truth, an accusation targets a bad role...; ``None`` where the question does not apply)."""
    consistent: bool | None
    """Whether the act agrees with what the speaker knew when speaking (a lie told knowingly is ``False``)."""


class UtteranceRow(BaseModel):
    """One thing a player said (a ``speech`` record)."""

    model_config = _ROW_CONFIG

    row_type: Literal["utterance"] = "utterance"
    """Always ``utterance``."""
    export_version: int = EXPORT_VERSION
    """The version of these rows' layout."""
    game_id: str
    """The game (joins to the games table)."""
    ruleset: str
    """The ruleset id (``chinese_werewolf``, ``lebanese_ghouls``, ``one_night``, ``city_mafia``, ``online_mafia``)."""
    language: str
    """The game's language (BCP 47: ``zh-Hant``, ``ar-LB``, ``ar``, ``ru``, ``he``, ``en``)."""
    seq: int
    """The speech's sequence number in the transcript."""
    phase: str
    """``night:<n>``, ``day:<n>`` or ``setup``."""
    day: int | None
    """The day number (``None`` when said at night or during setup)."""
    stage: str
    """``discussion``, ``last_words``, ``campaign``, ``defense`` or ``whisper``."""
    speaker_seat: int
    """The speaker's seat (numbered from 1)."""
    speaker_name: str
    """The speaker's name at the table."""
    speaker_persona: str | None
    """The speaker's persona (model seats)."""
    speaker_agent: str | None
    """Who played the seat: ``local``, ``openai``, ``heuristic``, ``human``..."""
    speaker_model: str | None
    """The model behind the seat (model seats)."""
    speaker_role: str | None
    """The speaker's card when speaking (the truth, not what they claimed)."""
    speaker_side: str | None
    """The side the speaker played for when speaking (lovers and conversions included)."""
    role_source: Literal["replay", "log"]
    """``replay``: read from the rebuilt game state; ``log``: from role records (the game could not be rebuilt)."""
    claim: str | None
    """The role the speaker claimed in a structured way (``None``: no claim)."""
    claim_true: bool | None
    """God view: whether ``claim`` is the speaker's true card (``None``: no claim, or the card is unknown)."""
    acts: list[ActRow]
    """The utterance's speech acts (empty where the transcript records none)."""
    to_seat: int | None
    """The listener of a whisper (numbered from 1), else ``None``."""
    text: str
    """What was said."""
    speaker_votes: list[VoteRow]
    """Ballots the speaker cast later the same day."""
    later_votes: list[VoteRow]
    """Every ballot cast later the same day (the speaker's included)."""
    speaker_won: bool | None
    """Whether the speaker's seat won (``None`` for an unfinished game)."""


class DeathRow(BaseModel):
    """One death."""

    model_config = _ROW_CONFIG

    seat: int
    """The seat that died (numbered from 1)."""
    cause: str
    """The ruleset's death cause (``wolves``, ``vote``, ``poison``...; empty if only the announcement is known)."""
    phase: str
    """The phase it happened in."""


class GameRow(BaseModel):
    """One game and its outcome."""

    model_config = _ROW_CONFIG

    row_type: Literal["game"] = "game"
    """Always ``game``."""
    export_version: int = EXPORT_VERSION
    """The version of these rows' layout."""
    game_id: str
    """The game's id."""
    ruleset: str
    """The ruleset id."""
    language: str
    """The game's language (BCP 47)."""
    seed: int | None
    """The game's seed (replays the game with the same answers); ``None`` for an unfinished game unless ``--god``."""
    options: str
    """The rule switches as given, a JSON object with sorted keys (the ruleset's defaults fill the rest)."""
    players: int
    """The number of seats."""
    names: list[str]
    """The seats' names."""
    agents: list[str | None]
    """Who played each seat."""
    models: list[str | None]
    """The model behind each seat (model seats)."""
    personas: list[str | None]
    """Each seat's persona (model seats)."""
    prompt_packs: str
    """The prompt packs used, a JSON object ``{"<language>/<ruleset>": "<hash>"}``."""
    complete: bool
    """Whether the game reached its end."""
    winners: list[int]
    """The winning seats (numbered from 1)."""
    winning_sides: list[str]
    """The winning sides."""
    reason: str | None
    """Why the game ended."""
    start_roles: list[str] | None
    """Each seat's card as dealt."""
    final_roles: list[str] | None
    """Each seat's card at the end."""
    days: int
    """The number of days played."""
    deaths: list[DeathRow]
    """The deaths, in order."""
    utterances: int
    """The number of utterance rows of this game."""


@dataclass
class _Truth:
    role: str | None
    side: str | None
    roles: tuple[str | None, ...] = ()
    """Every seat's card at that moment (god view)."""
    sides: tuple[str | None, ...] = ()


def seat_number(index: int | None) -> int | None:
    """A 0-based seat index of the rules as the 1-based seat number of the export."""
    return None if index is None else index + 1


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
                roles = tuple(s.role for s in state.seats)
                sides = tuple(ruleset.side_of(state, i) for i in range(len(state.seats)))
                truths[record.seq] = _Truth(seat.role, ruleset.side_of(state, event.seat), roles, sides)

    try:
        rebuild(transcript, observe=observe)
    except (ReplayMismatch, RulesError):
        return None
    return truths


def _act_rows(speech: Speech, truth: _Truth, records: Sequence[Record], index: int, variant: str) -> list[ActRow]:
    """The speech's acts, each joined to the god-view truth (``records[index]`` is the speech's record)."""
    rows: list[ActRow] = []
    for act in speech.acts:
        target = act.target
        known = target is not None and 0 <= target < len(truth.roles)
        rows.append(
            ActRow(
                kind=act.kind,
                target=seat_number(target),
                other=seat_number(act.other),
                role=act.role,
                fact=act.fact,
                value=act.value,
                target_role=truth.roles[target] if known and target is not None else None,
                target_side=truth.sides[target] if known and target is not None else None,
                true=is_true(act, records, speech.seat, variant, records[index].seq, truth.roles or None),
                consistent=consistent(act, records[: index + 1], speech.seat, variant),
            )
        )
    return rows


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
                    voter_seat=event.seat + 1,
                    ballot=event.ballot,
                    option=event.option,
                    target_seat=seat_number(event.target),
                    weight=event.weight,
                )
            )
        elif isinstance(event, GameEnded):
            ended = event
        elif isinstance(event, RolesRevealed):
            revealed = event
        elif isinstance(event, Died):
            deaths.append(DeathRow(seat=event.seat + 1, cause=event.cause, phase=record.phase))
        elif isinstance(event, DeathsAnnounced):
            announced_only += [DeathRow(seat=d.seat + 1, cause=d.cause or "", phase=record.phase) for d in event.deaths]
        elif isinstance(event, PhaseStarted) and event.phase == "day":
            days = max(days, event.number)

    winners = set(ended.winners) if ended is not None else set()
    utterances: list[UtteranceRow] = []
    for index, record in enumerate(records):
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
                speaker_seat=event.seat + 1,
                speaker_name=header.names[event.seat] if event.seat < players else str(event.seat),
                speaker_persona=seat_info(event.seat, "persona_name") or seat_info(event.seat, "persona"),
                speaker_agent=seat_info(event.seat, "agent"),
                speaker_model=seat_info(event.seat, "model"),
                speaker_role=truth.role,
                speaker_side=truth.side,
                role_source=source,
                claim=event.claim,
                claim_true=(event.claim == truth.role) if event.claim is not None and truth.role is not None else None,
                acts=_act_rows(event, truth, records, index, header.variant),
                to_seat=seat_number(event.to),
                text=event.text,
                speaker_votes=[v for v in later if v.voter_seat == event.seat + 1],
                later_votes=later,
                speaker_won=(event.seat in winners) if ended is not None else None,
            )
        )
    game = GameRow(
        game_id=header.game_id,
        ruleset=header.variant,
        language=header.language,
        seed=header.seed,
        options=json.dumps(dict(header.options), sort_keys=True, ensure_ascii=False),
        players=players,
        names=list(header.names),
        agents=[seat_info(i, "agent") for i in range(players)],
        models=[seat_info(i, "model") for i in range(players)],
        personas=[seat_info(i, "persona_name") or seat_info(i, "persona") for i in range(players)],
        prompt_packs=json.dumps(dict(header.prompt_packs), sort_keys=True, ensure_ascii=False),
        complete=ended is not None,
        winners=sorted(seat + 1 for seat in winners),
        winning_sides=list(ended.sides) if ended is not None else [],
        reason=ended.reason if ended is not None else None,
        start_roles=list(revealed.start_roles) if revealed is not None else None,
        final_roles=list(revealed.roles) if revealed is not None else None,
        days=days,
        deaths=deaths or announced_only,
        utterances=len(utterances),
    )
    return utterances, game


def without_secrets(utterances: list[UtteranceRow], game: GameRow) -> tuple[list[UtteranceRow], GameRow]:
    """The rows of a game still being played, as a spectator may see them: no cards, sides, truths or seed.

    An unfinished game may be resumed or still running; its seed and the god-view columns would tell
    the deal. ``export --god`` keeps them.
    """
    hidden_acts = {"target_role": None, "target_side": None, "true": None, "consistent": None}
    rows = [
        row.model_copy(
            update={
                "speaker_role": None,
                "speaker_side": None,
                "claim_true": None,
                "acts": [act.model_copy(update=hidden_acts) for act in row.acts],
            }
        )
        for row in utterances
    ]
    return rows, game.model_copy(update={"seed": None, "start_roles": None, "final_roles": None})
