"""Running a tournament: plan, skip what is finished, play the rest, keep the ledger, show progress."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from ...rules.events import GameEnded
from ...table.seating import MODEL_KINDS, AgentSpec
from ...transcript import TranscriptError, read_transcript
from ..ledger import Entry, append_entry, read_ledger
from .config import TournamentConfig
from .executors import Executor, InProcessExecutor
from .games import GameSettings, agent_spec, ledger_status
from .health import game_health
from .plan import GameJob, plan

GAMES_DIR = "games"


@dataclass
class TournamentResult:
    planned: int = 0
    skipped: int = 0
    entries: list[Entry] = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(1 for e in self.entries if e.status == status)


def finished(path: Path) -> bool:
    """A complete transcript (its game ended) is on disk."""
    if not path.is_file():
        return False
    try:
        transcript = read_transcript(path)
    except TranscriptError:
        return False
    return any(isinstance(r.event, GameEnded) for r in reversed(transcript.records[-3:]))


def todo(jobs: Sequence[GameJob], folder: Path, max_fallback_share: float) -> tuple[list[GameJob], list[Entry]]:
    """The jobs still to play, and ledger entries to add for games finished but never recorded.

    A recovered game goes through the same fallback-share check as a game just played (a model
    seat that mostly fell back is noted; :mod:`..fallback_seats` scores it as the fallback).
    Transcripts carry no clock, so its wall time is unknown (``wall_s`` 0, which the cost metrics leave out).
    """
    ledger = read_ledger(folder)
    left: list[GameJob] = []
    recovered: list[Entry] = []
    for job in jobs:
        entry = ledger.get(job.key)
        path = folder / job.filename
        if entry is not None and entry.status in ("done", "unscored") and finished(path):
            continue
        if entry is None and finished(path):
            recovered.append(recovered_entry(job, path, max_fallback_share))
            continue
        left.append(job)
    return left, recovered


def recovered_entry(job: GameJob, path: Path, max_fallback_share: float) -> Entry:
    """The ledger entry of a complete transcript that never reached the ledger."""
    transcript = read_transcript(path)
    status, reason = ledger_status(transcript.records, [agent_spec(e) for e in job.seats], max_fallback_share)
    return Entry(
        key=job.key,
        status=status,
        path=job.filename,
        game_id=transcript.header.game_id,
        reason=reason,
    )


def progress_columns() -> tuple[ProgressColumn, ...]:
    """Name, bar, games done of planned, status counts, elapsed time, and the estimated time left."""
    return (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[status]}"),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
    )


def settings_of(config: TournamentConfig) -> GameSettings:
    return GameSettings(
        table=config.table, llm=config.llm, probes=config.probes, max_fallback_share=config.max_fallback_share
    )


async def run_tournament_async(
    config: TournamentConfig,
    out: Path,
    executor: Executor | None = None,
    *,
    console: Console | None = None,
    limit: int | None = None,
) -> TournamentResult:
    folder = out / GAMES_DIR
    folder.mkdir(parents=True, exist_ok=True)
    jobs = plan(config)
    left, recovered = todo(jobs, folder, config.max_fallback_share)
    for entry in recovered:
        append_entry(folder, entry)
    if limit is not None:
        left = left[:limit]
    result = TournamentResult(planned=len(jobs), skipped=len(jobs) - len(left))
    executor = executor or InProcessExecutor(config.concurrency)
    console = console or Console(stderr=True)
    has_models = any(AgentSpec.parse(m.spec).kind in MODEL_KINDS for m in config.models)
    with Progress(*progress_columns(), console=console, transient=False, disable=not left) as progress:
        task = progress.add_task(config.name, total=len(left), status="")
        async for entry in executor.run(left, folder, settings_of(config)):
            append_entry(folder, entry)
            result.entries.append(entry)
            if entry.status == "done" and has_models:
                for line in game_health(folder / entry.path):  # the game's model seats, as it lands
                    progress.console.print(f"[dim]⚕ {entry.key}: {line}[/]", highlight=False, markup=True)
            status = (
                f"done {result.count('done')} · unscored {result.count('unscored')} · failed {result.count('failed')}"
            )
            progress.update(task, advance=1, status=status)
    return result


def run_tournament(
    config: TournamentConfig,
    out: Path,
    executor: Executor | None = None,
    *,
    console: Console | None = None,
    limit: int | None = None,
) -> TournamentResult:
    return asyncio.run(run_tournament_async(config, out, executor, console=console, limit=limit))
