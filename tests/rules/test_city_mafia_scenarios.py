"""The city_mafia scenario files cover the ruleset (tests/test_scenarios.py plays every one of them)."""

from __future__ import annotations

from .scenario_collection import ScenarioCollection

COLLECTION = ScenarioCollection.load("city_mafia")
RULES = COLLECTION.rules


def test_there_are_at_least_thirty_scenarios() -> None:
    assert len(COLLECTION.files) >= 30
    assert all(scenario.variant == "city_mafia" for scenario in COLLECTION.scenarios)


def test_every_switch_is_set_by_some_scenario() -> None:
    own = COLLECTION.own_switches()
    assert own <= COLLECTION.set_switches(), own - COLLECTION.set_switches()


def test_every_decision_kind_is_scripted_somewhere() -> None:
    scripted = COLLECTION.scripted_kinds()
    assert set(RULES.decision_kinds) <= scripted, set(RULES.decision_kinds) - scripted


def test_every_death_cause_and_every_side_is_expected_somewhere() -> None:
    assert COLLECTION.expected_causes() == set(RULES.death_causes)
    assert COLLECTION.expected_sides() == set(RULES.sides)
