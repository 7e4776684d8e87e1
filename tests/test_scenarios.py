"""Every scenario file must pass: those under tests/scenarios/ (`llm-werewolf check tests/scenarios`) and
those a ruleset's folder carries for its role units (`llm-werewolf check llm_werewolf/rules/variants`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from llm_werewolf.rules import variants
from llm_werewolf.scenarios import check_file

ROOT = Path(__file__).parent / "scenarios"
RULESETS_ROOT = Path(variants.__file__).resolve().parent
FILES = sorted(p for p in ROOT.rglob("*.yaml")) + sorted(RULESETS_ROOT.glob("*/scenarios/*.yaml"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 2


def _id(path: Path) -> str:
    return str(path.relative_to(ROOT if path.is_relative_to(ROOT) else RULESETS_ROOT))


@pytest.mark.parametrize("path", FILES, ids=[_id(p) for p in FILES])
def test_scenario(path: Path) -> None:
    result = check_file(path)
    details = result.error or "\n".join(result.mismatches)
    assert result.passed, f"{path}:\n{details}"
