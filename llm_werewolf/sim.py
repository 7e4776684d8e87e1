"""A synchronous driver for fast simulations (benchmarks, random-simulation tests), and the
process pool that spreads many such games over every core (:func:`parallel_map`).

Real games with model agents go through :mod:`llm_werewolf.table`, which is
asynchronous; this driver only calls a plain function for each decision.
"""

from __future__ import annotations

import multiprocessing
import os
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Protocol, TypeVar

from .rules import Choice, Decision, Game, GameConfig, SeatView

Policy = Callable[[Game, Decision], Choice]
T = TypeVar("T")
R = TypeVar("R")


class SyncAgent(Protocol):
    """An agent that can answer without awaiting (random, heuristic, scripted)."""

    def choose(self, view: SeatView, decision: Decision) -> Choice: ...


def random_policy(rng: random.Random) -> Policy:
    """Uniform over the legal options (speeches say nothing)."""

    def choose(game: Game, decision: Decision) -> Choice:
        option = decision.options[rng.randrange(len(decision.options))]
        return Choice(option.id)

    return choose


def run_sync(game: Game, policy: Policy, *, max_decisions: int = 100_000) -> Game:
    """Answer pending decisions with ``policy`` until the game ends."""
    answered = 0
    while not game.over:
        pending = game.pending
        if not pending:
            raise RuntimeError("game is not over but no decision is pending")
        for decision in pending:
            game.submit(decision.id, policy(game, decision))
            answered += 1
        if answered > max_decisions:
            raise RuntimeError(f"no outcome after {answered} decisions")
    return game


def play_random(variant: str, players: int, seed: int, **options: object) -> Game:
    """One game of uniform random choices."""
    names = tuple(f"P{i + 1}" for i in range(players))
    game = Game(GameConfig(variant=variant, names=names, seed=seed, options=options))
    return run_sync(game, random_policy(random.Random(seed)))


def play_with_agents(config: GameConfig, agents: list[SyncAgent], *, max_decisions: int = 100_000) -> Game:
    """Play one game with synchronous agents (random, heuristic, scripted) that see only their views."""
    from .rules import ViewBuilder

    game = Game(config)
    builders = [ViewBuilder(i) for i in range(len(config.names))]
    published = 0
    answered = 0
    while not game.over:
        new = game.records[published:]
        published = len(game.records)
        for builder in builders:
            builder.extend(new)
        pending = game.pending
        if not pending:
            raise RuntimeError("game is not over but no decision is pending")
        views = {d.seat: builders[d.seat].view() for d in pending}
        for decision in pending:
            game.submit(decision.id, agents[decision.seat].choose(views[decision.seat], decision))
            answered += 1
        if answered > max_decisions:
            raise RuntimeError(f"no outcome after {answered} decisions")
    return game


def worker_count(requested: int | None = None) -> int:
    """How many processes to use: ``requested``, or every core this process may run on when it is
    ``None`` or 0."""
    if requested:
        return max(1, requested)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def parallel_map(func: Callable[[T], R], items: Sequence[T], workers: int | None = None) -> Iterator[R]:
    """``func`` over ``items`` on ``workers`` processes (0/None: every core), yielding the results
    in the order of ``items``, so the result is the same as one process computing them in turn.

    ``func`` and the items must pickle (a module-level function, or a ``functools.partial`` of
    one). With one worker or one item nothing is started: the calls run here, one by one.
    """
    count = min(worker_count(workers), len(items))
    if count <= 1:
        yield from (func(item) for item in items)
        return
    with ProcessPoolExecutor(max_workers=count, mp_context=pool_context()) as pool:
        yield from pool.map(func, items)


def pool_context() -> multiprocessing.context.BaseContext:
    """ "forkserver" where there is one: the workers fork from a clean server process that imported
    the program once (a plain fork of a process running threads, such as a progress display, can
    deadlock the child; "spawn" imports everything again in every worker)."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


MIN_GAMES_PER_WORKER = 25
"""With the default worker count, fewer games than this per worker are not worth starting a process."""


def auto_workers(requested: int | None, games: int) -> int:
    """``requested`` workers, or with 0/None every core but no more than one per
    :data:`MIN_GAMES_PER_WORKER` games."""
    if requested:
        return worker_count(requested)
    return max(1, min(worker_count(None), games // MIN_GAMES_PER_WORKER))


def chunks(first: int, total: int, workers: int) -> list[tuple[int, int]]:
    """``(first seed, games)`` pieces of ``total`` games from seed ``first``: several per worker,
    so that the workers stay busy to the end and a progress display moves."""
    if total <= 0:
        return []
    pieces = 1 if workers <= 1 else min(total, workers * 8)
    size, extra = divmod(total, pieces)
    out = []
    start = first
    for index in range(pieces):
        count = size + (1 if index < extra else 0)
        out.append((start, count))
        start += count
    return out
