"""A synchronous driver for fast simulations (benchmarks, random-simulation tests).

Real games with model agents go through :mod:`llm_werewolf.table`, which is
asynchronous; this driver only calls a plain function for each decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from .rules import Choice, Decision, Game, GameConfig, SeatView

Policy = Callable[[Game, Decision], Choice]


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
