"""Every city_mafia scenario file passes the scenario checker."""

from __future__ import annotations

from pathlib import Path

import pytest

from llm_werewolf.scenarios import check_file

FOLDER = Path(__file__).resolve().parent.parent / "scenarios" / "city_mafia"
FILES = sorted(FOLDER.glob("*.yaml"))


def test_there_are_enough_scenarios() -> None:
    assert len(FILES) >= 30


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    result = check_file(path)
    assert result.passed, "\n".join([result.error or "", *result.mismatches])
