"""Where a heuristic speech's CPU time goes: voicing, planning, the shared table reading, intent, the rest.

    .venv/bin/python bench/speech_split.py [--games 8] [--variant V ...] [--players N ...] [--json]

Plays ``--games`` all-heuristic games (after ``--warmup`` untimed ones and a full garbage collection, as
bench/heuristic.py does) on each standard board and splits the CPU time of every speech decision
(``HeuristicAgent.choose`` on a decision with ``speech``) into exclusive parts, each timed with
``time.process_time`` around the function that does it and without the parts it calls:

- ``voice``: ``speech.voice.voice`` (phrasings chosen and filled, repeats avoided);
- ``plan``: ``speech.planner.plan`` and ``last_words_plan`` (answers, reasons, questions, the closing);
- ``reading``: ``speech.table_reading.TableReading.advance`` (the game's shared reading of the public speeches,
  paid by whichever seat reads the table first after a speech);
- ``intent``: ``speech.intent.intent_acts`` (the acts the seat's intent makes);
- ``rest``: everything else in the decision (the ruleset's own reading and choice, legality checks).

The parts add up to the speech's time. The timers cost about a microsecond per timed call, so absolute
figures run a few percent above bench/heuristic.py's; the shares are what this measures.
"""

from __future__ import annotations

import argparse
import gc
import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import llm_werewolf.agents.speech as agent_speech
import llm_werewolf.speech.intent as intent_module
import llm_werewolf.speech.planner as planner_module
import llm_werewolf.speech.table_reading as reading_module
import llm_werewolf.speech.voice as voice_module
from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.ladder import standard_boards
from llm_werewolf.rules import Choice, Decision, GameConfig, SeatView, all_rulesets
from llm_werewolf.sim import SyncAgent, play_with_agents

PARTS = ("voice", "plan", "reading", "intent", "rest")
_TIMED: tuple[tuple[Any, str, str], ...] = (
    (voice_module, "voice", "voice"),
    (planner_module, "plan", "plan"),
    (planner_module, "last_words_plan", "plan"),
    (reading_module.TableReading, "advance", "reading"),
    (intent_module, "intent_acts", "intent"),
)


class SplitClock:
    """Exclusive CPU seconds per part while ``running``; a part's callees are taken out of its time."""

    def __init__(self) -> None:
        self.seconds = dict.fromkeys(PARTS, 0.0)
        self.speeches = 0
        self.running = False
        self._inner: list[float] = []

    def timed(self, part: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if not self.running:
                return function(*args, **kwargs)
            started = time.process_time()
            self._inner.append(0.0)
            try:
                return function(*args, **kwargs)
            finally:
                self._close(part, time.process_time() - started)

        return wrapper

    def _close(self, part: str, spent: float) -> None:
        self.seconds[part] += spent - self._inner.pop()
        if self._inner:
            self._inner[-1] += spent

    def speech(self, answer: Callable[[], Choice]) -> Choice:
        self.running = True
        started = time.process_time()
        self._inner.append(0.0)
        try:
            return answer()
        finally:
            self._close("rest", time.process_time() - started)
            self.speeches += 1
            self.running = False


@contextmanager
def split_clock() -> Iterator[SplitClock]:
    """A clock wired into the speech functions for the ``with`` block; the originals are put back after."""
    clock = SplitClock()
    originals = [(owner, name, getattr(owner, name)) for owner, name, _ in _TIMED]
    try:
        for (owner, name, part), (_, _, function) in zip(_TIMED, originals, strict=True):
            setattr(owner, name, clock.timed(part, function))
        _forget_lookups()
        yield clock
    finally:
        for owner, name, function in originals:
            setattr(owner, name, function)
        _forget_lookups()


def _forget_lookups() -> None:
    """``agents.speech`` looks the speech functions up once: forget them so the next speech looks again."""
    agent_speech._voicing.cache_clear()
    agent_speech._planning.cache_clear()


class SplitAgent(HeuristicAgent):
    """A heuristic agent whose speech decisions are timed by ``clock``."""

    def __init__(self, seed: int, clock: SplitClock) -> None:
        super().__init__(seed)
        self.clock = clock

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        if not decision.speech:
            return super().choose(view, decision)
        return self.clock.speech(lambda: super(SplitAgent, self).choose(view, decision))


def split(variant: str, players: int, games: int, warmup: int = 5) -> dict[str, Any]:
    """µs per speech decision of ``variant`` at ``players`` seats, in all and per part."""
    names = tuple(f"P{i + 1}" for i in range(players))
    for seed in range(-warmup, 0):
        warm: list[SyncAgent] = [HeuristicAgent(seed * 1009 + i) for i in range(players)]
        play_with_agents(GameConfig(variant=variant, names=names, seed=seed), warm)
    gc.collect()
    with split_clock() as clock:
        for seed in range(1, games + 1):
            agents: list[SyncAgent] = [SplitAgent(seed * 1009 + i, clock) for i in range(players)]
            play_with_agents(GameConfig(variant=variant, names=names, seed=seed), agents)
    count = max(clock.speeches, 1)
    parts = {part: round(1e6 * clock.seconds[part] / count, 1) for part in PARTS}
    total = sum(clock.seconds.values())
    return {
        "variant": variant,
        "players": players,
        "games": games,
        "speeches": clock.speeches,
        "us_speech": round(1e6 * total / count, 1),
        "us": parts,
        "share": {part: round(clock.seconds[part] / total, 3) if total else 0.0 for part in PARTS},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--warmup", type=int, default=5)
    parser.add_argument("--variant", action="append", help="Only these rulesets (repeatable).")
    parser.add_argument("--players", type=int, action="append", help="Only these boards (repeatable).")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    variants = args.variant or [r.id for r in all_rulesets()]
    boards = [(v, p) for v in variants for p in standard_boards(v) if not args.players or p in args.players]
    results = [split(v, p, args.games, args.warmup) for v, p in boards]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"{'ruleset':18} {'P':>3} {'speeches':>8} {'µs':>7} " + " ".join(f"{p:>13}" for p in PARTS))
    for r in results:
        cells = " ".join(f"{r['us'][p]:>7} ({100 * r['share'][p]:>2.0f}%)" for p in PARTS)
        print(f"{r['variant']:18} {r['players']:>3} {r['speeches']:>8} {r['us_speech']:>7} {cells}")


if __name__ == "__main__":
    main()
