"""What finding out whether a seat's card was shown to the table costs, per role question.

    PYTHONPATH=/path/to/checkout .venv/bin/python bench/role_questions.py [--games 8] [--repeats 5] [--variant V ...]

Plays ``--games`` all-heuristic games on each standard board (seeds 1..N, seats ``P1..Pn``) and records
every role question that comes to asking whether the seat's card was shown (``speech.answered._shown``,
after its claims and answers), in the order asked. Then it asks ``_shown`` the same questions again, game
by game in that order (the table's shared reading read up to the view first, untimed, as ``answered`` does
before it asks), and reports the microseconds per question (``time.perf_counter_ns`` around each question,
less what an empty timed region costs; the best of ``--repeats`` rounds; the games' records are the same
objects, and any memo of the checkout starts empty in each round) and how many such questions a game asks.
Boards whose players ask no role question are left out. Run it on each checkout (its code on
``PYTHONPATH``) to compare.
"""

from __future__ import annotations

import argparse
import gc
from collections.abc import Callable
from time import perf_counter_ns

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.ladder import standard_boards
from llm_werewolf.rules import GameConfig, SeatView, all_rulesets
from llm_werewolf.sim import SyncAgent, play_with_agents
from llm_werewolf.speech import answered, table_reading

Question = tuple[SeatView, int]


def _questions(variant: str, players: int, seed: int) -> list[Question]:
    """The role questions of one game that ask whether a card was shown, in order."""
    asked: list[Question] = []
    original: Callable[[SeatView, int], bool] = answered._shown

    def recording(view: SeatView, seat: int) -> bool:
        asked.append((view, seat))
        return original(view, seat)

    answered._shown = recording  # ``answered`` looks it up in its module at each call
    try:
        names = tuple(f"P{i + 1}" for i in range(players))
        agents: list[SyncAgent] = [HeuristicAgent(seed=seed * 1009 + i) for i in range(players)]
        play_with_agents(GameConfig(variant=variant, names=names, seed=seed), agents)
    finally:
        answered._shown = original  # type: ignore[assignment]
    _let_go()
    return asked


def _let_go() -> None:
    """Let go of the readings the checkout keeps (so that every round starts with empty memos)."""
    for kept in ("_LAST", "_READINGS"):
        getattr(table_reading, kept).clear()
    gc.collect()


def _time(games: list[list[Question]]) -> int:
    """CPU nanoseconds of ``_shown`` over every question of ``games``, in order."""
    shown = answered._shown
    total = 0
    for questions in games:
        for view, seat in questions:
            table_reading.table_reading(view)  # ``answered`` has read the table up to the view before it asks
            start = perf_counter_ns()
            shown(view, seat)
            total += perf_counter_ns() - start
        _let_go()
    return total


def _timer_ns() -> float:
    """What one timed region costs with nothing in it (subtracted from every question)."""
    best = None
    for _ in range(5):
        total = 0
        for _ in range(100_000):
            start = perf_counter_ns()
            total += perf_counter_ns() - start
        best = total if best is None else min(best, total)
    assert best is not None
    return best / 100_000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=8, help="Games per board (default 8).")
    parser.add_argument("--repeats", type=int, default=5, help="Rounds; the best is reported (default 5).")
    parser.add_argument("--variant", action="append", help="Only these rulesets (repeatable).")
    args = parser.parse_args()
    timer = _timer_ns()
    print(f"ruleset              P  questions/game  µs per role question (best of rounds, less {timer:.0f} ns timer)")
    for ruleset in all_rulesets():
        if args.variant and ruleset.id not in args.variant:
            continue
        for players in standard_boards(ruleset.id):
            games = [_questions(ruleset.id, players, seed) for seed in range(1, args.games + 1)]
            count = sum(len(questions) for questions in games)
            if not count:
                continue
            best = min(_time(games) for _ in range(args.repeats)) / count - timer
            print(f"{ruleset.id:20} {players:2} {count / len(games):15.1f} {best / 1000:10.2f}", flush=True)


if __name__ == "__main__":
    main()
