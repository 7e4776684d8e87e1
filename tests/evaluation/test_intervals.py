"""Intervals at the edges: 0/1, 5/5, n=1, nothing; bootstrap over games; paired differences; n/a rulesets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from llm_werewolf.cli import app
from llm_werewolf.evaluation.applicability import declaration
from llm_werewolf.evaluation.intervals import bootstrap_interval, mean_interval, rate_interval, ratio_of_sums
from llm_werewolf.evaluation.paired import paired_differences
from llm_werewolf.evaluation.study import evaluate, load_study
from llm_werewolf.evaluation.tally import Share

from .builders import FakeGame
from .fixtures import chinese_game, one_night_game


def test_zero_of_one_is_wide_and_starts_at_zero() -> None:
    low, high = rate_interval(0, 1) or (1.0, 0.0)
    assert low == 0.0 and high == pytest.approx(0.7935, abs=1e-4)


def test_five_of_five_is_not_a_point() -> None:
    low, high = rate_interval(5, 5) or (0.0, 0.0)
    assert high == 1.0 and low == pytest.approx(0.5655, abs=1e-4)
    cell = Share(5, 5).as_dict()
    assert cell["rate"] == 1.0 and cell["low"] == pytest.approx(0.5655, abs=1e-4) and "stderr" not in cell


def test_one_of_one_and_nothing() -> None:
    low, high = rate_interval(1, 1) or (0.0, 0.0)
    assert high == 1.0 and low == pytest.approx(0.2065, abs=1e-4)
    assert rate_interval(0, 0) is None
    assert Share().as_dict() == {"hits": 0.0, "n": 0, "rate": None, "low": None, "high": None}


def test_mean_interval_needs_two_games() -> None:
    assert mean_interval([0.5]) == {"mean": 0.5, "low": None, "high": None, "n": 1}
    same = mean_interval([0.25, 0.25, 0.25])
    assert same["low"] == same["high"] == 0.25
    spread = mean_interval([0.0, 1.0, 0.5, 0.25, 0.75], seed=1)
    assert spread["low"] is not None and spread["high"] is not None
    assert 0.0 <= spread["low"] < 0.5 < spread["high"] <= 1.0


def test_ratio_of_sums_is_bootstrapped_over_games() -> None:
    hits, ns = [3, 0, 5, 1], [4, 2, 5, 3]
    low, high = bootstrap_interval([hits, ns], ratio_of_sums, seed=2) or (0.0, 0.0)
    assert low < 9 / 14 < high
    assert bootstrap_interval([hits, ns], ratio_of_sums, seed=2) == (low, high)  # seeded


def rotated_pair(folder: Path, seed: int, a_wins_both: bool) -> None:
    """One deal played twice with A and B swapped. When ``a_wins_both``, A's side wins each time."""
    roles = ["werewolf", "seer", "villager", "villager"]
    for rotation in range(2):
        models = ["A", "B", "B", "B"] if rotation == 0 else ["B", "A", "A", "A"]
        g = FakeGame("chinese_werewolf", roles, models, seed=seed)
        g.header = g.header.model_copy(update={"game_id": f"deal{seed}-r{rotation}"})
        a_is_wolf = rotation == 0
        wolves_win = a_is_wolf if a_wins_both else True
        if wolves_win:
            g.end((0,), ("wolves",), "villagers_dead")
        else:
            g.end((1, 2, 3), ("village",), "wolves_dead")
        g.save(folder, f"deal{seed}-r{rotation}")


def test_paired_difference_over_rotated_deals(tmp_path: Path) -> None:
    for seed in range(4):
        rotated_pair(tmp_path, seed, a_wins_both=True)
    games = load_study(tmp_path).games
    pairs = paired_differences(games)["pairs"]
    # Rotation 0: A is the wolf and wins (A 1, B 0); rotation 1: A holds the village and wins (A 1, B 0).
    assert pairs["A vs B"] == {"difference": 1.0, "low": 1.0, "high": 1.0, "deals": 4}


def test_paired_difference_is_zero_when_the_side_decides(tmp_path: Path) -> None:
    for seed in range(3):
        rotated_pair(tmp_path, seed, a_wins_both=False)  # the wolves always win: seating does not matter
    pairs = paired_differences(load_study(tmp_path).games)["pairs"]
    # Rotation 0: A (wolf) 1, B 0 -> +1; rotation 1: A (villagers) 0, B (wolf) 1 -> -1; the deal: 0.
    assert pairs["A vs B"]["difference"] == 0.0 and pairs["A vs B"]["deals"] == 3


def test_ksr_margin_speed_are_na_for_one_night(tmp_path: Path) -> None:
    games = [chinese_game(tmp_path / "a"), one_night_game(tmp_path / "b")]
    assert declaration(games)["key_role_survival"] == {"rulesets": ["chinese_werewolf"], "n/a": ["one_night"]}
    metrics = evaluate(games, bootstrap=5)
    assert not any(k.startswith("one_night/") for k in metrics["key_role_survival"]["ksr_by_role"])
    only_one_night = evaluate([games[1]], bootstrap=5)
    assert only_one_night["key_role_survival"]["ksr_by_model"] == {}
    assert only_one_night["margin_speed"]["margin_by_side"] == {}
    assert only_one_night["applicability"]["speed"]["n/a"] == ["one_night"]


def test_a_bad_transcript_is_reported_and_skipped(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    chinese_game(folder)
    # A speech by seat 7 in a three-seat game (the old IndexError), a deal of the wrong size, and junk.
    g = FakeGame("chinese_werewolf", ["werewolf", "seer", "villager"], ["x", "y", "z"], seed=5)
    g.phase("day", 1)
    g.say(7, "I am seat eight?")
    g.end((1, 2), ("village",), "wolves_dead")
    g.write(folder, "bad-seat")
    h = FakeGame("chinese_werewolf", ["werewolf", "seer", "villager"], ["x", "y", "z"], seed=6)
    h.end((1, 2), ("village",), "wolves_dead", final=["werewolf", "seer"])
    h.write(folder, "bad-deal")
    (folder / "junk.jsonl").write_text("not json\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["eval", str(folder)])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stderr.splitlines() if line.startswith("skipped ")]
    assert len(lines) == 3
    assert any("bad-seat.jsonl" in line and "seat 7" in line for line in lines)
    assert any("bad-deal.jsonl" in line and "2 final cards for 3 players" in line for line in lines)
    assert any("junk.jsonl" in line and "unreadable" in line for line in lines)
    data = json.loads(result.stdout)
    assert data["games"] == 1 and len(data["unscored"]) == 3


def test_compare_prints_one_table_for_several_populations(tmp_path: Path) -> None:
    chinese_game(tmp_path / "a")
    one_night_game(tmp_path / "b")
    result = CliRunner().invoke(app, ["eval", "--compare", f"cw={tmp_path / 'a'}", "--compare", f"on={tmp_path / 'b'}"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "| metric | cw (1 games) | on (1 games) |"
    rows = {line.split(" | ")[0].lstrip("| "): line for line in lines[2:]}
    assert "| 83% [44, 97] (n=6) |" in rows["IRP (village ballots on a wolf)"]  # 5 of 6, Wilson
    assert rows["KSR (power roles alive at the end)"].endswith("| n/a |")  # one night: not computed
    assert "n/a" in rows["false reported results (acts)"]
    bad = CliRunner().invoke(app, ["eval", "--compare", "nothing"])
    assert bad.exit_code != 0 and "NAME=DIR" in str(bad.exception) + bad.output
