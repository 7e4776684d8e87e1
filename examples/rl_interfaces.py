"""Play games through the standard RL interfaces (trains nothing): PettingZoo AEC and Gymnasium.

    python examples/rl_interfaces.py                      # one_night, 100 games through each
    python examples/rl_interfaces.py city_mafia 10 100    # ruleset, players, games
    python examples/rl_interfaces.py all 0 20             # every ruleset at its usual table, 20 games each

Through the AEC environment every seat picks a random legal action (from the action mask);
through the Gymnasium wrapper seat 1 does, and heuristic players take the other seats.
Needs the ``rl`` extra (``pip install "llm-werewolf[rl]"``).
"""

from __future__ import annotations

import sys
import time
from collections import Counter

import numpy as np

from llm_werewolf.env_aec import WerewolfAEC, random_action
from llm_werewolf.env_gym import WerewolfGym
from llm_werewolf.rules import all_rulesets, get_ruleset


def play_aec(variant: str, players: int | None, games: int) -> Counter[str]:
    """``games`` games with every seat random; counts each game's winning sides."""
    env = WerewolfAEC(variant, players=players)
    rng = np.random.default_rng(0)
    sides: Counter[str] = Counter()
    for game in range(games):
        env.reset(seed=game)
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            env.step(None if terminated or truncated else random_action(observation, rng))
        result = env.game.result()
        assert result is not None
        sides.update(result.winning_sides or ("nobody",))
    return sides


def play_gym(variant: str, players: int | None, games: int) -> Counter[str]:
    """``games`` games of seat 1 playing at random among heuristic players; counts its results."""
    env = WerewolfGym(variant, players=players, seat=1, others="heuristic")
    rng = np.random.default_rng(0)
    results: Counter[str] = Counter()
    for game in range(games):
        observation, _ = env.reset(seed=game)
        terminated, reward = False, 0.0
        while not terminated:
            observation, reward, terminated, _, _ = env.step(random_action(observation, rng))
        results["won" if reward > 0 else "lost" if reward < 0 else "no winner"] += 1
    return results


def main(argv: list[str]) -> None:
    variant = argv[0] if argv else "one_night"
    players = int(argv[1]) if len(argv) > 1 and int(argv[1]) > 0 else None
    games = int(argv[2]) if len(argv) > 2 else 100
    variants = [r.id for r in all_rulesets()] if variant == "all" else [get_ruleset(variant).id]
    for name in variants:
        started = time.perf_counter()
        sides = play_aec(name, players, games)
        middle = time.perf_counter()
        results = play_gym(name, players, games)
        ended = time.perf_counter()
        print(f"{name}: {games} AEC games in {middle - started:.1f} s, winning sides {dict(sides)}")
        print(f"{name}: {games} Gymnasium games in {ended - middle:.1f} s, seat 1 (random) {dict(results)}")


if __name__ == "__main__":
    main(sys.argv[1:])
