"""One sha256 per standard board over every record of many all-heuristic games.

    PYTHONPATH=/path/to/checkout .venv/bin/python bench/heuristic_digest.py [--games 100] [--variant V ...]

Seeds 1..N, seats ``P1..Pn``, every seat a ``HeuristicAgent`` (seed ``seed * 1009 + i``, as in the
ladder), on each ruleset's standard boards (llm_werewolf/ladder.py). Each record is serialised as a
transcript line (``dump_record``), so equal digests mean byte-identical transcripts: a speed change
to the heuristic players must leave every line unchanged. Run it on both checkouts and compare.
"""

from __future__ import annotations

import argparse
import hashlib

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.ladder import standard_boards
from llm_werewolf.rules import GameConfig, all_rulesets
from llm_werewolf.sim import SyncAgent, play_with_agents
from llm_werewolf.transcript.schema import dump_record


def digest(variant: str, players: int, games: int) -> str:
    names = tuple(f"P{i + 1}" for i in range(players))
    sha = hashlib.sha256()
    for seed in range(1, games + 1):
        agents: list[SyncAgent] = [HeuristicAgent(seed=seed * 1009 + i) for i in range(players)]
        game = play_with_agents(GameConfig(variant=variant, names=names, seed=seed), agents)
        for record in game.records:
            sha.update(dump_record(record) + b"\n")
    return sha.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="Games per board (default 100).")
    parser.add_argument("--variant", action="append", help="Only these rulesets (repeatable).")
    args = parser.parse_args()
    for variant in args.variant or [r.id for r in all_rulesets()]:
        for players in standard_boards(variant):
            print(f"{variant} {players} {digest(variant, players, args.games)}", flush=True)


if __name__ == "__main__":
    main()
