"""Scenarios that rely on switch defaults: the declared rules version, the report of a failure, ``--pinned``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from llm_werewolf.scenarios import ScenarioError, check_file, load_scenario

CW = Path(__file__).parents[1] / "scenarios" / "chinese_werewolf"


def _as_written_for_version_1(tmp_path: Path, name: str, option: str, version: int | None = 1) -> Path:
    """The scenario as it was written before its default changed: without ``option`` (then the default)."""
    text = (CW / name).read_text(encoding="utf-8")
    assert option in text
    text = text.replace(option, "").replace("options: {}\n", "")
    if version is not None:
        text = f"rules_version: {version}\n" + text
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_scenario_relying_on_an_old_default_fails_and_the_report_names_the_changed_default(tmp_path: Path) -> None:
    path = _as_written_for_version_1(tmp_path, "side_wipe_villagers_dead.yaml", "victory_mode: side_wipe")
    result = check_file(path)
    assert not result.passed
    assert result.defaults is not None
    lines = result.defaults.lines()
    assert lines[0] == "chinese_werewolf rules version 2; the scenario was written for version 1"
    assert "victory_mode" in lines[1] and "witch_told_victim" in lines[1] and "sheriff" in lines[1]
    assert lines[2] == (
        "of those, defaults changed since version 1: witch_told_victim 'while_antidote' -> 'always' (version 2); "
        "victory_mode 'side_wipe' -> 'all_good' (version 2)"
    )
    assert lines[-1] == "`llm-werewolf check --pinned` plays it with the defaults of version 1"


def test_pinned_plays_the_scenario_with_the_defaults_of_its_version(tmp_path: Path) -> None:
    for name, option in (
        ("side_wipe_villagers_dead.yaml", "victory_mode: side_wipe"),
        ("witch_blind_after_antidote.yaml", ", witch_told_victim: while_antidote"),
    ):
        path = _as_written_for_version_1(tmp_path, name, option)
        assert not check_file(path).passed, name
        pinned = check_file(path, pinned=True)
        assert pinned.passed, f"{name}: {pinned.error or pinned.mismatches}"
        assert pinned.pinned == 1


def test_an_explicit_switch_wins_over_the_pinned_default(tmp_path: Path) -> None:
    path = tmp_path / "explicit.yaml"
    path.write_text("rules_version: 1\n" + (CW / "all_good_needs_every_good_dead.yaml").read_text(encoding="utf-8"))
    assert "victory_mode: all_good" in path.read_text(encoding="utf-8")
    assert check_file(path, pinned=True).passed


def test_a_scenario_of_the_current_version_only_reports_what_it_left_at_default(tmp_path: Path) -> None:
    path = tmp_path / "now.yaml"
    text = (CW / "side_wipe_villagers_dead.yaml").read_text(encoding="utf-8")
    path.write_text("rules_version: 2\n" + text.replace("reason: villagers_dead", "reason: gods_dead"))
    result = check_file(path)
    assert result.defaults is not None
    lines = result.defaults.lines()
    assert lines[0].endswith("written for version 2")
    assert not any("changed" in line for line in lines[1:])
    assert "victory_mode" not in lines[1]  # the scenario sets it


def test_without_a_declared_version_the_report_compares_with_version_1(tmp_path: Path) -> None:
    path = _as_written_for_version_1(tmp_path, "side_wipe_villagers_dead.yaml", "victory_mode: side_wipe", None)
    result = check_file(path, pinned=True)  # nothing to pin to: played as it is
    assert not result.passed and result.pinned is None
    assert result.defaults is not None
    lines = result.defaults.lines()
    assert lines[0].endswith("the scenario declares no rules_version")
    assert "victory_mode 'side_wipe' -> 'all_good' (version 2)" in lines[2]
    assert lines[-1].startswith("declare `rules_version:`")


def test_changes_no_switch_restores_are_reported(tmp_path: Path) -> None:
    source = Path(__file__).parents[1] / "scenarios" / "city_mafia" / "day_limit_ends_at_nightfall.yaml"
    path = tmp_path / "old_day_limit.yaml"
    path.write_text(source.read_text(encoding="utf-8").replace("rules_version: 2", "rules_version: 1"))
    path.write_text(path.read_text(encoding="utf-8").replace("ends: day 1", "ends: day 2"))
    result = check_file(path, pinned=True)
    assert not result.passed
    assert result.defaults is not None
    assert any(
        line.startswith("changed in version 2 with no switch to restore it: the day limit")
        for line in result.defaults.lines()
    )


def test_a_passing_scenario_gets_no_report() -> None:
    result = check_file(CW / "side_wipe_villagers_dead.yaml")
    assert result.passed and result.defaults is None


def test_an_unknown_rules_version_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "future.yaml"
    path.write_text(
        "name: future\nvariant: chinese_werewolf\nrules_version: 7\nseats:\n"
        + "".join(f"  - {{name: S{i}, role: {r}}}\n" for i, r in enumerate(["werewolf", "seer", "villager"] * 2))
    )
    with pytest.raises(ScenarioError, match=r"future\.yaml:3: rules_version: chinese_werewolf has rules versions 1-2"):
        load_scenario(path)


def test_check_command_reports_defaults_and_pins(tmp_path: Path) -> None:
    path = _as_written_for_version_1(tmp_path, "side_wipe_villagers_dead.yaml", "victory_mode: side_wipe")
    cli = [sys.executable, "-m", "llm_werewolf", "check"]
    failing = subprocess.run([*cli, str(path)], capture_output=True, text=True, timeout=300)
    assert failing.returncode == 1
    out = " ".join(failing.stdout.split())
    assert "defaults: of those, defaults changed since version 1:" in out
    assert "victory_mode 'side_wipe' -> 'all_good' (version 2)" in out
    pinned = subprocess.run([*cli, "--pinned", str(path)], capture_output=True, text=True, timeout=300)
    assert pinned.returncode == 0, pinned.stdout + pinned.stderr
    assert "pinned to rules version 1" in pinned.stdout
