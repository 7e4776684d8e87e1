"""Engine speed: full games per second of uniform random agents, per ruleset, one process.

    .venv/bin/python bench/engine.py [--games N] [--players P] [--json]

The random policy picks an option index with ``random.Random``; everything else
is the rules core (decisions, validation, state transitions, every event).
Times are CPU time of this process (``time.process_time``), so other work on a
shared machine does not count; the best of ``--repeats`` runs is reported.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from typing import Any

from llm_werewolf.rules import Game, GameConfig, all_rulesets, get_ruleset
from llm_werewolf.sim import random_policy, run_sync


def bench(variant: str, players: int, games: int, repeats: int) -> dict[str, Any]:
    names = tuple(f"P{i + 1}" for i in range(players))
    rates = []
    decisions = records = 0
    for repeat in range(repeats):
        decisions = records = 0
        started = time.process_time()
        for seed in range(games):
            game = run_sync(
                Game(GameConfig(variant=variant, names=names, seed=seed + repeat * games)),
                random_policy(random.Random(seed)),
            )
            decisions += game.state.next_decision_id
            records += len(game.records)
        rates.append(games / (time.process_time() - started))
    best = max(rates)
    return {
        "variant": variant,
        "players": players,
        "games": games,
        "games_per_second": round(best, 1),
        "median_games_per_second": round(statistics.median(rates), 1),
        "decisions_per_game": round(decisions / games, 1),
        "records_per_game": round(records / games, 1),
        "microseconds_per_decision": round(1e6 / best / (decisions / games), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--variant", action="append", help="Only these rulesets (repeatable).")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    variants = args.variant or [r.id for r in all_rulesets()]
    results = []
    for variant in variants:
        ruleset = get_ruleset(variant)
        players = min(max(args.players, ruleset.min_players), ruleset.max_players)
        results.append(bench(variant, players, args.games, args.repeats))
    if args.json:
        print(json.dumps({"python": platform.python_version(), "results": results}, indent=2))
        return
    print(f"Python {platform.python_version()} on {platform.machine()}, one process")
    print(
        f"{'ruleset':18} {'players':>7} {'games/s':>9} {'decisions/game':>15} {'records/game':>13} {'us/decision':>12}"
    )
    for r in results:
        print(
            f"{r['variant']:18} {r['players']:>7} {r['games_per_second']:>9} {r['decisions_per_game']:>15} "
            f"{r['records_per_game']:>13} {r['microseconds_per_decision']:>12}"
        )


if __name__ == "__main__":
    main()
