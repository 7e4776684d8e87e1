"""The city_mafia scenario files cover the ruleset (tests/test_scenarios.py plays every one of them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from llm_werewolf.rules import BaseOptions, get_ruleset

FOLDER = Path(__file__).resolve().parent.parent / "scenarios" / "city_mafia"
FILES = sorted(FOLDER.glob("*.yaml"))
RULES = get_ruleset("city_mafia")


def load_all() -> list[dict[str, Any]]:
    return [yaml.safe_load(path.read_text(encoding="utf-8")) for path in FILES]


def test_there_are_at_least_thirty_scenarios() -> None:
    assert len(FILES) >= 30
    assert all(data["variant"] == "city_mafia" for data in load_all())


def test_every_switch_is_set_by_some_scenario() -> None:
    own = set(RULES.options_model.model_fields) - set(BaseOptions.model_fields)
    used = {key for data in load_all() for key in data.get("options", {})}
    assert own <= used, own - used


def test_every_decision_kind_is_scripted_somewhere() -> None:
    scripted = {kind for data in load_all() for per_seat in data.get("script", {}).values() for kind in per_seat}
    assert set(RULES.decision_kinds) <= scripted, set(RULES.decision_kinds) - scripted


def test_every_death_cause_and_every_side_is_expected_somewhere() -> None:
    causes: set[str] = set()
    sides: set[str] = set()
    for data in load_all():
        expect = data.get("expect", {})
        causes |= {d["cause"] for d in expect.get("deaths", [])}
        causes |= {e["cause"] for e in expect.get("events", []) if e.get("kind") == "died" and "cause" in e}
        sides |= set(expect.get("sides", []))
    assert causes == set(RULES.death_causes)
    assert sides == set(RULES.sides)
