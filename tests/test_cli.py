"""The command line, run as a real subprocess (exit codes, one-line errors) and in-process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

CLI = [sys.executable, "-m", "llm_werewolf"]


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=300, cwd=cwd)


def test_variants_json_lists_every_builtin_ruleset() -> None:
    result = run("variants", "--json")
    assert result.returncode == 0, result.stderr
    described = {item["id"]: item for item in json.loads(result.stdout)}
    assert "chinese_werewolf" in described
    cw = described["chinese_werewolf"]
    assert cw["source_language"] == "zh-Hant"
    assert cw["decision_kinds"] and cw["death_causes"]
    assert cw["roles"]["werewolf"]["name"] != "werewolf"  # a localized name from prompts/


def test_simulate_json_summary() -> None:
    result = run("simulate", "--variant", "chinese_werewolf", "--players", "9", "--games", "30", "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["games"] == 30
    sides = summary["sides"]
    assert sum(s["wins"] for s in sides.values()) + summary["draws"] >= 30
    for side in sides.values():
        assert 0.0 <= side["rate"] <= 1.0 and side["stderr"] >= 0.0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--variant", "nope"], "unknown variant 'nope'"),
        (["simulate", "--variant", "chinese_werewolf", "--players", "99"], "players, not 99"),
        (["simulate", "--variant", "chinese_werewolf", "-o", "nonsense=1"], "nonsense"),
        (
            ["play", "--variant", "chinese_werewolf", "--agents", "heuristic", "--seat", "40=random"],
            "seats are numbered 1 to",
        ),
        (["play", "--variant", "chinese_werewolf", "--agents", "wizard"], "unknown player kind 'wizard'"),
        (["replay", "/nonexistent/file.jsonl"], "cannot read"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_code_2(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) <= 3


def test_play_writes_a_transcript_that_replays(tmp_path: Path) -> None:
    result = run(
        "play",
        "--variant",
        "chinese_werewolf",
        "--players",
        "9",
        "--seed",
        "5",
        "--agents",
        "heuristic",
        "--transcripts",
        str(tmp_path),
    )
    assert result.returncode == 0, result.stderr
    files = list(tmp_path.glob("*.jsonl"))
    assert len(files) == 1
    replayed = run("replay", str(files[0]))
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert "identical" in replayed.stdout


def test_check_exits_1_on_a_failing_scenario(tmp_path: Path) -> None:
    scenario = tmp_path / "fail.yaml"
    scenario.write_text(
        "name: impossible expectation\nvariant: chinese_werewolf\nseed: 1\n"
        "seats:\n"
        + "".join(
            f"  - {{name: S{i}, role: {r}}}\n"
            for i, r in enumerate(
                ["werewolf", "werewolf", "werewolf", "seer", "witch", "hunter", "villager", "villager", "villager"]
            )
        )
        + "expect:\n  reason: no_such_reason\n"
    )
    result = run("check", str(scenario))
    assert result.returncode == 1
    assert "FAIL" in result.stdout
    assert "reason: expected 'no_such_reason'" in result.stdout


def test_setups_suggests_decks_with_intervals() -> None:
    result = run("setups", "--variant", "one_night", "--players", "5", "--games", "20", "--candidates", "3", "--json")
    assert result.returncode == 0, result.stderr
    suggestions = json.loads(result.stdout)
    assert 1 <= len(suggestions) <= 3
    for suggestion in suggestions:
        assert len(suggestion["roles"]) == 5 + 3  # five seats and three center cards
        for side in suggestion["sides"]:
            assert 0.0 <= side["low"] <= side["rate"] <= side["high"] <= 1.0
    imbalances = [s["imbalance"] for s in suggestions]
    assert imbalances == sorted(imbalances)
