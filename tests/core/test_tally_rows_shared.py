"""A tally's rows are shared values (issue: engine memory): equal ``(key, count)`` rows are one
object, the counts keep their order and float type, and the cache is bounded."""

from __future__ import annotations

import random

import pytest

from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.rules.events import VoteTally
from llm_werewolf.rules.voting import _PAIRS, _PAIRS_CAP, count_pair, count_table, tally
from llm_werewolf.sim import random_policy, run_sync


def test_a_row_is_one_object_per_value_and_always_a_float() -> None:
    row = count_pair("seat:3", 2)
    assert row == ("seat:3", 2.0) and isinstance(row[1], float)
    assert count_pair("seat:3", 2.0) is row is count_pair("seat:3", int("2"))
    assert count_pair("seat:3", 1.0) is not row and count_pair("seat:4", 2.0) is not row


def test_tally_orders_rows_highest_first_ties_in_first_seen_order() -> None:
    counts, top = tally([("seat:2", 1.0), ("seat:5", 1.0), ("seat:2", 1.0), ("skip", 2.0), ("seat:5", 0.5)])
    assert counts == (("seat:2", 2.0), ("skip", 2.0), ("seat:5", 1.5)) and top == ("seat:2", "skip")
    assert counts[0] is count_pair("seat:2", 2.0)
    assert count_table([("b", 1.0), ("a", 3.0), ("c", 1.0)]) == (("a", 3.0), ("b", 1.0), ("c", 1.0))
    assert tally([]) == ((), ())


def test_the_row_cache_is_bounded() -> None:
    for i in range(_PAIRS_CAP + 10):
        count_pair(f"k{i}", 1.0)
    assert len(_PAIRS) <= _PAIRS_CAP
    assert count_pair("seat:1", 1.0) is count_pair("seat:1", 1.0)


@pytest.mark.parametrize("variant", ["chinese_werewolf", "city_mafia", "lebanese_ghouls", "one_night", "online_mafia"])
def test_every_tally_row_of_a_game_is_the_shared_one(variant: str) -> None:
    names = tuple(f"P{i + 1}" for i in range(12))
    rows = []
    for seed in (3, 4):
        game = run_sync(Game(GameConfig(variant=variant, names=names, seed=seed)), random_policy(random.Random(seed)))
        rows += [row for r in game.records if isinstance(r.event, VoteTally) for row in r.event.counts]
    assert rows, f"{variant}: no tally in two games"
    assert all(isinstance(count, float) for _, count in rows)
    assert all(row is count_pair(*row) for row in rows)
