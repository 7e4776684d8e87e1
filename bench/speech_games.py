"""Embedded-model games for the speech measures: N games per ruleset × language, resumable.

Every seat is the embedded model (``--agents local``), narrator off, one day at most
(``-o max_days=1``: enough to measure speech), on the smallest board of each ruleset that has a
day's talk (online_mafia at six seats: at three the two killers settle it on the first night).
Cells are played round-robin (game 0 of every cell, then game 1, ...), so whenever the run is
stopped every cell has about the same number of games; a game whose transcript exists is not
played again. Then::

    .venv/bin/python bench/speech_games.py --games 20 --out runs/speech     # plays (hours on one core)
    .venv/bin/python -m llm_werewolf.evaluation.speech_measure runs/speech/*/*.jsonl   # the table

``--only chinese_werewolf:zh-Hant`` plays one cell (repeatable), ``--first-seed 2`` from seed 2 on.
``--jobs 2`` plays two games at a time. Each game's llama.cpp gets one thread (``[llm] threads = 1``):
on a shared CPU one thread per process is faster than two (docs/llm.md).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

CELLS: tuple[tuple[str, str, int], ...] = (
    ("one_night", "ar", 3),
    ("one_night", "en", 3),
    ("lebanese_ghouls", "ar-LB", 4),
    ("lebanese_ghouls", "en", 4),
    ("chinese_werewolf", "zh-Hant", 6),
    ("chinese_werewolf", "en", 6),
    ("city_mafia", "ru", 7),
    ("city_mafia", "en", 7),
    ("online_mafia", "he", 6),
    ("online_mafia", "en", 6),
)


def _command(variant: str, language: str, players: int, seed: int, out: Path, deadline: float) -> list[str]:
    return [
        sys.executable,
        "-m",
        "llm_werewolf",
        "play",
        "--variant",
        variant,
        "--lang",
        language,
        "--players",
        str(players),
        "--agents",
        "local",
        "--seed",
        str(seed),
        "--narrator",
        "off",
        "-o",
        "max_days=1",
        "--deadline",
        str(deadline),
        "--transcripts",
        str(out),
        "--config",
        str(out.parent / "one_thread.toml"),
    ]


def _play(job: tuple[str, str, int, int], root: Path, deadline: float) -> str:
    variant, language, players, seed = job
    out = root / f"{variant}-{language}-s{seed}"
    if (out / "done").exists():
        return f"{out.name}: already played"
    for partial in out.glob("*.jsonl"):  # a game stopped half way is played again
        partial.unlink()
    out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    done = subprocess.run(
        _command(variant, language, players, seed, out, deadline),
        stdout=subprocess.DEVNULL,
        stderr=(out / "stderr.txt").open("w"),
        check=False,
    )
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        return f"{out.name}: FAILED (exit {done.returncode}, {seconds:.0f} s; see {out / 'stderr.txt'})"
    (out / "done").write_text(f"{seconds:.1f}\n", encoding="utf-8")
    return f"{out.name}: {seconds:.0f} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="games per ruleset × language")
    parser.add_argument("--out", type=Path, default=Path("runs/speech"))
    parser.add_argument("--jobs", type=int, default=1, help="games played at a time")
    parser.add_argument("--deadline", type=float, default=900.0, help="seconds per decision (a busy CPU is slow)")
    parser.add_argument("--only", action="append", default=[], help="play only this cell (VARIANT:LANG; repeatable)")
    parser.add_argument("--first-seed", type=int, default=0, help="seed of each cell's first game")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "one_thread.toml").write_text("[llm]\nthreads = 1\n", encoding="utf-8")
    cells = [c for c in CELLS if not args.only or f"{c[0]}:{c[1]}" in args.only]
    seeds = range(args.first_seed, args.first_seed + args.games)
    jobs = [(v, lang, p, seed) for seed in seeds for v, lang, p in cells]
    total = len(jobs)
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for i, line in enumerate(pool.map(lambda job: _play(job, args.out, args.deadline), jobs), start=1):
            print(f"[{i}/{total}] {line}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
