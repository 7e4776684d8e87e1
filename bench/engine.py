"""Engine speed: full games per second of uniform random agents, per ruleset.

    .venv/bin/python bench/engine.py [--games N] [--players P] [--repeats R] [--json]
    .venv/bin/python bench/engine.py --control /tmp/main-control   # the same run on another checkout, interleaved
    .venv/bin/python bench/engine.py --workers 0                    # also on every core (0 = all)
    .venv/bin/python bench/engine.py --memory                       # bytes a finished game keeps
    .venv/bin/python bench/engine.py --instructions --games 10      # valgrind callgrind instruction counts

The random policy picks an option index with ``random.Random``; everything else is the
rules core (decisions, validation, state transitions, every event record). Each
measurement runs in a fresh child process (``--child``), so this checkout and the
control (``--control PATH``: any checkout of this project, e.g. ``git worktree add
/tmp/main-control main``) are measured the same way, one after the other, repeat by
repeat. Times are CPU time of the child's game loop (``time.process_time``), so other
work on a shared machine counts less; the best of ``--repeats`` is reported. On all
cores (``--workers``) the figure is total games over the wall time from the first
worker's start to the last one's end. ``--instructions`` runs each child under
``valgrind --tool=callgrind`` twice (N games and none) and reports the difference per
game: a count that does not depend on what else the machine is doing.

Only interfaces that every checkout has are used (``Game``, ``GameConfig``,
``run_sync``, ``random_policy``), so the same file measures old and new code.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
ROOT = HERE.parent.parent
# The tables of docs/performance.md: every ruleset at 12 players, online_mafia also at 20.
DEFAULT_TABLES = (
    ("chinese_werewolf", 12),
    ("city_mafia", 12),
    ("lebanese_ghouls", 12),
    ("one_night", 12),
    ("online_mafia", 12),
    ("online_mafia", 20),
)


def play_games(variant: str, players: int, first_seed: int, games: int) -> dict[str, Any]:
    """Play ``games`` random games in this process; CPU seconds and counts of the loop alone."""
    import random

    from llm_werewolf.rules import Game, GameConfig
    from llm_werewolf.sim import random_policy, run_sync

    names = tuple(f"P{i + 1}" for i in range(players))
    # one warm-up game: imports and caches are not the engine's per-game cost
    run_sync(Game(GameConfig(variant=variant, names=names, seed=10**9)), random_policy(random.Random(0)))
    decisions = records = 0
    os.getppid()  # marks the loop's start for callgrind's --dump-before=getppid (see instructions())
    wall_start = time.time()
    started = time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = run_sync(Game(GameConfig(variant=variant, names=names, seed=seed)), random_policy(random.Random(seed)))
        decisions += game.state.next_decision_id
        records += len(game.records)
    cpu = time.process_time() - started
    os.getppid()  # ...and its end
    return {
        "cpu": cpu,
        "wall_start": wall_start,
        "wall_end": time.time(),
        "games": games,
        "decisions": decisions,
        "records": records,
    }


def retained_bytes(variant: str, players: int, games: int) -> dict[str, Any]:
    """Bytes still allocated per finished game (its records and final state), by tracemalloc."""
    import gc
    import random
    import tracemalloc

    from llm_werewolf.rules import Game, GameConfig
    from llm_werewolf.sim import random_policy, run_sync

    names = tuple(f"P{i + 1}" for i in range(players))
    run_sync(Game(GameConfig(variant=variant, names=names, seed=10**9)), random_policy(random.Random(0)))
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = []
    records = 0
    for seed in range(games):
        game = run_sync(Game(GameConfig(variant=variant, names=names, seed=seed)), random_policy(random.Random(seed)))
        records += len(game.records)
        kept.append(game)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return {"bytes_per_game": (after - before) / games, "records": records, "games": games}


def child_main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=("play", "memory"))
    parser.add_argument("variant")
    parser.add_argument("players", type=int)
    parser.add_argument("first_seed", type=int)
    parser.add_argument("games", type=int)
    args = parser.parse_args(argv)
    if args.mode == "play":
        result = play_games(args.variant, args.players, args.first_seed, args.games)
    else:
        result = retained_bytes(args.variant, args.players, args.games)
    print(json.dumps(result))


def child_command(mode: str, variant: str, players: int, first_seed: int, games: int) -> list[str]:
    return [sys.executable, str(HERE), "--child", mode, variant, str(players), str(first_seed), str(games)]


def child_env(checkout: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(checkout)
    return env


def run_child(checkout: Path, command: list[str]) -> dict[str, Any]:
    out = subprocess.run(command, env=child_env(checkout), cwd=checkout, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"benchmark child failed in {checkout}:\n{out.stderr.strip()[-2000:]}")
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def run_parallel(checkout: Path, variant: str, players: int, games: int, workers: int) -> float:
    """Games per second of ``workers`` processes playing ``games`` games between them (wall time)."""
    share = [games // workers + (1 if i < games % workers else 0) for i in range(workers)]
    procs = []
    first = 0
    for count in share:
        procs.append(
            subprocess.Popen(
                child_command("play", variant, players, first, count),
                env=child_env(checkout),
                cwd=checkout,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        )
        first += count
    results = []
    for proc in procs:
        stdout, stderr = proc.communicate()
        if proc.returncode != 0:
            raise SystemExit(f"benchmark worker failed in {checkout}:\n{stderr.strip()[-2000:]}")
        results.append(json.loads(stdout.strip().splitlines()[-1]))
    span = float(max(r["wall_end"] for r in results)) - float(min(r["wall_start"] for r in results))
    return games / span


def instructions(checkout: Path, variant: str, players: int, games: int) -> float:
    """Instructions per game of the game loop alone, under callgrind.

    The child calls ``os.getppid()`` just before and just after its loop; callgrind dumps its
    counters before each such call, so the second dump holds the loop and nothing else."""
    with tempfile.TemporaryDirectory() as folder:
        out_file = Path(folder) / "callgrind.out"
        command = [
            "valgrind",
            "--tool=callgrind",
            "--dump-before=getppid",
            f"--callgrind-out-file={out_file}",
            *child_command("play", variant, players, 0, games),
        ]
        out = subprocess.run(command, env=child_env(checkout), cwd=checkout, capture_output=True, text=True)
        loop = Path(f"{out_file}.2")
        if out.returncode != 0 or not loop.exists():
            raise SystemExit(f"callgrind failed in {checkout}:\n{out.stderr.strip()[-2000:]}")
        found = re.search(r"^(?:summary|totals): (\d+)", loop.read_text(), re.MULTILINE)
        if found is None:
            raise SystemExit(f"no instruction total in {loop}")
        return int(found.group(1)) / games


def tables(args: argparse.Namespace) -> list[tuple[str, int]]:
    if args.variant:
        return [(v, args.players or 12) for v in args.variant]
    if args.players:
        return [(v, args.players) for v, _ in dict.fromkeys(DEFAULT_TABLES)]
    return list(DEFAULT_TABLES)


def measure(args: argparse.Namespace) -> list[dict[str, Any]]:
    checkouts = {"this": ROOT}
    if args.control:
        checkouts["control"] = Path(args.control).resolve()
    workers = args.workers if args.workers is None or args.workers > 0 else (os.cpu_count() or 1)
    rows = []
    for variant, players in tables(args):
        row: dict[str, Any] = {"variant": variant, "players": players, "games": args.games}
        for name in checkouts:
            row[name] = {"rates": [], "parallel": []}
        for repeat in range(args.repeats):
            for name, checkout in checkouts.items():
                got = run_child(checkout, child_command("play", variant, players, repeat * args.games, args.games))
                row[name]["rates"].append(got["games"] / got["cpu"])
                row[name]["decisions_per_game"] = got["decisions"] / got["games"]
                row[name]["records_per_game"] = got["records"] / got["games"]
                if workers:
                    row[name]["parallel"].append(run_parallel(checkout, variant, players, args.games, workers))
        for name, checkout in checkouts.items():
            entry = row[name]
            best = max(entry["rates"])
            entry["games_per_second"] = round(best, 1)
            entry["microseconds_per_decision"] = round(1e6 / best / entry["decisions_per_game"], 2)
            if workers:
                entry["workers"] = workers
                entry["games_per_second_all_cores"] = round(max(entry["parallel"]), 1)
            if args.memory:
                got = run_child(checkout, child_command("memory", variant, players, 0, max(10, args.games // 10)))
                entry["bytes_per_game"] = round(got["bytes_per_game"])
                entry["bytes_per_record"] = round(got["bytes_per_game"] * got["games"] / got["records"], 1)
            if args.instructions:
                entry["instructions_per_game"] = round(instructions(checkout, variant, players, args.games))
                entry["instructions_per_decision"] = round(entry["instructions_per_game"] / entry["decisions_per_game"])
            entry["decisions_per_game"] = round(entry["decisions_per_game"], 1)
            entry["records_per_game"] = round(entry["records_per_game"], 1)
        if "control" in row:
            row["speedup"] = round(row["this"]["games_per_second"] / row["control"]["games_per_second"], 2)
            if args.memory:
                row["memory_ratio"] = round(row["this"]["bytes_per_game"] / row["control"]["bytes_per_game"], 2)
            if args.instructions:
                row["instruction_ratio"] = round(
                    row["control"]["instructions_per_game"] / row["this"]["instructions_per_game"], 2
                )
        rows.append(row)
        if not args.json:
            print_row(row, checkouts)
    return rows


def print_row(row: dict[str, Any], checkouts: dict[str, Path]) -> None:
    for name in checkouts:
        e = row[name]
        parts = [
            f"{row['variant']:17} {row['players']:>3}p {name:8}",
            f"{e['games_per_second']:>8} games/s",
            f"{e['microseconds_per_decision']:>6} us/decision",
            f"{e['decisions_per_game']:>6} decisions/game",
            f"{e['records_per_game']:>6} records/game",
        ]
        if "games_per_second_all_cores" in e:
            parts.append(f"{e['games_per_second_all_cores']:>8} games/s on {e['workers']} cores")
        if "bytes_per_game" in e:
            parts.append(f"{e['bytes_per_game'] / 1000:>7.1f} kB/game ({e['bytes_per_record']} B/record)")
        if "instructions_per_game" in e:
            parts.append(f"{e['instructions_per_decision']:>7} instr/decision")
        print("  ".join(parts), flush=True)
    extras = [f"{key} {row[key]}" for key in ("speedup", "memory_ratio", "instruction_ratio") if key in row]
    if extras:
        print(f"{'':27}-> {', '.join(extras)}", flush=True)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child_main(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, help="Players per table (default: 12, and 20 for online_mafia).")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--variant", action="append", help="Only these rulesets (repeatable).")
    parser.add_argument("--control", help="Another checkout measured the same way in the same run.")
    parser.add_argument("--workers", type=int, help="Also measure on N processes at once (0 = every core).")
    parser.add_argument("--memory", action="store_true", help="Also measure the bytes a finished game keeps.")
    parser.add_argument("--instructions", action="store_true", help="Also count instructions (valgrind).")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not args.json:
        print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores", flush=True)
    rows = measure(args)
    if args.json:
        print(json.dumps({"python": platform.python_version(), "cores": os.cpu_count(), "results": rows}, indent=2))


if __name__ == "__main__":
    main()
