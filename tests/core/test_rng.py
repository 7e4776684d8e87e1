from __future__ import annotations

from collections import Counter

import pytest

from llm_werewolf.rules import Rng


def test_same_seed_same_stream() -> None:
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    for _ in range(100):
        x, a = a.next_u64()
        y, b = b.next_u64()
        assert x == y


def test_different_seeds_differ() -> None:
    assert Rng.from_seed(1).next_u64()[0] != Rng.from_seed(2).next_u64()[0]


def test_below_is_in_range_and_roughly_uniform() -> None:
    rng = Rng.from_seed(7)
    counts: Counter[int] = Counter()
    for _ in range(6000):
        value, rng = rng.below(6)
        assert 0 <= value < 6
        counts[value] += 1
    assert set(counts) == set(range(6))
    assert all(800 < c < 1200 for c in counts.values())


def test_shuffle_is_a_permutation_and_does_not_mutate() -> None:
    items = tuple(range(20))
    shuffled, _ = Rng.from_seed(3).shuffle(items)
    assert sorted(shuffled) == list(items)
    assert shuffled != items
    assert items == tuple(range(20))


def test_below_rejects_non_positive() -> None:
    with pytest.raises(ValueError):
        Rng.from_seed(0).below(0)


def test_random_float_range() -> None:
    rng = Rng.from_seed(5)
    for _ in range(1000):
        value, rng = rng.random()
        assert 0.0 <= value < 1.0
