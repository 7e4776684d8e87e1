"""Simulations on several processes give the same results as on one (issue: engine speed, every core)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from llm_werewolf.balance import suggest_setups
from llm_werewolf.cli.commands.simulate import simulate_games
from llm_werewolf.sim import chunks, parallel_map, worker_count

CLI = [sys.executable, "-m", "llm_werewolf"]


def _square(value: int) -> int:
    return value * value


def test_chunks_cover_every_seed_once_in_order() -> None:
    for first, total, workers in ((0, 1000, 2), (7, 5, 4), (3, 100, 1), (0, 17, 16)):
        pieces = chunks(first, total, workers)
        seeds = [seed for start, count in pieces for seed in range(start, start + count)]
        assert seeds == list(range(first, first + total))
        assert all(count > 0 for _, count in pieces)
        assert len(pieces) == (1 if workers == 1 else min(total, workers * 8))
    assert chunks(0, 0, 2) == []


def test_worker_count_defaults_to_every_usable_core() -> None:
    assert worker_count(0) == worker_count(None) == len(os.sched_getaffinity(0))
    assert worker_count(3) == 3


def test_parallel_map_keeps_the_order_of_the_items() -> None:
    items = list(range(40))
    assert list(parallel_map(_square, items, 2)) == [i * i for i in items]
    assert list(parallel_map(_square, items, 1)) == [i * i for i in items]


@pytest.mark.parametrize(
    ("variant", "players", "agents"), [("online_mafia", 12, "random"), ("one_night", 6, "heuristic")]
)
def test_simulate_gives_the_same_summary_on_one_and_on_two_workers(variant: str, players: int, agents: str) -> None:
    one = simulate_games(variant, players, 40, 5, agents, {}, workers=1)
    two = simulate_games(variant, players, 40, 5, agents, {}, workers=2)
    assert one.games == two.games == 40
    assert one == two
    assert list(one.role_seats) == list(two.role_seats)  # first-seen order too


def test_setups_give_the_same_suggestions_on_one_and_on_two_workers() -> None:
    one = suggest_setups("one_night", 5, games=12, seed=4, candidates=3, workers=1)
    two = suggest_setups("one_night", 5, games=12, seed=4, candidates=3, workers=2)
    assert [s.as_dict() for s in one] == [s.as_dict() for s in two]
    assert len(one) == 3


def test_the_simulate_command_reports_the_same_figures_whatever_the_workers() -> None:
    outputs = []
    for workers in ("1", "2"):
        args = ["simulate", "--variant", "city_mafia", "--games", "30", "--seed", "11", "--json", "--workers", workers]
        result = subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr
        outputs.append(json.loads(result.stdout))
    assert [o["workers"] for o in outputs] == [1, 2]
    for output in outputs:
        for key in ("seconds", "games_per_second", "workers"):
            output.pop(key)
    assert outputs[0] == outputs[1]
    assert outputs[0]["games"] == 30


def test_the_default_worker_count_starts_no_process_for_a_few_games() -> None:
    from llm_werewolf.sim import MIN_GAMES_PER_WORKER, auto_workers

    assert auto_workers(0, MIN_GAMES_PER_WORKER - 1) == 1
    assert auto_workers(0, 10_000) == worker_count(0)
    assert auto_workers(2, 3) == 2  # an explicit count is kept
