"""Wall-clock time of a small heuristic tournament on one worker and on several (``tournament --workers``).

    .venv/bin/python bench/tournament_workers.py [--seeds 50] [--workers 1 2] [--repeats 3] [--json]

The tournament: heuristic against random, round robin, one_night at 6 seats and online_mafia at
9, ``--seeds`` seeds each (4 games per seed). Each run is the real command
(``python -m llm_werewolf tournament``) in a fresh process into a fresh folder, worker counts
interleaved repeat by repeat, so a busy machine slows all of them alike; the best wall time of
``--repeats`` is reported (process start, imports and writing every transcript included). The
transcripts of every run are compared with the first run's: they must be identical.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CONFIG = """name = "bench-workers"
seeds = {{ start = 1, count = {seeds} }}
models = ["heuristic", "random"]

[[rulesets]]
variant = "one_night"
players = 6

[[rulesets]]
variant = "online_mafia"
players = 9
"""


def transcripts(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((folder / "games").glob("*.jsonl")) if p.name != "ledger.jsonl"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    best: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "bench.toml"
        config.write_text(CONFIG.format(seeds=args.seeds), encoding="utf-8")
        reference: dict[str, bytes] | None = None
        for repeat in range(args.repeats):
            for workers in args.workers:
                out = Path(tmp) / f"r{repeat}w{workers}"
                command = [sys.executable, "-m", "llm_werewolf", "tournament", str(config), "--out", str(out)]
                started = time.perf_counter()
                subprocess.run([*command, "--workers", str(workers)], check=True, capture_output=True)
                wall = time.perf_counter() - started
                best[workers] = min(wall, best.get(workers, wall))
                written = transcripts(out)
                if reference is None:
                    reference = written
                elif written != reference:
                    raise SystemExit(f"workers={workers}: transcripts differ from the first run's")
        games = len(reference or {})
    if args.json:
        print(json.dumps({"games": games, "best_wall_s": {str(w): round(s, 2) for w, s in best.items()}}))
        return
    for workers, wall in best.items():
        print(f"workers {workers}: {games} games in {wall:.2f} s ({games / wall:.1f} games/s), transcripts identical")


if __name__ == "__main__":
    main()
