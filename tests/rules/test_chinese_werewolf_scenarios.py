"""chinese_werewolf: the scenario files cover every decision kind, death cause, outcome and switch.

(tests/test_scenarios.py plays every scenario file; this checks the collection itself.)
"""

from __future__ import annotations

import pytest

from llm_werewolf.rules.variants.chinese_werewolf.options import ChineseWerewolfOptions
from llm_werewolf.rules.variants.chinese_werewolf.roles import THIEF, THIEF_EXTRA, standard_deck

from .scenario_collection import ScenarioCollection

COLLECTION = ScenarioCollection.load("chinese_werewolf")
RULES = COLLECTION.rules

REASONS = RULES.reason_ids()
"""The outcome reasons the ruleset declares (``outcome_reasons``)."""

BOARD_SWITCHES = RULES.board_switches
"""Switches that only shape the standard board; a scenario always deals its own cards."""


def test_at_least_twenty_five_scenarios_all_for_this_ruleset() -> None:
    assert len(COLLECTION.files) >= 25
    for path, scenario in COLLECTION.pairs():
        assert scenario.variant == "chinese_werewolf", path
        assert scenario.rule.strip(), f"{path.name} does not say which rule it pins down"
        assert RULES.min_players <= len(scenario.seats) <= RULES.max_players, path
        ChineseWerewolfOptions(**scenario.options)
    assert COLLECTION.names_are_unique(), "scenario names must be unique"


def test_the_thief_and_only_the_thief_brings_two_extra_cards() -> None:
    for path, scenario in COLLECTION.pairs():
        has_thief = any(seat.role == THIEF for seat in scenario.seats)
        assert len(scenario.extra) == (THIEF_EXTRA if has_thief else 0), path


def test_every_role_is_dealt_somewhere() -> None:
    assert COLLECTION.dealt_roles() == set(RULES.roles)


def test_every_decision_kind_is_scripted_somewhere() -> None:
    scripted = COLLECTION.scripted_kinds()
    assert scripted >= set(RULES.decision_kinds), set(RULES.decision_kinds) - scripted
    assert scripted <= set(RULES.decision_kinds), scripted - set(RULES.decision_kinds)


def test_every_death_cause_is_expected_somewhere_and_night_deaths_fall_at_dawn() -> None:
    for path, scenario in COLLECTION.pairs():
        deaths = scenario.expect.deaths or []
        assert all(d.when.startswith("day ") for d in deaths), f"{path.name}: deaths are recorded at dawn or by day"
    assert COLLECTION.expected_causes() == set(RULES.death_causes)


def test_every_side_and_every_outcome_reason_is_expected_somewhere() -> None:
    assert COLLECTION.expected_sides() == set(RULES.sides)
    assert COLLECTION.expected_reasons() == REASONS


def test_every_switch_is_set_to_each_of_its_other_values_somewhere() -> None:
    assert not COLLECTION.missing_switch_values(skip=BOARD_SWITCHES)


@pytest.mark.parametrize("name", sorted(BOARD_SWITCHES))
def test_the_board_switches_left_to_the_setup_tests_do_change_the_standard_board(name: str) -> None:
    default = ChineseWerewolfOptions()
    flipped = ChineseWerewolfOptions(**{name: not getattr(default, name)})
    assert standard_deck(9, default) != standard_deck(9, flipped)
    assert all(name not in scenario.options for scenario in COLLECTION.scenarios), "a scenario deals its own cards"


def test_both_table_languages_are_played_somewhere() -> None:
    assert COLLECTION.languages() == set(RULES.languages)
