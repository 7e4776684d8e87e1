"""A synchronous driver for fast simulations (benchmarks, random-simulation tests).

Real games with model agents go through :mod:`llm_werewolf.table`, which is
asynchronous; this driver only calls a plain function for each decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .rules import Choice, Decision, Game, GameConfig

Policy = Callable[[Game, Decision], Choice]


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
