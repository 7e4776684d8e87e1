"""What many all-heuristic games leave behind in one process: memory still held once they are over.

    PYTHONPATH=/path/to/checkout .venv/bin/python bench/heuristic_memory.py [--games 200] [--table chinese_werewolf:12]
                                                                            [--no-tracemalloc]

Plays ``--games`` all-heuristic games per table in this process (seats ``P1..Pn``, seeds 1..N, every seat a
``HeuristicAgent`` of seed ``seed * 1009 + i``, as in bench/heuristic_digest.py), keeping nothing of them,
after ``--warmup`` games that fill the caches of static data (phrase banks, compiled patterns). After the
warmup and after the last game it collects garbage and reports, per table: the bytes tracemalloc counts as
allocated and not freed since the warmup (per game, and in all), the process's resident memory (``VmRSS``),
and how many speech events (``rules.events.Speech``) are still alive. With the players' caches living per
game, the speeches left are none and the bytes per game stay near zero whatever ``--games`` is; a cache
that outlives its game shows as bytes per game and speeches left. ``--no-tracemalloc`` measures only the
resident memory and the speeches, at full speed. Each table runs in a fresh process, the checkout's code
on ``PYTHONPATH``: run it on each checkout to compare.
"""

from __future__ import annotations

import argparse
import gc
import subprocess
import sys
import tracemalloc
from pathlib import Path

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.rules import GameConfig
from llm_werewolf.rules.events import Speech
from llm_werewolf.sim import SyncAgent, play_with_agents

TABLES = ("chinese_werewolf:12", "city_mafia:12", "lebanese_ghouls:12", "one_night:12", "online_mafia:15")


def _play(variant: str, players: int, seed: int) -> None:
    names = tuple(f"P{i + 1}" for i in range(players))
    agents: list[SyncAgent] = [HeuristicAgent(seed=seed * 1009 + i) for i in range(players)]
    play_with_agents(GameConfig(variant=variant, names=names, seed=seed), agents)


def _rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _speeches() -> int:
    return sum(1 for obj in gc.get_objects() if type(obj) is Speech)


def measure(table: str, games: int, warmup: int, traced: bool) -> str:
    variant, players = table.split(":")
    seats = int(players)
    if traced:
        tracemalloc.start()
    for seed in range(-warmup, 0):  # seeds below 1: never one of the measured games
        _play(variant, seats, seed)
    gc.collect()
    base = tracemalloc.get_traced_memory()[0] if traced else 0
    rss_before = _rss_kib()
    for seed in range(1, games + 1):
        _play(variant, seats, seed)
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - base if traced else 0
    traced_text = f" held {held / 1e6:8.2f} MB ({held / games:8.0f} B/game)" if traced else ""
    return (
        f"{table:22} games {games:4}{traced_text} RSS {rss_before / 1024:7.1f} -> {_rss_kib() / 1024:7.1f} MiB"
        f" speeches left {_speeches()}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="Games per table (default 200).")
    parser.add_argument("--warmup", type=int, default=3, help="Untimed games before the first reading (default 3).")
    parser.add_argument("--table", action="append", help="variant:players (repeatable; default every ruleset).")
    parser.add_argument("--no-tracemalloc", action="store_true", help="Resident memory and speeches only.")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # a child process: measure this table only
    args = parser.parse_args()
    if args.one:
        print(measure(args.one, args.games, args.warmup, not args.no_tracemalloc), flush=True)
        return
    for table in args.table or TABLES:
        command = [sys.executable, __file__, "--one", table, "--games", str(args.games), "--warmup", str(args.warmup)]
        if args.no_tracemalloc:
            command.append("--no-tracemalloc")
        subprocess.run(command, check=True)


if __name__ == "__main__":
    main()
