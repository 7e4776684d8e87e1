"""Team Elo (hand-computed), its bootstrap, and OpenSkill Plackett–Luce with sides as teams."""

from __future__ import annotations

from pathlib import Path

import pytest

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
    assert match.teams == (("fake:A", "fake:B"), ("fake:A", "fake:B"))  # village, wolves
    assert match.ranks == (1, 2)
    assert ratings([facts], samples=10)["games_rated"] == 1


def test_draw_ranks_everyone_first(tmp_path: Path) -> None:
    g = FakeGame("chinese_werewolf", ["werewolf", "seer", "villager"], ["fake:A", "fake:B", "fake:B"])
    g.end((), (), "day_limit")
    match = match_of(g.save(tmp_path))
    assert match is not None and match.ranks == (1, 1)
