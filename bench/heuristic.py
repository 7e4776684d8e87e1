"""Heuristic decision time: CPU microseconds per decision of the heuristic players, per ruleset and board.

    .venv/bin/python bench/heuristic.py [--games N] [--variant V ...] [--json]
    .venv/bin/python bench/heuristic.py --control /work/ctl-1201 --control /work/ctl-main --repeats 3


Plays ``--games`` all-heuristic games (after ``--warmup`` untimed games, seeds below 1) on each standard board
(llm_werewolf/ladder.py) and times only the agents' answers (``HeuristicAgent.choose``, which
reads the view and decides; speeches included), not the rules engine or the view building. Times
are CPU time of this process (``time.process_time``), so other work on a shared machine does not
count. Reports the mean over all decisions, the mean of speech and of non-speech decisions, and
the 99th percentile. A full garbage collection after the warmup games settles what starting the
process left to collect: otherwise its one full collection (20-30 ms, the whole heap of imported
modules) falls in a timed answer on some boards and not others, depending only on where the
allocation counts of imports and warmup happen to put it.
The budget is 150 microseconds per decision (docs/heuristics.md).

``--control PATH`` (repeatable: any checkouts of this project) measures each board on this checkout
and on every control, one after the other in child processes (this file's measurement, the
checkout's code on ``PYTHONPATH``), ``--repeats`` times round; the median of the repeats is reported
per checkout, so every version is timed in the same minutes under the same load.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.ladder import standard_boards
from llm_werewolf.rules import Choice, Decision, GameConfig, SeatView, all_rulesets
from llm_werewolf.sim import SyncAgent, play_with_agents

BUDGET_US = 150.0


class TimedAgent(HeuristicAgent):
    """A heuristic agent that records the CPU time of each of its answers."""

    def __init__(self, seed: int, times: list[tuple[bool, float]]) -> None:
        super().__init__(seed)
        self.times = times

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        started = time.process_time()
        choice = super().choose(view, decision)
        self.times.append((decision.speech, time.process_time() - started))
        return choice


def bench(variant: str, players: int, games: int, warmup: int = 5) -> dict[str, Any]:
    names = tuple(f"P{i + 1}" for i in range(players))
    times: list[tuple[bool, float]] = []
    for seed in range(-warmup, 0):  # untimed: loads phrase banks and term files (some only in rare games)
        warm: list[SyncAgent] = [HeuristicAgent(seed * 1009 + i) for i in range(players)]
        play_with_agents(GameConfig(variant=variant, names=names, seed=seed), warm)
    gc.collect()  # the process's first full collection (imports, phrase banks) is paid here, not in a timed answer
    for seed in range(1, games + 1):
        agents: list[SyncAgent] = [TimedAgent(seed * 1009 + i, times) for i in range(players)]
        play_with_agents(GameConfig(variant=variant, names=names, seed=seed), agents)
    every = sorted(t for _, t in times)
    speech = [t for s, t in times if s]
    other = [t for s, t in times if not s]

    def us(values: list[float]) -> float:
        return round(1e6 * sum(values) / len(values), 1) if values else 0.0

    return {
        "variant": variant,
        "players": players,
        "games": games,
        "decisions": len(every),
        "us_per_decision": us(every),
        "us_speech": us(speech),
        "us_other": us(other),
        "us_p99": round(1e6 * every[int(0.99 * (len(every) - 1))], 1),
    }


def child(checkout: Path, variant: str, players: int, games: int, warmup: int) -> dict[str, Any]:
    """One board measured in a child process running ``checkout``'s code."""
    command = [sys.executable, __file__, "--variant", variant, "--players", str(players)]
    command += ["--games", str(games), "--warmup", str(warmup), "--json"]
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(out)["results"][0]
    return result


MEASURES = ("us_per_decision", "us_speech", "us_other")


def compare(
    checkouts: dict[str, Path], boards: list[tuple[str, int]], games: int, warmup: int, repeats: int
) -> list[dict[str, Any]]:
    """Every board on every checkout, interleaved, ``repeats`` times round; the median per checkout."""
    runs: dict[tuple[str, int, str], list[dict[str, Any]]] = {}
    for _ in range(repeats):
        for variant, players in boards:
            for name, checkout in checkouts.items():
                runs.setdefault((variant, players, name), []).append(child(checkout, variant, players, games, warmup))
    rows: list[dict[str, Any]] = []
    for variant, players in boards:
        row: dict[str, Any] = {"variant": variant, "players": players, "games": games, "repeats": repeats}
        for name in checkouts:
            measured = runs[(variant, players, name)]
            row[name] = {m: statistics.median(r[m] for r in measured) for m in MEASURES}
            row[name]["runs"] = [{m: r[m] for m in MEASURES} for r in measured]
            row[name]["decisions"] = measured[0]["decisions"]
        rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=5, help="Untimed games per board first (default 5).")
    parser.add_argument("--variant", action="append", help="Only these rulesets (repeatable).")
    parser.add_argument("--players", type=int, action="append", help="Only these boards (repeatable).")
    parser.add_argument("--control", action="append", default=[], help="Another checkout, measured interleaved.")
    parser.add_argument("--repeats", type=int, default=3, help="Rounds over every checkout with --control.")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    variants = args.variant or [r.id for r in all_rulesets()]
    boards = [(v, p) for v in variants for p in standard_boards(v) if not args.players or p in args.players]
    if args.control:
        checkouts = {"this": Path(__file__).resolve().parent.parent}
        checkouts.update({str(Path(c)): Path(c).resolve() for c in args.control})
        rows = compare(checkouts, boards, args.games, args.warmup, args.repeats)
        if args.json:
            print(json.dumps({"python": platform.python_version(), "rows": rows}, indent=2))
            return
        print(
            f"Python {platform.python_version()}: CPU µs per decision (all / speech / other), median of {args.repeats}"
        )
        print(f"{'ruleset':18} {'P':>3} " + " ".join(f"{name[-24:]:>26}" for name in checkouts))
        for row in rows:
            cells = ["{:>8} {:>8} {:>8}".format(*(row[name][m] for m in MEASURES)) for name in checkouts]
            print(f"{row['variant']:18} {row['players']:>3} " + " ".join(cells))
        return
    results = [bench(v, p, args.games, args.warmup) for v, p in boards]
    if args.json:
        print(json.dumps({"python": platform.python_version(), "results": results}, indent=2))
        return
    print(f"Python {platform.python_version()}: heuristic decisions, CPU microseconds (budget {BUDGET_US:.0f})")
    print(f"{'ruleset':18} {'P':>3} {'decisions':>9} {'mean':>7} {'speech':>7} {'other':>7} {'p99':>7}")
    for r in results:
        print(
            f"{r['variant']:18} {r['players']:>3} {r['decisions']:>9} {r['us_per_decision']:>7} "
            f"{r['us_speech']:>7} {r['us_other']:>7} {r['us_p99']:>7}"
        )


if __name__ == "__main__":
    main()
