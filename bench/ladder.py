"""The strength ladder: each side's heuristic vs its naive version, with heuristic opponents.

    .venv/bin/python bench/ladder.py [--games 2000] [--variant V ...] [--players P ...] [--side S ...]
                                     [--jobs N] [--json]

For every ruleset, standard board (9 and 12 seats; online_mafia 15) and side holding cards,
the side's win rate with every seat heuristic is compared with its win rate when its own
seats play naive (uniform random legal choices, no speech), on the same seeds
(llm_werewolf/ladder.py). A side passes when its heuristic wins at least ``--margin``
(default 0.15) more often. Games are spread over ``--jobs`` processes (default: all cores).
The exit status is 1 when a side misses the margin.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from llm_werewolf.ladder import heuristic_wins, ladder_sides, naive_wins, standard_boards
from llm_werewolf.rules import all_rulesets

CHUNK = 100


def _task(args: tuple[str, int, str | None, int, int]) -> tuple[str, int, str | None, Counter[str]]:
    variant, players, side, first, count = args
    seeds = range(first, first + count)
    wins = heuristic_wins(variant, players, seeds) if side is None else naive_wins(variant, players, seeds, side)
    return variant, players, side, wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="Games per cell (default 2000).")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", action="append", help="Only these rulesets (repeatable).")
    parser.add_argument("--players", type=int, action="append", help="Only these boards (repeatable).")
    parser.add_argument("--side", action="append", help="Only these sides' cells (repeatable; e.g. serial_killer).")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--margin", type=float, default=0.15)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    variants = args.variant or [r.id for r in all_rulesets()]
    tasks: list[tuple[str, int, str | None, int, int]] = []
    cells: list[tuple[str, int, str]] = []
    for variant in variants:
        for players in standard_boards(variant):
            if args.players and players not in args.players:
                continue
            sides = [s for s in ladder_sides(variant, players) if not args.side or s in args.side]
            if not sides:
                continue
            cells += [(variant, players, side) for side in sides]
            for side in [None, *sides]:
                for first in range(args.seed, args.seed + args.games, CHUNK):
                    count = min(CHUNK, args.seed + args.games - first)
                    tasks.append((variant, players, side, first, count))
    started = time.perf_counter()
    totals: dict[tuple[str, int, str | None], Counter[str]] = {}
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for variant, players, side, wins in pool.map(_task, tasks):
            totals.setdefault((variant, players, side), Counter()).update(wins)
    rows: list[dict[str, Any]] = []
    for variant, players, side in cells:
        best = totals[(variant, players, None)][side] / args.games
        naive = totals[(variant, players, side)][side] / args.games
        rows.append(
            {
                "variant": variant,
                "players": players,
                "side": side,
                "games": args.games,
                "heuristic": round(best, 4),
                "naive": round(naive, 4),
                "margin": round(best - naive, 4),
                "passes": best - naive >= args.margin,
            }
        )
    elapsed = time.perf_counter() - started
    if args.json:
        print(json.dumps({"games": args.games, "seconds": round(elapsed, 1), "cells": rows}, indent=2))
    else:
        print(f"strength ladder: {args.games} games per cell, seeds {args.seed}.., {elapsed:.0f}s on {args.jobs} jobs")
        print(f"{'ruleset':18} {'P':>3} {'side':16} {'heuristic':>9} {'naive':>7} {'margin':>7}")
        for r in rows:
            mark = "" if r["passes"] else "  < margin"
            print(
                f"{r['variant']:18} {r['players']:>3} {r['side']:16} {r['heuristic']:>9.3f} "
                f"{r['naive']:>7.3f} {r['margin']:>+7.3f}{mark}"
            )
    raise SystemExit(0 if all(r["passes"] for r in rows) else 1)


if __name__ == "__main__":
    main()
