"""Coverage of the online_mafia scenario files (tests/test_scenarios.py runs them all)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from llm_werewolf.rules import get_ruleset

ROOT = Path(__file__).resolve().parents[1] / "scenarios" / "online_mafia"
FILES = sorted(ROOT.glob("*.yaml"))
RULESET = get_ruleset("online_mafia")


def _load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_one_scenario_per_role_at_least() -> None:
    assert len(FILES) >= 60
    files = {path.stem for path in FILES}
    missing = sorted(role for role in RULESET.roles if f"role_{role}" not in files)
    assert not missing


def test_every_role_is_dealt_and_every_night_kind_is_scripted_somewhere() -> None:
    dealt: set[str] = set()
    scripted: set[str] = set()
    causes: set[str] = set()
    for path in FILES:
        data = _load(path)
        assert data["variant"] == "online_mafia"
        seats = data["seats"]
        assert isinstance(seats, list)
        dealt |= {seat["role"] for seat in seats}
        script = data.get("script") or {}
        assert isinstance(script, dict)
        for kinds in script.values():
            scripted |= set(kinds)
        expect = data.get("expect") or {}
        assert isinstance(expect, dict)
        causes |= {death["cause"] for death in expect.get("deaths") or []}
    assert dealt == set(RULESET.roles)
    unscripted = set(RULESET.decision_kinds) - scripted - {"speech", "defense"}
    assert not unscripted
    assert causes == set(RULESET.death_causes)


def test_every_win_rule_has_a_scenario() -> None:
    reasons = {str((_load(path).get("expect") or {}).get("reason")) for path in FILES}
    wanted = RULESET.reason_ids() - {"all_dead", "day_limit"}  # the declared reasons but the two draws
    assert wanted <= reasons, wanted - reasons
