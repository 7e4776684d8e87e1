"""one_night: the scenario files cover every role, decision kind, death cause, outcome and switch.

(tests/test_scenarios.py plays every scenario file; this checks the collection itself.)
"""

from __future__ import annotations

import typing
from pathlib import Path
from typing import Any

from llm_werewolf.rules import BaseOptions, get_ruleset
from llm_werewolf.rules.variants.one_night.data import OneNightOptions
from llm_werewolf.rules.variants.one_night.setups import CENTER_CARDS
from llm_werewolf.scenarios import Scenario, load_scenario

ROOT = Path(__file__).resolve().parents[1] / "scenarios" / "one_night"
FILES = sorted(ROOT.glob("*.yaml"))
RULES = get_ruleset("one_night")
SCENARIOS: list[Scenario] = [load_scenario(path).scenario for path in FILES]

REASONS = {
    "werewolf_died",
    "no_werewolf_no_death",
    "werewolves_survived",
    "tanner_died",
    "minion_alone_death",
    "only_minion_died",
    "no_winner",
}
"""The outcome reasons docs/scenarios.md lists for this ruleset."""


def non_default_values(name: str) -> set[Any]:
    """The values of a switch other than its default a scenario can set (None: any other value)."""
    field = OneNightOptions.model_fields[name]
    if typing.get_origin(field.annotation) is typing.Literal:
        return set(typing.get_args(field.annotation)) - {field.default}
    if field.annotation is bool:
        return {not field.default}
    return {None}


def test_at_least_thirty_scenarios_all_for_this_ruleset() -> None:
    assert len(FILES) >= 30
    for path, scenario in zip(FILES, SCENARIOS, strict=True):
        assert scenario.variant == "one_night", path
        assert scenario.rule.strip(), f"{path.name} does not say which rule it pins down"
        assert RULES.min_players <= len(scenario.seats) <= RULES.max_players, path
        assert len(scenario.extra) == CENTER_CARDS, f"{path.name}: the center holds {CENTER_CARDS} cards"
        OneNightOptions(**scenario.options)
    names = [scenario.name for scenario in SCENARIOS]
    assert len(set(names)) == len(names), "scenario names must be unique"


def test_every_role_is_dealt_to_a_player_somewhere() -> None:
    dealt = {seat.role for scenario in SCENARIOS for seat in scenario.seats}
    assert dealt == set(RULES.roles)


def test_every_decision_kind_is_scripted_somewhere() -> None:
    scripted = {kind for scenario in SCENARIOS for kinds in scenario.script.values() for kind in kinds}
    assert scripted >= set(RULES.decision_kinds), set(RULES.decision_kinds) - scripted
    assert scripted <= set(RULES.decision_kinds), scripted - set(RULES.decision_kinds)


def test_every_death_cause_is_expected_somewhere_and_everything_ends_on_day_one() -> None:
    causes: set[str] = set()
    for path, scenario in zip(FILES, SCENARIOS, strict=True):
        deaths = scenario.expect.deaths or []
        causes |= {d.cause for d in deaths}
        causes |= {str(e["cause"]) for e in scenario.expect.events or [] if e.get("kind") == "died" and "cause" in e}
        assert all(d.when == "day 1" for d in deaths), f"{path.name}: one night, one day"
        assert scenario.expect.ends in (None, "day 1"), path.name
    assert causes == set(RULES.death_causes)


def test_every_side_and_every_outcome_reason_is_expected_somewhere() -> None:
    sides = {side for scenario in SCENARIOS for side in scenario.expect.sides or []}
    reasons = {scenario.expect.reason for scenario in SCENARIOS} - {None}
    assert sides == set(RULES.sides)
    assert reasons == REASONS


def test_every_switch_is_set_to_each_of_its_other_values_somewhere() -> None:
    own = set(OneNightOptions.model_fields) - set(BaseOptions.model_fields)
    assert own, "one_night has switches of its own"
    missing: list[str] = []
    for name in sorted(own):
        default = OneNightOptions.model_fields[name].default
        used = {scenario.options[name] for scenario in SCENARIOS if name in scenario.options}
        for value in non_default_values(name):
            if value is None and not used - {default}:
                missing.append(f"{name}: any value but {default!r}")
            elif value is not None and value not in used:
                missing.append(f"{name}={value!r}")
    assert not missing


def test_both_table_languages_are_played_somewhere() -> None:
    languages = {scenario.language or RULES.source_language for scenario in SCENARIOS}
    assert languages == set(RULES.languages)
