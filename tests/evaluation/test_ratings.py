"""Team Elo (hand-computed), its bootstrap, and OpenSkill Plackett–Luce with sides as teams of seats."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from llm_werewolf.evaluation.facts import GameFacts
from llm_werewolf.evaluation.ratings import (
    Match,
    bootstrap_elo,
    match_of,
    openskill_ratings,
    ratings,
    team_elo,
)

from .builders import FakeGame
from .fixtures import chinese_game


def test_one_game_elo_by_hand() -> None:
    # Equal teams: expected 0.5 each, K=32 -> +16 / -16.
    assert team_elo([Match("g", (("A",), ("B",)), (1, 2))]) == {"A": 1216.0, "B": 1184.0}


def test_second_game_uses_updated_ratings() -> None:
    played = [Match("g1", (("A",), ("B",)), (1, 2)), Match("g2", (("A",), ("B",)), (1, 2))]
    expected = 1 / (1 + 10 ** ((1184 - 1216) / 400))
    assert team_elo(played)["A"] == pytest.approx(1216 + 32 * (1 - expected))


def test_team_rating_is_the_mean_of_its_models() -> None:
    # Team (A, C) at 1200 vs B at 1200: +16 to both A and C; a draw changes nothing.
    assert team_elo([Match("g", (("A", "C"), ("B",)), (1, 2))]) == {"A": 1216.0, "C": 1216.0, "B": 1184.0}
    assert team_elo([Match("g", (("A",), ("B",)), (1, 1))]) == {"A": 1200.0, "B": 1200.0}


def test_bootstrap_brackets_the_point_estimate() -> None:
    played = [Match(f"g{i}", (("A",), ("B",)), (1, 2) if i % 4 else (2, 1)) for i in range(40)]
    out = bootstrap_elo(played, samples=100, seed=3)
    assert out["A"]["low"] <= out["A"]["mean"] <= out["A"]["high"]
    assert out["A"]["low"] < out["A"]["high"]
    assert out["A"]["elo"] > 1200 > out["B"]["elo"]
    assert bootstrap_elo(played, samples=100, seed=3) == out  # seeded


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


def test_team_strength_is_the_mean_over_seats() -> None:
    # A at 1216 (after one win over B), then A, A, B (mean 1210.67) against B, B (1184): the
    # expectation uses the seat-weighted mean, and each model moves by the mean over its seats.
    first = Match("g1", (("A",), ("B",)), (1, 2))
    second = Match("g2", (("A", "A", "B"), ("B", "B")), (2, 1))
    expected = 1 / (1 + 10 ** ((1184 - (2 * 1216 + 1184) / 3) / 400))
    delta = 32 * (0 - expected)
    out = team_elo([first, second])
    assert out["A"] == pytest.approx(1216 + delta)
    assert out["B"] == pytest.approx(1184 + (delta - 2 * delta) / 3)  # one seat lost, two won


def test_identical_mixtures_change_nothing() -> None:
    played = [Match(f"g{i}", (("A", "A", "B"), ("A", "A", "B")), (1, 2) if i % 2 else (2, 1)) for i in range(6)]
    assert team_elo(played) == {"A": 1200.0, "B": 1200.0}
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
    skill, elo = out["openskill"], out["elo"]
    # OpenSkill sums a team's members, so the six-seat village is expected to win: compare the
    # models with each other rather than with the starting 25.
    assert skill["AAA"]["mu"] - skill["BBB"]["mu"] > max(skill["AAA"]["sigma"], skill["BBB"]["sigma"])
    assert skill["AAA"]["ordinal"] > skill["BBB"]["ordinal"]
    assert elo["AAA"]["elo"] > 1200 > elo["BBB"]["elo"]
    assert elo["AAA"]["low"] > elo["BBB"]["high"]  # the bootstrap interval separates them
