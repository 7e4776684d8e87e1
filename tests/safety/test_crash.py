"""Crash and resume: a game process killed at a random event resumes to the uninterrupted log."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.battery.crash import crash_battery
from tests.battery.games import rulesets
from tests.battery.sizes import current

SIZES = current()


@pytest.mark.parametrize("variant", rulesets())
def test_killed_games_resume_to_the_same_file(variant: str, tmp_path: Path) -> None:
    stats = crash_battery(variant, SIZES.crash_kills, seed=5, folder=tmp_path)
    assert stats.problems == [], "\n".join(stats.problems[:10])
    assert stats.kills == SIZES.crash_kills
    assert stats.resumed_identical == stats.kills
    assert stats.killed_mid_line > 0
