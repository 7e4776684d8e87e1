"""Heuristic decision cost in machine instructions, repeatable on a noisy machine (callgrind).

    .venv/bin/python bench/heuristic_instructions.py [--games 3] [--variant V ...] [--out DIR] [--json]

CPU time per decision (bench/heuristic.py) swings with the load of a shared machine; instruction
counts do not. For each standard board this script

1. plays ``--games`` all-heuristic games per board and records every answer (``DIR/recordings.pickle``);
2. runs two processes under ``valgrind --tool=callgrind``, identical except for who answers
   (each board's games are one callgrind part, cut at an ``os.getppid()`` call):
   ``heuristic`` plays the same games with heuristic agents, ``replay`` plays them with agents
   that hand back the recorded answers (same engine work, same views, same imports);
3. reports ``(Ir(heuristic) - Ir(replay)) / decisions``: the instructions the heuristic players
   spend per decision, reading the view and deciding, speeches included.

Both runs check that every game ends as recorded. Instruction counts compare two versions of the
code exactly; turning them into time needs the core's instructions per cycle, which for Python's
interpreter loop is typically 1 to 3 (at 3 GHz, 150 microseconds is 0.45 to 1.35 million
instructions), so they do not by themselves tell whether a decision meets a time budget.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.ladder import standard_boards
from llm_werewolf.rules import Choice, Decision, GameConfig, SeatView, all_rulesets
from llm_werewolf.sim import SyncAgent, play_with_agents

WARMUP = 5
"""Uncounted warm-up games per board, in both runs (a file loaded once would otherwise count as decisions)."""

Recording = list[tuple[int, list[Choice], tuple[str, ...]]]  # (seed, answers in order, winning sides)


class RecordingAgent(HeuristicAgent):
    """A heuristic agent that appends each answer to a shared list."""

    def __init__(self, seed: int, answers: list[Choice]) -> None:
        super().__init__(seed)
        self.answers = answers

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        choice = super().choose(view, decision)
        self.answers.append(choice)
        return choice


class ReplayAgent:
    """Hands back recorded answers in the order the game asks for them."""

    def __init__(self, answers: list[Choice]) -> None:
        self.answers = answers
        self.at = 0

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        choice = self.answers[self.at]
        self.at += 1
        return choice


def _names(players: int) -> tuple[str, ...]:
    return tuple(f"P{i + 1}" for i in range(players))


def record(variant: str, players: int, games: int) -> Recording:
    out: Recording = []
    for seed in range(1, games + 1):
        answers: list[Choice] = []
        agents: list[SyncAgent] = [RecordingAgent(seed * 1009 + i, answers) for i in range(players)]
        game = play_with_agents(GameConfig(variant=variant, names=_names(players), seed=seed), agents)
        assert game.outcome is not None
        out.append((seed, answers, tuple(game.outcome.sides)))
    return out


def play(boards: list[tuple[str, int, Recording]], mode: str) -> None:
    """One run under callgrind: the recorded games, answered by heuristics or by the recording.

    Every board gets ``WARMUP`` uncounted heuristic games first (seeds below 1: phrase banks, term
    files, caches; some load only in rare games); then ``os.getppid()`` marks where callgrind starts
    a new part (``--dump-before=getppid``), one part per board.
    """
    for variant, players, _ in boards:
        for seed in range(-WARMUP, 0):
            warm: list[SyncAgent] = [HeuristicAgent(seed * 1009 + i) for i in range(players)]
            play_with_agents(GameConfig(variant=variant, names=_names(players), seed=seed), warm)
    for variant, players, recording in boards:
        os.getppid()
        for seed, answers, sides in recording:
            agents: list[SyncAgent]
            if mode == "heuristic":
                agents = [HeuristicAgent(seed * 1009 + i) for i in range(players)]
            else:
                replay = ReplayAgent(answers)
                agents = [replay] * players
            game = play_with_agents(GameConfig(variant=variant, names=_names(players), seed=seed), agents)
            assert game.outcome is not None and tuple(game.outcome.sides) == sides, f"seed {seed} did not replay"
    os.getppid()


def _instructions(recordings: Path, boards: int, mode: str, out: Path) -> list[int]:
    """Instructions of each board's games in ``mode`` (one callgrind part per board)."""
    cg = out / f"callgrind.{mode}"
    for old in out.glob(f"callgrind.{mode}*"):
        old.unlink()
    cmd = [
        "valgrind",
        "--tool=callgrind",
        "--dump-before=getppid",
        f"--callgrind-out-file={cg}",
        sys.executable,
        __file__,
        "--child",
        mode,
        str(recordings),
    ]
    done = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"}, check=False)
    if done.returncode != 0:
        raise SystemExit(f"callgrind run failed ({mode}): {done.stderr.strip()[-400:]}")
    counts: dict[int, int] = {}
    for part in out.glob(f"callgrind.{mode}.*"):
        text = part.read_text(errors="replace")
        number = re.search(r"^part:\s*(\d+)", text, re.MULTILINE)
        total = re.search(r"^(?:summary|totals):\s*(\d+)", text, re.MULTILINE)
        if number is not None and total is not None:
            counts[int(number.group(1))] = int(total.group(1))
    # part 1: imports and warm-ups; parts 2..boards+1: one board each; the last: exit
    if len(counts) < boards + 1:
        raise SystemExit(f"callgrind wrote {len(counts)} parts, expected {boards + 2} ({mode})")
    return [counts[i] for i in range(2, boards + 2)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--variant", action="append", help="Only these rulesets (repeatable).")
    parser.add_argument("--out", help="Folder for recordings and profiles (default: a new temporary folder).")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--child", nargs=2, metavar=("MODE", "RECORDINGS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        mode, path = args.child
        play(pickle.loads(Path(path).read_bytes()), mode)
        return
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="heuristic-instructions-"))
    out.mkdir(parents=True, exist_ok=True)
    variants = args.variant or [r.id for r in all_rulesets()]
    boards = [(v, p, record(v, p, args.games)) for v in variants for p in standard_boards(v)]
    recordings = out / "recordings.pickle"
    recordings.write_bytes(pickle.dumps(boards))
    heuristic = _instructions(recordings, len(boards), "heuristic", out)
    replay = _instructions(recordings, len(boards), "replay", out)
    results: list[dict[str, Any]] = []
    for (v, p, recording), h, r in zip(boards, heuristic, replay, strict=True):
        decisions = sum(len(answers) for _, answers, _ in recording)
        results.append(
            {
                "variant": v,
                "players": p,
                "games": args.games,
                "decisions": decisions,
                "ir_heuristic_games": h,
                "ir_replayed_games": r,
                "ir_per_decision": round((h - r) / decisions),
            }
        )
    if args.json:
        print(json.dumps({"python": sys.version.split()[0], "results": results}, indent=2))
        return
    python = sys.version.split()[0]
    print(f"Python {python}: instructions per heuristic decision (callgrind, {args.games} games per board)")
    print(f"{'ruleset':18} {'P':>3} {'decisions':>9} {'instructions':>12}")
    for row in results:
        print(f"{row['variant']:18} {row['players']:>3} {row['decisions']:>9} {row['ir_per_decision']:>12,}")


if __name__ == "__main__":
    main()
