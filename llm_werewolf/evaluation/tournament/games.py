"""Playing one tournament game: seats, table, transcript, and whether it is scored."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ...code_refs import trust
from ...opening import open_table
from ...rules import Game, GameConfig
from ...rules.events import Record
from ...rules.questions import question_of
from ...session import Session, SessionSettings
from ...table import TableSettings
from ...table.seating import SCRIPTLESS_KINDS, AgentSpec
from ...table_notes import Fallback
from ...texts import default_names
from ..ledger import Entry, Status
from ..probes import Probes, ProbeSettings, wrap_canaries
from .config import LLMConfig, ModelEntry, ProbeConfig, TableConfig
from .plan import GameJob


@dataclass(frozen=True, slots=True)
class GameSettings:
    """The parts of a config every game needs (picklable)."""

    table: TableConfig
    llm: LLMConfig
    probes: ProbeConfig
    max_fallback_share: float


def agent_spec(entry: ModelEntry) -> AgentSpec:
    trust(entry.spec)  # the tournament config is a file the user passed explicitly
    return AgentSpec.parse(entry.spec, base_url=entry.base_url, persona=entry.persona)


def session_settings(llm: LLMConfig) -> SessionSettings:
    """The session settings of a tournament's model seats (its ``[llm]`` table)."""
    return SessionSettings(
        log_prompts=llm.log_prompts,
        personas=llm.personas,
        switch_language=llm.switch_language,
        timeout=llm.timeout,
        retries=llm.retries,
        profile=llm.profile,
        base_url=llm.base_url,
        api_key_env=llm.api_key_env,
        deadline=llm.deadline,
        narrator_deadline=llm.narrator_deadline,
        kv_cache_mb=llm.kv_cache_mb,
        threads=llm.threads,
        profile_overrides=tuple(sorted(llm.profile_settings.items())),
    )


def seat_names(language: str, players: int) -> tuple[str, ...]:
    """Seat names in the game's language (as ``llm-werewolf play`` names them)."""
    return default_names(language, players)


def build_game(job: GameJob) -> tuple[GameConfig, list[AgentSpec]]:
    names = seat_names(job.language, job.players)
    config = GameConfig(variant=job.variant, names=names, seed=job.seed, language=job.language, options=job.options)
    return config, [agent_spec(e) for e in job.seats]


def degraded(game: Game, specs: list[AgentSpec], limit: float) -> str:
    """Which model seat the fallback mostly answered ("" when none did): the game is scored, that seat as
    the fallback's (:mod:`..fallback_seats`), and the ledger entry keeps this note."""
    return degraded_records(game.records, specs, limit)


def degraded_records(records: Sequence[Record], specs: Sequence[AgentSpec], limit: float) -> str:
    """:func:`degraded` over a game's records (as played, or as read back from its transcript)."""
    seats = degraded_seats(records, specs, limit)
    return seats[0][1] if seats else ""


def degraded_seats(records: Sequence[Record], specs: Sequence[AgentSpec], limit: float) -> list[tuple[int, str]]:
    """(seat, why) of every model seat the fallback answered on more than ``limit`` of its decisions."""
    asked = [0] * len(specs)
    fallbacks = [0] * len(specs)
    for record in records:
        event = record.event
        if isinstance(event, Fallback):
            if 0 <= event.seat < len(specs):
                fallbacks[event.seat] += 1
            continue
        question = question_of(event)
        if question is not None and 0 <= question.seat < len(specs):
            asked[question.seat] += 1
    out = []
    for seat, spec in enumerate(specs):
        if spec.kind in SCRIPTLESS_KINDS or not asked[seat]:
            continue
        share = fallbacks[seat] / asked[seat]
        if share > limit:
            out.append((seat, f"seat {seat + 1} ({spec.label}) fell back on {share:.0%} of its decisions"))
    return out


def ledger_status(records: Sequence[Record], specs: Sequence[AgentSpec], limit: float) -> tuple[Status, str]:
    """``done`` with the first degraded seat's note, or ``unscored`` when the fallback played every seat
    (a dead endpoint: no seat of the game played itself, nothing in it to score)."""
    seats = degraded_seats(records, specs, limit)
    if seats and len(seats) == len(specs):
        return "unscored", seats[0][1] + (
            f" (and every other seat: {len(seats)} of {len(specs)})" if len(seats) > 1 else ""
        )
    return "done", seats[0][1] if seats else ""


async def play_game(job: GameJob, path: Path, settings: GameSettings, session: Session | None = None) -> Entry:
    """Play ``job`` and write its transcript to ``path``; the ledger entry says how it went.

    Model seats take their backends from ``session`` (the executor's, shared by its games and
    closed in the same event loop); without one, the game has a session of its own, closed at its end.
    """
    if session is None:
        own = Session(session_settings(settings.llm))
        try:
            return await play_game(job, path, settings, own)
        finally:
            await own.aclose()
    started = time.perf_counter()
    config, specs = build_game(job)
    probes = settings.probes
    table_settings = TableSettings(
        max_attempts=settings.table.max_attempts,
        decision_timeout=settings.table.decision_timeout,
        concurrency=settings.table.concurrency,
    )
    canaries = (lambda agents: wrap_canaries(agents, job.seed)) if probes.canaries else None
    opened = open_table(config, specs, session, settings=table_settings, wrap=canaries)
    if probes.vote_intent or probes.suspicion:
        probe_settings = ProbeSettings(
            vote_intent=probes.vote_intent, suspicion=probes.suspicion, samples=probes.samples
        )
        opened.table.observers.append(Probes(config.variant, probe_settings))
    try:
        opened.write_to(path)
        await opened.table.play()
    finally:
        opened.close()
    game, header = opened.game, opened.header
    wall = round(time.perf_counter() - started, 3)
    status, reason = ledger_status(game.records, specs, settings.max_fallback_share)
    return Entry(
        key=job.key,
        status=status,
        path=str(path.name),
        game_id=header.game_id,
        wall_s=wall,
        reason=reason,
    )
