"""Bradley–Terry (zero-sum, monotone, bootstrapped) and OpenSkill Plackett–Luce with sides as teams of seats."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from llm_werewolf.evaluation.facts import GameFacts
from llm_werewolf.evaluation.ratings import (
    Match,
    bradley_terry,
    match_of,
    openskill_ratings,
    ratings,
)

from .builders import FakeGame
from .fixtures import chinese_game


def _bt(played: list[Match], samples: int = 50) -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = bradley_terry(played, samples=samples, seed=1)["ratings"]
    return out


def _rating(cell: dict[str, object]) -> float:
    value = cell["rating"]
    assert isinstance(value, float)
    return value


def test_bradley_terry_is_zero_sum() -> None:
    rng = random.Random(5)
    played = []
    for i in range(60):
        a, b = rng.sample(["A", "B", "C", "D"], 2)
        strength = {"A": 3, "B": 2, "C": 1, "D": 0}
        win = rng.random() < 1 / (1 + 10 ** ((strength[b] - strength[a]) / 2))
        played.append(Match(f"g{i}", ((a,), (b,)), (1, 2) if win else (2, 1)))
    out = _bt(played)
    assert sum(_rating(c) for c in out.values()) == pytest.approx(0.0, abs=0.5)  # rounding to 0.1 per model


def test_a_strictly_stronger_player_rises_and_equal_players_stay_level() -> None:
    # A beats B 7 times out of 10 (in alternating order); C and D split 5-5.
    played = [Match(f"ab{i}", (("A",), ("B",)), (1, 2) if i % 10 < 7 else (2, 1)) for i in range(40)]
    played += [Match(f"cd{i}", (("C",), ("D",)), (1, 2) if i % 2 else (2, 1)) for i in range(40)]
    out = _bt(played)
    assert _rating(out["A"]) > 0 > _rating(out["B"])
    assert _rating(out["C"]) == pytest.approx(0.0, abs=0.2)
    assert _rating(out["D"]) == pytest.approx(0.0, abs=0.2)
    assert _rating(out["C"]) == pytest.approx(_rating(out["D"]), abs=0.2)
    low, high = out["A"]["low"], out["A"]["high"]
    assert isinstance(low, float) and isinstance(high, float) and 0 < low < _rating(out["A"]) < high


def test_more_wins_means_a_higher_rating() -> None:
    def rating_after(wins: int) -> float:
        played = [Match(f"g{i}", (("A",), ("B",)), (1, 2) if i < wins else (2, 1)) for i in range(10)]
        return _rating(_bt(played, samples=2)["A"])

    ratings_by_wins = [rating_after(w) for w in range(11)]
    assert ratings_by_wins == sorted(ratings_by_wins)
    assert len(set(ratings_by_wins)) == 11
    assert ratings_by_wins[0] == pytest.approx(-ratings_by_wins[10], abs=0.2)  # symmetric, and finite at 10-0


def test_bootstrap_is_seeded_and_brackets_the_estimate() -> None:
    played = [Match(f"g{i}", (("A",), ("B",)), (1, 2) if i % 4 else (2, 1)) for i in range(40)]
    first = bradley_terry(played, samples=60, seed=3)
    assert first == bradley_terry(played, samples=60, seed=3)
    a = first["ratings"]["A"]
    assert a["low"] < a["rating"] < a["high"]


def test_a_draw_moves_nobody() -> None:
    out = _bt([Match("g", (("A",), ("B",)), (1, 1))], samples=2)
    assert _rating(out["A"]) == pytest.approx(0.0, abs=0.1) and _rating(out["B"]) == pytest.approx(0.0, abs=0.1)


def test_a_model_that_only_met_itself_is_not_identified() -> None:
    played = [Match(f"g{i}", (("H", "H"), ("H",)), (1, 2) if i % 3 else (2, 1)) for i in range(6)]
    out = _bt(played)
    assert out["H"]["identified"] is False
    assert out["H"]["low"] is None and out["H"]["high"] is None


def test_side_effects_absorb_a_lucky_side() -> None:
    # The village wins 80% whoever sits there; A and B sit on each side equally often.
    played = []
    for i in range(40):
        teams = (("A",), ("B",)) if i % 2 else (("B",), ("A",))
        village_wins = i % 10 < 8
        played.append(Match(f"g{i}", teams, (1, 2) if village_wins else (2, 1), ("x/village", "x/wolves")))
    out = bradley_terry(played, samples=2, seed=0)
    assert out["ratings"]["A"]["rating"] == pytest.approx(0.0, abs=1.0)
    assert out["side_effects"]["x/village"] > 0 > out["side_effects"]["x/wolves"]


def test_openskill_favours_the_winner() -> None:
    played = [Match(f"g{i}", (("A",), ("B",)), (1, 2)) for i in range(5)]
    out = openskill_ratings(played)
    assert out["A"]["mu"] > 25 > out["B"]["mu"]
    assert out["A"]["sigma"] < 25 / 3
    assert out["A"]["low"] < out["A"]["mu"] < out["A"]["high"]


def test_sides_are_teams(tmp_path: Path) -> None:
    facts = chinese_game(tmp_path)
    match = match_of(facts)
    assert match is not None
    # One member per seat (village: seats 2-5, wolves: seats 0-1), each named by its model.
    assert match.teams == (("fake:A", "fake:A", "fake:B", "fake:B"), ("fake:A", "fake:B"))
    assert match.ranks == (1, 2)
    assert ratings([facts], samples=10)["games_rated"] == 1


def test_draw_ranks_everyone_first(tmp_path: Path) -> None:
    g = FakeGame("chinese_werewolf", ["werewolf", "seer", "villager"], ["fake:A", "fake:B", "fake:B"])
    g.end((), (), "day_limit")
    match = match_of(g.save(tmp_path))
    assert match is not None and match.ranks == (1, 1)


def test_identical_mixtures_change_nothing() -> None:
    played = [Match(f"g{i}", (("A", "A", "B"), ("A", "A", "B")), (1, 2) if i % 2 else (2, 1)) for i in range(6)]
    bt = _bt(played)
    assert bt["A"]["identified"] is False and bt["B"]["identified"] is False
    skill = openskill_ratings(played)
    assert skill["A"]["mu"] == pytest.approx(25.0, abs=1e-3)
    assert skill["B"]["mu"] == pytest.approx(25.0, abs=1e-3)
    assert skill["A"]["sigma"] < 25 / 3  # the games still count as played


def rotated_games(folder: Path, count: int) -> list[GameFacts]:
    """Nine-seat games under round-robin rotation of two models (seat i plays models[(i + r) % 2]).

    Only deals whose three wolves sit on seats of both parities are kept, so both sides hold both
    models in every game: as sets of models every game is a mirror match. The synthetic result:
    the side on which AAA holds the larger share of the seats wins (AAA carries its side)."""
    roles = ["werewolf"] * 3 + ["seer", "witch", "hunter"] + ["villager"] * 3
    games: list[GameFacts] = []
    seed = 0
    while len(games) < 2 * count:
        seed += 1
        deal = list(roles)
        random.Random(seed).shuffle(deal)
        wolves = [i for i, r in enumerate(deal) if r == "werewolf"]
        if len({i % 2 for i in wolves}) < 2:
            continue
        village = [i for i in range(9) if i not in wolves]
        for rotation in range(2):
            seats = [("AAA", "BBB")[(i + rotation) % 2] for i in range(9)]
            game = FakeGame("chinese_werewolf", deal, seats, seed=seed * 2 + rotation)
            share_w = sum(seats[i] == "AAA" for i in wolves) / len(wolves)
            share_v = sum(seats[i] == "AAA" for i in village) / len(village)
            assert share_w != share_v
            if share_w > share_v:
                game.end(tuple(wolves), ("wolves",), "wolves_win")
            else:
                game.end(tuple(village), ("village",), "village_wins")
            games.append(game.save(folder))
    return games


def test_a_model_that_carries_its_side_rises_under_rotation(tmp_path: Path) -> None:
    games = rotated_games(tmp_path, 12)
    played = [m for g in games if (m := match_of(g)) is not None]
    assert len(played) == 24
    # The old pitfall: as sets of models both sides are {AAA, BBB} in every game, so teams of
    # de-duplicated models would leave both ratings exactly where they started.
    assert all(len({frozenset(t) for t in m.teams}) == 1 for m in played)
    out = ratings(games, samples=50, seed=1)
    skill, bt = out["openskill"], out["bradley_terry"]
    # OpenSkill sums a team's members, so the six-seat village is expected to win: compare the
    # models with each other rather than with the starting 25.
    assert skill["AAA"]["mu"] - skill["BBB"]["mu"] > max(skill["AAA"]["sigma"], skill["BBB"]["sigma"])
    assert skill["AAA"]["ordinal"] > skill["BBB"]["ordinal"]
    assert bt["AAA"]["rating"] > 0 > bt["BBB"]["rating"]
    assert bt["AAA"]["rating"] == pytest.approx(-bt["BBB"]["rating"], abs=0.2)  # zero-sum
    assert bt["AAA"]["low"] > bt["BBB"]["high"]  # the bootstrap interval separates them
    assert out["games_rated"] == 24 and not out["games_unrated"]
