"""Every scenario file under tests/scenarios/ must pass (`llm-werewolf check tests/scenarios`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from llm_werewolf.scenarios import check_file

ROOT = Path(__file__).parent / "scenarios"
FILES = sorted(p for p in ROOT.rglob("*.yaml"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 2


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_scenario(path: Path) -> None:
    result = check_file(path)
    details = result.error or "\n".join(result.mismatches)
    assert result.passed, f"{path}:\n{details}"
