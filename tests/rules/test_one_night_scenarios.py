"""one_night: the scenario files cover every role, decision kind, death cause, outcome and switch.

(tests/test_scenarios.py plays every scenario file; this checks the collection itself.)
"""

from __future__ import annotations

from llm_werewolf.rules.variants.one_night.data import OneNightOptions
from llm_werewolf.rules.variants.one_night.setups import CENTER_CARDS

from .scenario_collection import ScenarioCollection

COLLECTION = ScenarioCollection.load("one_night")
RULES = COLLECTION.rules

REASONS = RULES.reason_ids()
"""The outcome reasons the ruleset declares (``outcome_reasons``)."""


def test_at_least_thirty_scenarios_all_for_this_ruleset() -> None:
    assert len(COLLECTION.files) >= 30
    for path, scenario in COLLECTION.pairs():
        assert scenario.variant == "one_night", path
        assert scenario.rule.strip(), f"{path.name} does not say which rule it pins down"
        assert RULES.min_players <= len(scenario.seats) <= RULES.max_players, path
        assert len(scenario.extra) == CENTER_CARDS, f"{path.name}: the center holds {CENTER_CARDS} cards"
        OneNightOptions(**scenario.options)
    assert COLLECTION.names_are_unique(), "scenario names must be unique"


def test_every_role_is_dealt_to_a_player_somewhere() -> None:
    assert COLLECTION.dealt_roles() == set(RULES.roles)


def test_every_decision_kind_is_scripted_somewhere() -> None:
    scripted = COLLECTION.scripted_kinds()
    assert scripted >= set(RULES.decision_kinds), set(RULES.decision_kinds) - scripted
    assert scripted <= set(RULES.decision_kinds), scripted - set(RULES.decision_kinds)


def test_every_death_cause_is_expected_somewhere_and_everything_ends_on_day_one() -> None:
    for path, scenario in COLLECTION.pairs():
        assert all(d.when == "day 1" for d in scenario.expect.deaths or []), f"{path.name}: one night, one day"
        assert scenario.expect.ends in (None, "day 1"), path.name
    assert COLLECTION.expected_causes() == set(RULES.death_causes)


def test_every_side_and_every_outcome_reason_is_expected_somewhere() -> None:
    assert COLLECTION.expected_sides() == set(RULES.sides)
    assert COLLECTION.expected_reasons() == REASONS


def test_every_switch_is_set_to_each_of_its_other_values_somewhere() -> None:
    assert COLLECTION.own_switches(), "one_night has switches of its own"
    assert not COLLECTION.missing_switch_values()


def test_both_table_languages_are_played_somewhere() -> None:
    assert COLLECTION.languages() == set(RULES.languages)
