"""lebanese_ghouls: the scenario files cover every decision kind, death cause and switch.

(tests/test_scenarios.py plays every scenario file; this checks the collection itself.)
"""

from __future__ import annotations

from pathlib import Path

from llm_werewolf.rules import get_ruleset
from llm_werewolf.rules.variants.lebanese_ghouls.options import GhoulsOptions
from llm_werewolf.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[1] / "scenarios" / "lebanese_ghouls"
FILES = sorted(ROOT.glob("*.yaml"))
RULES = get_ruleset("lebanese_ghouls")


def test_at_least_thirty_scenarios_all_for_this_ruleset() -> None:
    assert len(FILES) >= 30
    names = set()
    for path in FILES:
        scenario = load_scenario(path).scenario
        assert scenario.variant == "lebanese_ghouls", path
        assert scenario.rule, f"{path.name} does not say which rule it pins down"
        names.add(scenario.name)
    assert len(names) == len(FILES), "scenario names must be unique"


def test_every_decision_kind_is_scripted_somewhere() -> None:
    scripted = {kind for path in FILES for kinds in load_scenario(path).scenario.script.values() for kind in kinds}
    assert scripted >= set(RULES.decision_kinds) - {"speech"}
    assert "speech" in scripted


def test_every_death_cause_is_expected_somewhere() -> None:
    causes: set[str] = set()
    for path in FILES:
        expect = load_scenario(path).scenario.expect
        causes |= {d.cause for d in expect.deaths or []}
        causes |= {str(e["cause"]) for e in expect.events or [] if e.get("kind") == "died" and "cause" in e}
    assert causes == set(RULES.death_causes)


def test_every_switch_is_set_somewhere() -> None:
    switched = {key for path in FILES for key in load_scenario(path).scenario.options}
    own = set(GhoulsOptions.model_fields) - {"max_days", "max_speech_chars"}
    assert switched == own
