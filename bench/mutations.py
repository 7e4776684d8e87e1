"""Mutation check of the rules: does the test suite notice a deliberate rule change?

    .venv/bin/python bench/mutations.py [--ruleset ID ...] [--only MUTATION_ID ...] [--list]
                                        [--timeout S] [--json FILE]

Each mutation (``bench/mutation_catalogue.py``) replaces one exact snippet inside a named
function, method, class or constant of a ruleset's code (found by its syntax tree in any module of
the ruleset's folder: ``bench/mutation_anchors.py``) with a changed rule (a tie that exiles someone, a
hunter who shoots when poisoned, a withdrawn candidate who still votes...). For every mutation
the script copies the project to a scratch folder once, applies the change there (never in the
working tree), runs that ruleset's tests — its scenario files first (``tests/scenarios/<id>/``,
without pytest), then ``tests/rules/test_<id>_*.py`` with pytest ``-x`` (the heuristic
player's tests aside) — and counts the mutation
*killed* when the run fails (or times out), *survived* when every test still passes. A
mutation whose symbol is gone or no longer holds its snippet (the rule's code changed) is reported
as *stale* and stops the run: the catalogue must follow the code; moving code between modules does
not make it stale.

The kill rate per ruleset is documented in docs/rules/mutations.md; aim: at least 95%.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mutation_anchors import StaleMutation, locate, mutate
from mutation_catalogue import CATALOGUE, Mutation

ROOT = Path(__file__).resolve().parents[1]
COPIED = ("llm_werewolf", "tests", "prompts", "personas", "docs", "pyproject.toml")


@dataclass(frozen=True)
class Result:
    ruleset: str
    id: str
    what: str
    killed: bool
    seconds: float
    outcome: str
    """``killed`` (a test failed), ``timeout`` (counted as killed) or ``survived``."""


def test_files(root: Path, ruleset: str) -> list[str]:
    """The ruleset's own rules tests (its scenario files run before, in stage 1)."""
    own = sorted(p.relative_to(root).as_posix() for p in (root / "tests" / "rules").glob(f"test_{ruleset}_*.py"))
    return [p for p in own if "heuristic" not in p]


def pytest_command(root: Path, ruleset: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "pytest",
        "-x",
        "-q",
        "-p",
        "no:cacheprovider",
        "-m",
        "not model",
        *test_files(root, ruleset),
    ]


def copy_project(target: Path) -> None:
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        elif source.exists():
            shutil.copy2(source, target / name)


def apply(root: Path, mutation: Mutation) -> tuple[Path, str]:
    """Write the mutated file; returns the path and its original text (to restore)."""
    site = locate(root, mutation.ruleset, mutation.symbol, mutation.old)
    original, mutated = mutate(site, mutation.old, mutation.new)
    site.path.write_text(mutated, encoding="utf-8")
    return site.path, original


SCENARIO_CHECK = """
import sys
from pathlib import Path
from llm_werewolf.scenarios import check_file
for path in sorted(Path("tests/scenarios", sys.argv[1]).glob("*.yaml")):
    result = check_file(path)
    if not result.passed:
        print(path, result.error or result.mismatches)
        sys.exit(1)
"""
"""Stage 1: the ruleset's scenario files, without pytest (fast, and they kill most mutations)."""


def run_tests(root: Path, ruleset: str, timeout: float) -> tuple[str, float]:
    """Stage 1 (scenario files), then stage 2 (pytest, stopping at the first failure)."""
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}
    started = time.perf_counter()
    stages = ([sys.executable, "-c", SCENARIO_CHECK, ruleset], pytest_command(root, ruleset))
    for command in stages:
        left = timeout - (time.perf_counter() - started)
        try:
            done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, timeout=max(left, 1))
        except subprocess.TimeoutExpired:
            return "timeout", time.perf_counter() - started
        if done.returncode == 5:  # nothing collected: the selection is wrong, not the mutation caught
            raise RuntimeError(f"no tests collected for {ruleset}:\n{done.stdout[-2000:]}")
        if done.returncode != 0:
            return "killed", time.perf_counter() - started
    return "survived", time.perf_counter() - started


def check(rulesets: Sequence[str], only: set[str], timeout: float) -> list[Result]:
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="mutations-") as scratch:
        root = Path(scratch)
        copy_project(root)
        for ruleset in rulesets:
            outcome, seconds = run_tests(root, ruleset, timeout)
            if outcome != "survived":
                print(f"error: {ruleset}: the unmutated tests do not pass ({outcome}); skipped", file=sys.stderr)
                continue
            print(f"{ruleset}: unmutated suite passes in {seconds:.1f} s", flush=True)
            for mutation in CATALOGUE[ruleset]:
                if only and mutation.id not in only:
                    continue
                path, original = apply(root, mutation)
                try:
                    outcome, seconds = run_tests(root, ruleset, timeout)
                finally:
                    path.write_text(original, encoding="utf-8")
                result = Result(ruleset, mutation.id, mutation.what, outcome != "survived", round(seconds, 1), outcome)
                results.append(result)
                mark = "killed  " if result.killed else "SURVIVED"
                print(f"  {mark} {mutation.id:<34} {seconds:6.1f} s  {mutation.what}", flush=True)
    return results


@dataclass(frozen=True)
class Summary:
    mutations: int
    killed: int
    rate: float
    survivors: list[str]


def summary(results: Sequence[Result]) -> dict[str, Summary]:
    out: dict[str, Summary] = {}
    for ruleset in dict.fromkeys(r.ruleset for r in results):
        mine = [r for r in results if r.ruleset == ruleset]
        killed = sum(r.killed for r in mine)
        out[ruleset] = Summary(len(mine), killed, round(killed / len(mine), 3), [r.id for r in mine if not r.killed])
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", action="append", choices=sorted(CATALOGUE), help="Only this ruleset (repeat).")
    parser.add_argument("--only", action="append", default=[], help="Only this mutation id (repeat).")
    parser.add_argument("--list", action="store_true", help="List the mutations and exit.")
    parser.add_argument("--timeout", type=float, default=600.0, help="Seconds per test run (a timeout kills).")
    parser.add_argument("--json", type=Path, help="Also write the results here.")
    args = parser.parse_args(argv)
    rulesets = args.ruleset or sorted(CATALOGUE)
    if args.list:
        for ruleset in rulesets:
            for mutation in CATALOGUE[ruleset]:
                print(f"{ruleset:<17} {mutation.id:<34} {mutation.what}")
        return 0
    try:
        results = check(rulesets, set(args.only), args.timeout)
    except StaleMutation as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    table = summary(results)
    for ruleset, row in table.items():
        survivors = ", ".join(row.survivors) or "none"
        print(f"{ruleset:<17} {row.killed}/{row.mutations} killed ({row.rate:.0%}); survivors: {survivors}")
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        payload = {
            "summary": {ruleset: asdict(row) for ruleset, row in table.items()},
            "results": [asdict(r) for r in results],
            "python": sys.version.split()[0],
        }
        args.json.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
