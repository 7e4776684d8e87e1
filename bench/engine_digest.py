"""One sha256 per table over every record of many games, to compare two checkouts' logs.

    PYTHONPATH=/path/to/checkout .venv/bin/python bench/engine_digest.py [--random 60] [--heuristic 15]

Random agents (bench/engine.py's policy) and heuristic agents, seeds 0..N-1, every ruleset at 12
players and online_mafia also at 20. Each record is serialised as a transcript line
(``dump_record``), so equal digests mean byte-identical transcripts for the same seeds. Run it on
both checkouts (e.g. this one and a ``git worktree add`` of main) and compare the lines.
"""

from __future__ import annotations

import argparse
import hashlib
import random

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.sim import SyncAgent, play_with_agents, random_policy, run_sync
from llm_werewolf.transcript.schema import dump_record

TABLES = (
    ("chinese_werewolf", 12),
    ("city_mafia", 12),
    ("lebanese_ghouls", 12),
    ("one_night", 12),
    ("online_mafia", 12),
    ("online_mafia", 20),
)


def digest(variant: str, players: int, random_games: int, heuristic_games: int) -> str:
    names = tuple(f"P{i + 1}" for i in range(players))
    sha = hashlib.sha256()
    for seed in range(random_games):
        game = run_sync(Game(GameConfig(variant=variant, names=names, seed=seed)), random_policy(random.Random(seed)))
        for record in game.records:
            sha.update(dump_record(record) + b"\n")
    for seed in range(heuristic_games):
        agents: list[SyncAgent] = [HeuristicAgent(seed=seed * 1009 + i) for i in range(players)]
        game = play_with_agents(GameConfig(variant=variant, names=names, seed=seed), agents)
        for record in game.records:
            sha.update(dump_record(record) + b"\n")
    return sha.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--random", type=int, default=60, help="Random games per table.")
    parser.add_argument("--heuristic", type=int, default=15, help="Heuristic games per table.")
    args = parser.parse_args()
    for variant, players in TABLES:
        print(f"{variant} {players} {digest(variant, players, args.random, args.heuristic)}", flush=True)


if __name__ == "__main__":
    main()
