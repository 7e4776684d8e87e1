"""What a finished game's memory is made of: bytes by record kind and by object type.

    PYTHONPATH=/path/to/checkout .venv/bin/python bench/engine_memory.py [--games 10] [--table chinese_werewolf:12]

Plays ``--games`` random games per table (bench/engine.py's seeds and policy, after one warm-up game)
and keeps them, as ``bench/engine.py --memory`` does, each table in a fresh process. Then it walks
every object the kept games' records and final states reach and counts the ones allocated during
those games (tracemalloc knows where each was allocated), each object once, by ``sys.getsizeof``
(which includes CPython's garbage-collector header). An object shared with earlier games or with
the process (a shared cue, a cached sequence number, an interned label) is not counted: it costs a
game nothing.

Per record kind: the record (an event is its own record: ``seq``, ``phase`` and ``vis`` are slots of
the event; a shared cue or phase start is held by a ``SharedEventRecord``, and only that wrapper is
the game's) and the objects first reached from it (tuples, strings, numbers). Per object type: the
same bytes regrouped. The first line gives tracemalloc's total per game beside the walked total; the
difference is what no record or state reaches (the list of records is walked too, so mostly the
process's caches that grew during the games).
"""

from __future__ import annotations

import argparse
import gc
import random
import subprocess
import sys
import tracemalloc
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

TABLES = (
    ("chinese_werewolf", 12),
    ("city_mafia", 12),
    ("lebanese_ghouls", 12),
    ("one_night", 12),
    ("online_mafia", 12),
    ("online_mafia", 20),
)


@dataclass
class Breakdown:
    """Bytes per game of one table, as walked (see the module's docstring)."""

    variant: str
    players: int
    games: int
    traced: float
    """tracemalloc's bytes still allocated per game."""
    records: float
    """records per game"""
    by_kind: Counter[str] = field(default_factory=Counter)
    """bytes (all games) by the ``kind`` of the record's event"""
    kind_counts: Counter[str] = field(default_factory=Counter)
    by_type: Counter[str] = field(default_factory=Counter)
    """bytes (all games) by the name of the object's type"""
    state: int = 0
    log_lists: int = 0

    @property
    def walked(self) -> float:
        return (sum(self.by_kind.values()) + self.state + self.log_lists) / self.games


class _Walker:
    """Counts each object allocated during the measured games once, and its children."""

    def __init__(self, breakdown: Breakdown) -> None:
        self.seen: set[int] = set()
        self.breakdown = breakdown

    def walk(self, obj: object) -> int:
        if id(obj) in self.seen or isinstance(obj, type):
            return 0
        self.seen.add(id(obj))
        total = 0
        if tracemalloc.get_object_traceback(obj) is not None:
            size = sys.getsizeof(obj)
            self.breakdown.by_type[type(obj).__name__] += size
            total += size
        for child in _children(obj):
            total += self.walk(child)
        return total


def _children(obj: object) -> list[object]:
    if isinstance(obj, (tuple, list, frozenset, set)):
        return list(obj)
    if isinstance(obj, dict):
        return [*obj.keys(), *obj.values()]
    if isinstance(obj, (str, bytes, int, float)):
        return []
    out: list[object] = []
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(obj, name):
                out.append(getattr(obj, name))
    extra = getattr(obj, "__dict__", None)
    if isinstance(extra, dict):
        out.extend(extra.values())
    return out


def measure(variant: str, players: int, games: int) -> Breakdown:
    from llm_werewolf.rules import Game, GameConfig
    from llm_werewolf.sim import random_policy, run_sync

    names = tuple(f"P{i + 1}" for i in range(players))
    run_sync(Game(GameConfig(variant=variant, names=names, seed=10**9)), random_policy(random.Random(0)))
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept: list[Any] = []
        for seed in range(games):
            policy = random_policy(random.Random(seed))
            kept.append(run_sync(Game(GameConfig(variant=variant, names=names, seed=seed)), policy))
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        records = sum(len(game.records) for game in kept)
        breakdown = Breakdown(variant, players, games, (after - before) / games, records / games)
        walker = _Walker(breakdown)
        for game in kept:
            for record in game.records:
                kind = str(getattr(record.event, "kind", type(record.event).__name__))
                breakdown.by_kind[kind] += walker.walk(record)
                breakdown.kind_counts[kind] += 1
        breakdown.state = sum(walker.walk(game.state) for game in kept)
        breakdown.log_lists = sum(walker.walk(game.records) for game in kept)
    finally:
        tracemalloc.stop()
    return breakdown


def report(b: Breakdown, top_types: int = 12) -> str:
    per = b.games
    lines = [
        f"{b.variant} {b.players} players, {b.games} games: tracemalloc {b.traced:,.0f} B/game, "
        f"walked {b.walked:,.0f} B/game, {b.records:.0f} records/game",
        f"  final state {b.state / per:,.0f} B/game, the list of records {b.log_lists / per:,.0f} B/game",
        "  by record kind:   records/game    B/game  share  B/record",
    ]
    for kind, size in b.by_kind.most_common():
        count = b.kind_counts[kind]
        lines.append(
            f"    {kind:<17} {count / per:10.1f} {size / per:9,.0f} "
            f"{100 * size / per / b.traced:5.1f}% {size / count:9.1f}"
        )
    lines.append("  by object type:              B/game  share")
    for name, size in b.by_type.most_common(top_types):
        lines.append(f"    {name:<26} {size / per:9,.0f} {100 * size / per / b.traced:5.1f}%")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--table", action="append", default=[], help="variant:players (default: every table)")
    args = parser.parse_args()
    tables = [(t.split(":")[0], int(t.split(":")[1])) for t in args.table] if args.table else list(TABLES)
    if len(tables) == 1:
        variant, players = tables[0]
        print(report(measure(variant, players, args.games)), flush=True)
        return
    for variant, players in tables:  # each table in a fresh process, as bench/engine.py --memory does
        command = [sys.executable, __file__, "--games", str(args.games), "--table", f"{variant}:{players}"]
        subprocess.run(command, check=True)


if __name__ == "__main__":
    main()
