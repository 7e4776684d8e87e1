"""chinese_werewolf: the scenario files cover every decision kind, death cause, outcome and switch.

(tests/test_scenarios.py plays every scenario file; this checks the collection itself.)
"""

from __future__ import annotations

import typing
from pathlib import Path
from typing import Any

import pytest

from llm_werewolf.rules import BaseOptions, get_ruleset
from llm_werewolf.rules.variants.chinese_werewolf.options import ChineseWerewolfOptions
from llm_werewolf.rules.variants.chinese_werewolf.roles import THIEF, THIEF_EXTRA, standard_deck
from llm_werewolf.scenarios import Scenario, load_scenario

ROOT = Path(__file__).resolve().parents[1] / "scenarios" / "chinese_werewolf"
FILES = sorted(ROOT.glob("*.yaml"))
RULES = get_ruleset("chinese_werewolf")
SCENARIOS: list[Scenario] = [load_scenario(path).scenario for path in FILES]

REASONS = {
    "wolves_dead",
    "villagers_dead",
    "gods_dead",
    "good_dead",
    "lovers_last_two",
    "everyone_dead",
    "day_limit",
}
"""The outcome reasons docs/scenarios.md lists for this ruleset."""

BOARD_SWITCHES = {"with_cupid", "with_thief", "with_little_girl", "with_guard"}
"""Switches that only shape the standard board; a scenario always deals its own cards."""


def non_default_values(name: str) -> set[Any]:
    """The values of a switch other than its default a scenario can set (None: any other value)."""
    field = ChineseWerewolfOptions.model_fields[name]
    if typing.get_origin(field.annotation) is typing.Literal:
        return set(typing.get_args(field.annotation)) - {field.default}
    if field.annotation is bool:
        return {not field.default}
    return {None}


def test_at_least_twenty_five_scenarios_all_for_this_ruleset() -> None:
    assert len(FILES) >= 25
    for path, scenario in zip(FILES, SCENARIOS, strict=True):
        assert scenario.variant == "chinese_werewolf", path
        assert scenario.rule.strip(), f"{path.name} does not say which rule it pins down"
        assert RULES.min_players <= len(scenario.seats) <= RULES.max_players, path
        ChineseWerewolfOptions(**scenario.options)
    names = [scenario.name for scenario in SCENARIOS]
    assert len(set(names)) == len(names), "scenario names must be unique"


def test_the_thief_and_only_the_thief_brings_two_extra_cards() -> None:
    for path, scenario in zip(FILES, SCENARIOS, strict=True):
        has_thief = any(seat.role == THIEF for seat in scenario.seats)
        assert len(scenario.extra) == (THIEF_EXTRA if has_thief else 0), path


def test_every_role_is_dealt_somewhere() -> None:
    dealt = {seat.role for scenario in SCENARIOS for seat in scenario.seats}
    assert dealt == set(RULES.roles)


def test_every_decision_kind_is_scripted_somewhere() -> None:
    scripted = {kind for scenario in SCENARIOS for kinds in scenario.script.values() for kind in kinds}
    assert scripted >= set(RULES.decision_kinds), set(RULES.decision_kinds) - scripted
    assert scripted <= set(RULES.decision_kinds), scripted - set(RULES.decision_kinds)


def test_every_death_cause_is_expected_somewhere_and_night_deaths_fall_at_dawn() -> None:
    causes: set[str] = set()
    for path, scenario in zip(FILES, SCENARIOS, strict=True):
        deaths = scenario.expect.deaths or []
        causes |= {d.cause for d in deaths}
        causes |= {str(e["cause"]) for e in scenario.expect.events or [] if e.get("kind") == "died" and "cause" in e}
        assert all(d.when.startswith("day ") for d in deaths), f"{path.name}: deaths are recorded at dawn or by day"
    assert causes == set(RULES.death_causes)


def test_every_side_and_every_outcome_reason_is_expected_somewhere() -> None:
    sides = {side for scenario in SCENARIOS for side in scenario.expect.sides or []}
    reasons = {scenario.expect.reason for scenario in SCENARIOS} - {None}
    assert sides == set(RULES.sides)
    assert reasons == REASONS


def test_every_switch_is_set_to_each_of_its_other_values_somewhere() -> None:
    own = set(ChineseWerewolfOptions.model_fields) - set(BaseOptions.model_fields) - BOARD_SWITCHES
    missing: list[str] = []
    for name in sorted(own):
        default = ChineseWerewolfOptions.model_fields[name].default
        used = {scenario.options[name] for scenario in SCENARIOS if name in scenario.options}
        for value in non_default_values(name):
            if value is None and not used - {default}:
                missing.append(f"{name}: any value but {default!r}")
            elif value is not None and value not in used:
                missing.append(f"{name}={value!r}")
    assert not missing


@pytest.mark.parametrize("name", sorted(BOARD_SWITCHES))
def test_the_board_switches_left_to_the_setup_tests_do_change_the_standard_board(name: str) -> None:
    default = ChineseWerewolfOptions()
    flipped = ChineseWerewolfOptions(**{name: not getattr(default, name)})
    assert standard_deck(9, default) != standard_deck(9, flipped)
    assert all(name not in scenario.options for scenario in SCENARIOS), "a scenario deals its own cards"


def test_both_table_languages_are_played_somewhere() -> None:
    languages = {scenario.language or RULES.source_language for scenario in SCENARIOS}
    assert languages == set(RULES.languages)
