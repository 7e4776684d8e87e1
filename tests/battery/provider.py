"""Battery item 4, provider faults: games against an endpoint that fails, and how they are marked.

Every seat is a model player on the ``openai`` backend talking over real HTTP to
:func:`.fault_server.fault_server` on 127.0.0.1, which injects 429s, 500s,
timeouts and dropped connections into a share of requests. The backend retries
them (:mod:`llm_werewolf.llm.retry`, with the project's number of tries but the
waits scaled down so a run takes minutes); a call that fails for good is
recorded and the seat's fallback answers. Each game is then judged the way
tournaments judge it (:func:`llm_werewolf.evaluation.tournament.games.degraded`):
``done`` (scored), ``unscored`` (a model seat fell back on more than
``max_fallback_share`` of its decisions) or ``failed`` (the game raised), written
to a ledger next to its transcript, and :func:`llm_werewolf.evaluation.study.load_study`
must count exactly the ``done`` games.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from llm_werewolf.agents.base import Agent
from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.evaluation.ledger import Entry, append_entry
from llm_werewolf.evaluation.study import load_study
from llm_werewolf.evaluation.tournament.games import degraded
from llm_werewolf.llm.openai_backend import OpenAIBackend
from llm_werewolf.llm.retry import RetrySettings
from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.rules.events import GameEnded
from llm_werewolf.rules.questions import questions
from llm_werewolf.table import Table, TableSettings
from llm_werewolf.table.seating import AgentSpec
from llm_werewolf.table_notes import Fallback, ModelCall, Rejected
from llm_werewolf.transcript import SeatInfo, TranscriptWriter, header_for

from .fault_server import MODEL, FaultPlan, fault_server
from .games import ended_legally, names_for, players_for, prompt_languages

MAX_FALLBACK_SHARE = 0.5
"""The tournament default (``max_fallback_share`` in a tournament config)."""
FAST_RETRY = RetrySettings(attempts=4, initial=0.01, max_wait=0.08, jitter=0.0)
"""The default number of tries (4), with waits 50 times shorter than the defaults."""


def share(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


@dataclass
class ProviderStats:
    rate: float
    games: int = 0
    completed: int = 0
    status: Counter[str] = field(default_factory=Counter)
    requests: int = 0
    faults: Counter[str] = field(default_factory=Counter)
    calls: int = 0
    recovered: int = 0
    failed_calls: int = 0
    fallbacks: int = 0
    decisions: int = 0
    scored_by_study: int = 0
    wall_s: float = 0.0
    problems: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "fault_rate": self.rate,
            "games": self.games,
            "completed": self.completed,
            "completion_rate": share(self.completed, self.games),
            "scored": self.status["done"],
            "unscored": self.status["unscored"],
            "failed": self.status["failed"],
            "scored_rate": share(self.status["done"], self.games),
            "http_requests": self.requests,
            "injected_faults": dict(sorted(self.faults.items())),
            "model_calls": self.calls,
            "calls_recovered_by_retry": self.recovered,
            "calls_failed_for_good": self.failed_calls,
            "call_success_rate": share(self.calls, self.calls + self.failed_calls),
            "fallbacks": self.fallbacks,
            "fallbacks_per_100_decisions": round(100 * self.fallbacks / self.decisions, 2) if self.decisions else 0.0,
            "study_counts": self.scored_by_study,
            "wall_s": round(self.wall_s, 1),
            "problems": len(self.problems),
        }


async def play_provider_game(
    variant: str,
    language: str,
    seed: int,
    base_url: str,
    folder: Path,
    *,
    timeout: float,
    retry: RetrySettings = FAST_RETRY,
) -> tuple[Entry, Game]:
    """One game against ``base_url``; its transcript and ledger entry go to ``folder``."""
    players = players_for(variant)
    names = names_for(language, players)
    config = GameConfig(variant=variant, names=names, seed=seed, language=language)
    game = Game(config)
    key = f"{variant}.{language}.s{seed}"
    path = folder / f"{key}.jsonl"
    started = time.perf_counter()
    backend = OpenAIBackend(MODEL, base_url=base_url, timeout=timeout, retry=retry)
    specs = [AgentSpec(kind="openai", model=MODEL, base_url=base_url) for _ in range(players)]
    agents: list[Agent] = [
        LLMAgent(backend, settings=LLMAgentSettings(seed=seed * 1009 + i, switch_language=False))
        for i in range(players)
    ]
    seats = [SeatInfo(name=n, agent=s.label, model=MODEL) for n, s in zip(names, specs, strict=True)]
    header = header_for(config, language, seats)
    try:
        with TranscriptWriter(path, header) as writer:
            await Table(game, agents, sinks=[writer], settings=TableSettings(max_attempts=2)).play()
    except Exception as exc:
        entry = Entry(key=key, status="failed", path=path.name, reason=f"{type(exc).__name__}: {exc}"[:500])
    else:
        reason = degraded(game, specs, MAX_FALLBACK_SHARE)
        entry = Entry(
            key=key,
            status="unscored" if reason else "done",
            path=path.name,
            game_id=header.game_id,
            wall_s=round(time.perf_counter() - started, 3),
            reason=reason,
        )
    finally:
        await backend.aclose()
    append_entry(folder, entry)
    return entry, game


def _tally(stats: ProviderStats, entry: Entry, game: Game) -> None:
    stats.games += 1
    stats.status[entry.status] += 1
    if entry.reason:
        stats.reasons.append(f"{entry.key}: {entry.status}: {entry.reason}")
    records = game.records
    if any(isinstance(r.event, GameEnded) for r in records):
        stats.completed += 1
        problems = ended_legally(records)
        stats.problems.extend(f"{entry.key}: {p}" for p in problems)
    calls = [r.event for r in records if isinstance(r.event, ModelCall)]
    stats.calls += len(calls)
    stats.recovered += sum(1 for c in calls if c.error is None and c.retries > 0)
    # A call that failed for good raises out of the agent: the table records it as a refused answer.
    stats.failed_calls += sum(
        1 for r in records if isinstance(r.event, Rejected) and r.event.error.startswith("TransportError")
    )
    stats.fallbacks += sum(1 for r in records if isinstance(r.event, Fallback))
    stats.decisions += len(questions(records))


async def provider_battery_async(
    rate: float,
    games: int,
    folder: Path,
    *,
    variants: list[str],
    seed: int = 0,
    timeout: float = 0.5,
    concurrency: int = 4,
    plan: FaultPlan | None = None,
) -> ProviderStats:
    """``games`` games (``variants`` in turn) against one server injecting faults into ``rate`` of requests."""
    stats = ProviderStats(rate)
    plan = plan or FaultPlan(rate=rate, hang=timeout + 1.0, seed=seed)
    folder.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    gate = asyncio.Semaphore(concurrency)
    with fault_server(plan) as (url, log):

        async def one(n: int) -> tuple[Entry, Game]:
            variant = variants[n % len(variants)]
            language = prompt_languages(variant)[0]
            async with gate:
                return await play_provider_game(variant, language, seed * 1000 + n, url, folder, timeout=timeout)

        results = await asyncio.gather(*(one(n) for n in range(games)))
        stats.requests = log.requests
        stats.faults = Counter(log.faults)
    stats.wall_s = time.perf_counter() - started
    for entry, game in results:
        _tally(stats, entry, game)
    study = load_study(folder)
    stats.scored_by_study = len(study.games)
    done = {e.game_id for e, _ in results if e.status == "done"}
    counted = {g.game_id for g in study.games}
    if counted != done:
        stats.problems.append(f"the study counts {len(counted)} games, the ledger says {len(done)} are scored")
    left_out = {key for key, _ in study.unscored}
    for entry, _ in results:
        if entry.status != "done" and entry.key not in left_out:
            stats.problems.append(f"{entry.key} ({entry.status}) is not listed among the games left out")
    return stats


def provider_battery(rate: float, games: int, folder: Path, **kwargs: Any) -> ProviderStats:
    return asyncio.run(provider_battery_async(rate, games, folder, **kwargs))
