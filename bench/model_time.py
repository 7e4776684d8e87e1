"""Model time of a 6-seat ``make play`` game: a control checkout and this one, same seeds, same llama.cpp.

    .venv/bin/python bench/model_time.py --control /tmp/ctl --now . --seeds 2 3 [--together] [--json]

For each seed, both checkouts play ``llm-werewolf play --players 6 --seed S`` (the default table:
chinese_werewolf in zh-Hant, every seat on the embedded model, the template narrator) in a child
process whose ``PYTHONPATH`` is ``bench/llama_shim`` then the checkout: the shim gives llama.cpp the
same thread count in both (``--threads``, default 1), loads weights without extra buffer types and
counts the prompt tokens llama.cpp really evaluates. ``--together`` plays the two games of a seed at
the same time, so that both see the same load; otherwise control then now, one at a time.

Per game: decisions asked of the model, model calls (``act steps``: the calls that pick a speech's
acts, ``act_*`` or ``slot_*``; ``slot_plan``: a whole speech in one call),
prompt tokens, tokens llama.cpp evaluated (every ``Llama.eval``: prompts, picks and generated tokens),
completion tokens, model time (the sum of the ``model_call``
latencies, wall clock), CPU (the child's user + system seconds, which the machine's load changes
little), fallbacks; then now ÷ control over all seeds. ``--now-args`` and ``--control-args`` add
``play`` flags (default for now: ``--deadline 7200``, so that no decision falls back on a busy machine;
``--now-args "--deadline 7200 --config acts0.toml"`` with ``[llm] profile_settings = { speech_acts = 0 }``
measures the game without the act picker).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SHIM = Path(__file__).resolve().parent / "llama_shim"


def start_game(checkout: Path, seed: int, extra: list[str], folder: Path, threads: int) -> subprocess.Popen[bytes]:
    """Start one game in ``folder`` (the working directory, so that no checkout is imported from it)."""
    folder.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    env.update(
        PYTHONPATH=f"{SHIM}{os.pathsep}{checkout.resolve()}",
        BENCH_LLAMA_THREADS=str(threads),
        BENCH_EVAL_LOG=str(folder / "eval.jsonl"),
    )
    command = [sys.executable, "-m", "llm_werewolf", "play", "--players", "6", "--seed", str(seed)]
    command += [*extra, "--transcripts", str(folder / "transcripts")]
    return subprocess.Popen(command, cwd=folder, env=env, stdout=subprocess.DEVNULL)


def wait_cpu(process: subprocess.Popen[bytes]) -> float:
    """Wait for the child; its user + system CPU seconds."""
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"game failed ({process.returncode}): {process.args!r}")
    return usage.ru_utime + usage.ru_stime


def summary(folder: Path, cpu: float, wall: float) -> dict[str, Any]:
    """Totals of one game's transcript and of the shim's evaluated-token count."""
    (path,) = (folder / "transcripts").glob("*.jsonl")
    events = [json.loads(line)["event"] for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    calls = [e for e in events if e.get("kind") == "model_call"]
    counts = folder / "eval.jsonl"
    evaluated = (
        sum(json.loads(line)["all_evaluated"] for line in counts.read_text().splitlines()) if counts.exists() else None
    )
    return {
        "decisions_asked": len(
            {(c.get("seat"), c.get("decision_id")) for c in calls if c.get("decision_id") is not None}
        ),
        "model_calls": len(calls),
        "act_steps": sum(1 for c in calls if str(c.get("purpose", "")).startswith(("act_", "slot_"))),
        "prompt_tokens": sum(c.get("prompt_tokens", 0) for c in calls),
        "evaluated_tokens": evaluated,
        "completion_tokens": sum(c.get("completion_tokens", 0) for c in calls),
        "model_seconds": round(sum(c.get("latency_ms", 0.0) for c in calls) / 1000, 1),
        "cpu_seconds": round(cpu, 1),
        "wall_seconds": round(wall, 1),
        "fallbacks": sum(1 for e in events if e.get("kind") == "fallback"),
    }


def play_seed(args: argparse.Namespace, seed: int, out: Path) -> list[dict[str, Any]]:
    """Both checkouts' games of one seed, one after the other or (``--together``) at the same time."""
    sides = [
        ("control", Path(args.control), shlex.split(args.control_args)),
        ("now", Path(args.now), shlex.split(args.now_args)),
    ]
    rows: list[dict[str, Any]] = []
    running: list[tuple[str, Path, subprocess.Popen[bytes], float, float]] = []
    for name, checkout, extra in sides:
        folder = out / f"{name}-{seed}"
        load = os.getloadavg()[0]
        process = start_game(checkout, seed, extra, folder, args.threads)
        running.append((name, folder, process, time.perf_counter(), load))
        if not args.together:
            rows.append(finish(seed, *running.pop()))
    rows += [finish(seed, *game) for game in running]
    return rows


def finish(
    seed: int, name: str, folder: Path, process: subprocess.Popen[bytes], started: float, load: float
) -> dict[str, Any]:
    cpu = wait_cpu(process)
    return {"seed": seed, "code": name, "load": round(load, 2), **summary(folder, cpu, time.perf_counter() - started)}


def ratio(now: float, control: float) -> float | None:
    return round(now / control, 2) if control else None


def ratios(rows: list[dict[str, Any]]) -> dict[str, float | None]:
    """now ÷ control over all seeds: CPU and model time per game and per decision asked."""
    keys = ("cpu_seconds", "model_seconds", "decisions_asked")
    total = {code: {k: sum(r[k] for r in rows if r["code"] == code) for k in keys} for code in ("control", "now")}
    now, control = total["now"], total["control"]
    per_decision = {
        code: t["cpu_seconds"] / t["decisions_asked"] if t["decisions_asked"] else 0.0 for code, t in total.items()
    }
    return {
        "cpu_per_game": ratio(now["cpu_seconds"], control["cpu_seconds"]),
        "cpu_per_decision": ratio(per_decision["now"], per_decision["control"]),
        "model_time_per_game": ratio(now["model_seconds"], control["model_seconds"]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--control", required=True, help="checkout of the code to compare against")
    parser.add_argument("--now", default=".", help="checkout measured (default: this one)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[2, 3])
    parser.add_argument("--together", action="store_true", help="play a seed's two games at the same time")
    parser.add_argument("--threads", type=int, default=1, help="llama.cpp threads in both checkouts")
    parser.add_argument("--control-args", default="", help="extra `play` flags for the control")
    parser.add_argument("--now-args", default="--deadline 7200", help="extra `play` flags for now")
    parser.add_argument("--out", help="folder for the games (default: a temporary one)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(args.out or scratch).resolve()
        rows = [row for seed in args.seeds for row in play_seed(args, seed, out)]
    over = ratios(rows)
    if args.json:
        print(json.dumps({"games": rows, "now_over_control": over}, indent=2))
        return
    for row in rows:
        print(" ".join(f"{key}={value}" for key, value in row.items()))
    print("now ÷ control: " + ", ".join(f"{key} {value}×" for key, value in over.items()))


if __name__ == "__main__":
    main()
