"""Wall and CPU time of test files, one pytest process per file (never the whole suite at once).

    .venv/bin/python bench/test_times.py tests/test_heuristic_play.py tests/evaluation/test_cross_lingual.py
    .venv/bin/python bench/test_times.py --marker server tests/llm/test_model_server_recipe.py

Prints one line per file: wall seconds, CPU seconds (user + system of pytest and what it waited
for), the exit status and the slowest tests (``--durations``). CPU seconds move little with the
machine's load; wall seconds are what ``make test`` waits for on an idle machine.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SLOW = re.compile(r"^\s*([\d.]+)s (?:call|setup|teardown)\s+(\S+)", re.MULTILINE)


def time_file(path: str, marker: str, slowest: int) -> tuple[float, float, int, list[tuple[float, str]]]:
    """(wall s, CPU s, pytest's exit status, the slowest tests) for one test file."""
    before = os.times()
    started = time.perf_counter()
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", marker]
    done = subprocess.run(
        [*command, f"--durations={slowest}", path], cwd=ROOT, capture_output=True, text=True, check=False
    )
    wall = time.perf_counter() - started
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    tests = [(float(seconds), name) for seconds, name in SLOW.findall(done.stdout)]
    return wall, cpu, done.returncode, tests


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", help="Test files, timed one at a time.")
    parser.add_argument("--marker", default="not server", help="pytest -m expression (default: the first pass).")
    parser.add_argument("--slowest", type=int, default=5, help="Slowest tests shown per file.")
    args = parser.parse_args(argv)
    failed = 0
    for path in args.files:
        wall, cpu, status, tests = time_file(path, args.marker, args.slowest)
        failed += status not in (0, 5)
        print(f"{path}: {wall:.1f} s wall, {cpu:.1f} s CPU, exit {status}", flush=True)
        for seconds, name in tests[: args.slowest]:
            print(f"    {seconds:8.2f} s  {name}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
