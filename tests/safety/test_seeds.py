"""Seeds: 128 fresh bits, every bit counts, keyed per-seat seeds, and the replay attack out of reach."""

from __future__ import annotations

from itertools import pairwise

from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.rules.rng import _GOLDEN, _MASK, Rng, _mix
from llm_werewolf.seeds import SEED_BITS, derive_seed, fresh_seed, seat_seed
from llm_werewolf.web.setup import TableSetup, game_config
from tests.battery.seed_search import search, seat_feed

NAMES = ("A", "B", "C", "D", "E")


def test_fresh_seeds_are_128_bits_from_the_system() -> None:
    seeds = [fresh_seed() for _ in range(64)]
    assert len(set(seeds)) == 64
    assert all(0 <= s < 2**SEED_BITS for s in seeds)
    assert max(s.bit_length() for s in seeds) > 120  # all 64 below 2**120 has odds 2**-512
    setup = TableSetup(variant="one_night", language="en", seats=[{"player": "heuristic"}] * 5)
    assert max(game_config(setup).seed.bit_length() for _ in range(4)) > 64  # all four below: odds 2**-256


def test_every_bit_of_a_seed_changes_the_game_and_small_seeds_keep_their_games() -> None:
    assert Rng.from_seed(12345).state == _mix((12345 * _GOLDEN) & _MASK)
    assert Rng.from_seed(-7).state == _mix((-7 * _GOLDEN) & _MASK)
    seed = 2**127 + 99
    states = {Rng.from_seed(seed ^ (1 << bit)).state for bit in range(64, 127)}
    assert len(states) == 63 and Rng.from_seed(99).state not in states and Rng.from_seed(seed).state not in states
    deals = {
        tuple(s.role for s in Game(GameConfig("one_night", NAMES, seed ^ (1 << b))).state.seats) for b in range(64, 96)
    }
    assert len(deals) > 1


def test_seat_seeds_are_keyed_and_say_nothing_of_each_other() -> None:
    seed = fresh_seed()
    seats = [seat_seed(seed, i) for i in range(9)]
    assert len(set(seats)) == 9
    # the old derivation (seed * 1009 + seat) put every seat one step from its neighbour
    assert len({b - a for a, b in pairwise(seats)}) == 8
    assert seat_seed(seed, 0) != seat_seed(seed + 1, 0) and seat_seed(seed, 0) != seed
    assert derive_seed(seed, "narrator") not in seats
    assert all(0 <= s < 2**64 for s in seats)


def test_the_replay_attack_works_on_a_small_space_and_is_out_of_reach_on_128_bits() -> None:
    # Bounded: 150 candidates. The old 20-bit space (10**6 seeds) fell to this attack; the
    # true seed hidden among them is found, so the matcher is a real attack.
    true_seed = 424_242
    feed = seat_feed("one_night", 5, true_seed, seat=0, decisions=12)
    result = search("one_night", 5, feed, range(true_seed - 100, true_seed + 50), seat=0, decisions=12)
    assert true_seed in result.matches
    assert len(result.matches) < result.tried / 3  # the feed narrows the space
    old_space_hours = 10**6 / result.rate / 3600
    assert old_space_hours < 24 * 30  # the old space: within a month on one core (the issue saw minutes)
    # A fresh seed: half of 2**128 candidates, or even of the generator's 2**64 states, at this rate.
    assert result.years_for(SEED_BITS) > 1e20
    assert result.years_for(64) > 1e4
    fresh = fresh_seed()
    far = search("one_night", 5, seat_feed("one_night", 5, fresh, decisions=12), range(1000, 1030), decisions=12)
    assert fresh not in far.matches
