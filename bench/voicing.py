"""Voicing time: CPU microseconds per heuristic speech spent in ``speech.voice.voice`` (acts to words).

    PYTHONPATH=. .venv/bin/python bench/voicing.py [--games 4] [--variant V ...] [--replays 7]
    PYTHONPATH=. .venv/bin/python bench/voicing.py --control /work/ctl-main --repeats 3

Plays ``--games`` all-heuristic games per standard board (seeds 1..N, seats ``P1..Pn``, after one
untimed game) and records every call of ``voice`` the speeches make: its CPU time in the game
(``in game``), and its arguments. The calls are then replayed in order ``--replays`` times (the
same acts, speaker, random state, earlier speeches and wear, every result checked against the
game's), and the fastest pass is reported (``replayed``): the voicing alone, with the memos the
game left warm, and less sensitive to other work on a shared machine than a game. The planning of
the speech (``speech.planner``) is not counted; ``bench/heuristic.py`` times whole decisions.

``--control PATH`` (repeatable) measures each board on this checkout and on every control in child
processes (this file, the checkout's code on ``PYTHONPATH``), ``--repeats`` times round, and
reports the median per checkout.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.ladder import standard_boards
from llm_werewolf.rules import GameConfig, all_rulesets
from llm_werewolf.sim import SyncAgent, play_with_agents
from llm_werewolf.speech import voice as voicing

Call = tuple[tuple[Any, ...], dict[str, Any], Any, str]
"""A recorded call: its arguments (the random generator as its state), keyword arguments, result."""


_VOICE = voicing.voice
_RECORDED: list[tuple[list[Call], list[float]]] = []
"""Where :func:`_recording` puts the calls of the games being played (the last entry)."""


def _recording(acts: Any, speaker: Any, rng: random.Random, *args: Any, **kwargs: Any) -> str:
    """``voice``, timed and kept (the agents import it once, so it stays in place for every board)."""
    state = rng.getstate()
    started = time.process_time()
    said = _VOICE(acts, speaker, rng, *args, **kwargs)
    spent = time.process_time() - started
    kept = {k: copy.deepcopy(v) if k == "worn" else v for k, v in kwargs.items()}  # the wear is read live
    if _RECORDED:
        calls, total = _RECORDED[-1]
        calls.append(((acts, speaker, *args), kept, state, said))
        total[0] += spent
    return said


voicing.voice = _recording  # before any game: agents/speech.py imports it once


def record(variant: str, players: int, games: int) -> tuple[list[Call], float]:
    """The ``voice`` calls of ``games`` games, and their CPU seconds in the games."""
    names = tuple(f"P{i + 1}" for i in range(players))
    for seed in range(0, games + 1):  # seed 0: untimed, loads the banks
        if seed == 1:
            _RECORDED.append(([], [0.0]))
        agents: list[SyncAgent] = [HeuristicAgent(seed * 1009 + i) for i in range(players)]
        play_with_agents(GameConfig(variant=variant, names=names, seed=seed), agents)
    calls, total = _RECORDED.pop()
    return calls, total[0]


def replay(calls: list[Call]) -> float:
    """CPU seconds of one pass over ``calls`` (each result checked)."""
    rng = random.Random()
    started = time.process_time()
    for (acts, speaker, *args), kwargs, state, said in calls:
        rng.setstate(state)
        if _VOICE(acts, speaker, rng, *args, **kwargs) != said:
            raise AssertionError("a replayed speech differs from the game's")
    return time.process_time() - started


def bench(variant: str, players: int, games: int, replays: int) -> dict[str, Any]:
    calls, spent = record(variant, players, games)
    best = min(replay(calls) for _ in range(replays))
    count = max(1, len(calls))
    return {
        "variant": variant,
        "players": players,
        "speeches": len(calls),
        "us_in_game": round(1e6 * spent / count, 1),
        "us_replayed": round(1e6 * best / count, 1),
    }


MEASURES = ("us_in_game", "us_replayed")


def child(checkout: Path, variant: str, players: int, games: int, replays: int) -> dict[str, Any]:
    command = [sys.executable, __file__, "--variant", variant, "--players", str(players), "--json"]
    command += ["--games", str(games), "--replays", str(replays)]
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(out)["results"][0]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--replays", type=int, default=7)
    parser.add_argument("--variant", action="append", help="Only these rulesets (repeatable).")
    parser.add_argument("--players", type=int, action="append", help="Only these boards (repeatable).")
    parser.add_argument("--control", action="append", default=[], help="Another checkout, measured interleaved.")
    parser.add_argument("--repeats", type=int, default=3, help="Rounds over every checkout with --control.")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    variants = args.variant or [r.id for r in all_rulesets()]
    boards = [(v, p) for v in variants for p in standard_boards(v) if not args.players or p in args.players]
    if not args.control:
        results = [bench(v, p, args.games, args.replays) for v, p in boards]
        if args.json:
            print(json.dumps({"python": platform.python_version(), "results": results}, indent=2))
            return
        print(f"Python {platform.python_version()}: CPU µs per speech in speech.voice.voice")
        print(f"{'ruleset':18} {'P':>3} {'speeches':>8} {'in game':>8} {'replayed':>8}")
        for r in results:
            print(f"{r['variant']:18} {r['players']:>3} {r['speeches']:>8} {r['us_in_game']:>8} {r['us_replayed']:>8}")
        return
    checkouts = {"this": Path(__file__).resolve().parent.parent}
    checkouts.update({str(Path(c)): Path(c).resolve() for c in args.control})
    runs: dict[tuple[str, int, str], list[dict[str, Any]]] = {}
    for _ in range(args.repeats):
        for variant, players in boards:
            for name, checkout in checkouts.items():
                measured = child(checkout, variant, players, args.games, args.replays)
                runs.setdefault((variant, players, name), []).append(measured)
    print(
        f"Python {platform.python_version()}: CPU µs per speech in speech.voice.voice (in game / replayed), "
        f"median of {args.repeats}"
    )
    print(f"{'ruleset':18} {'P':>3} " + " ".join(f"{name[-17:]:>17}" for name in checkouts))
    for variant, players in boards:
        cells = []
        for name in checkouts:
            runs_of = runs[(variant, players, name)]
            cells.append(" ".join(f"{statistics.median(float(r[m]) for r in runs_of):>8}" for m in MEASURES))
        print(f"{variant:18} {players:>3} " + " ".join(cells))


if __name__ == "__main__":
    main()
