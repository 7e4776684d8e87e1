"""lebanese_ghouls: the scenario files cover every decision kind, death cause and switch.

(tests/test_scenarios.py plays every scenario file; this checks the collection itself.)
"""

from __future__ import annotations

from llm_werewolf.rules.variants.lebanese_ghouls.options import GhoulsOptions

from .scenario_collection import ScenarioCollection

COLLECTION = ScenarioCollection.load("lebanese_ghouls")
RULES = COLLECTION.rules


def test_at_least_thirty_scenarios_all_for_this_ruleset() -> None:
    assert len(COLLECTION.files) >= 30
    for path, scenario in COLLECTION.pairs():
        assert scenario.variant == "lebanese_ghouls", path
        assert scenario.rule, f"{path.name} does not say which rule it pins down"
    assert COLLECTION.names_are_unique(), "scenario names must be unique"


def test_every_decision_kind_is_scripted_somewhere() -> None:
    scripted = COLLECTION.scripted_kinds()
    assert scripted >= set(RULES.decision_kinds) - {"speech"}
    assert "speech" in scripted


def test_every_death_cause_is_expected_somewhere() -> None:
    assert COLLECTION.expected_causes() == set(RULES.death_causes)


def test_every_switch_is_set_somewhere() -> None:
    own = set(GhoulsOptions.model_fields) - {"max_speech_chars"}  # max_days: day_limit_ends_at_nightfall.yaml
    assert COLLECTION.set_switches() == own
