"""What a ruleset's scenario files cover, for the per-ruleset collection guards.

tests/test_scenarios.py plays every scenario file; the guards (tests/rules/test_*_scenarios.py)
check the collection itself: enough files, every decision kind scripted, every death cause,
side and outcome expected, every switch set to each of its other values somewhere.
"""

from __future__ import annotations

import typing
from collections.abc import Set
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from llm_werewolf.rules import BaseOptions, Ruleset, get_ruleset, variants
from llm_werewolf.scenarios import Scenario, load_scenario

SCENARIO_ROOT = Path(__file__).resolve().parents[1] / "scenarios"
RULESETS_ROOT = Path(variants.__file__).resolve().parent
"""A ruleset's folder may carry the scenarios of its role units (``variants/<id>/scenarios/``)."""


def scenario_files(variant: str) -> tuple[Path, ...]:
    """The ruleset's scenario files: those under tests/scenarios/<id>/ and those of its own folder."""
    found = [*(SCENARIO_ROOT / variant).glob("*.yaml"), *(RULESETS_ROOT / variant / "scenarios").glob("*.yaml")]
    return tuple(sorted(found, key=lambda path: path.name))


@dataclass(frozen=True)
class ScenarioCollection:
    variant: str
    files: tuple[Path, ...]
    scenarios: tuple[Scenario, ...]

    @classmethod
    def load(cls, variant: str) -> ScenarioCollection:
        files = scenario_files(variant)
        return cls(variant, files, tuple(load_scenario(path).scenario for path in files))

    @property
    def rules(self) -> Ruleset[Any, Any]:
        return get_ruleset(self.variant)

    def pairs(self) -> list[tuple[Path, Scenario]]:
        return list(zip(self.files, self.scenarios, strict=True))

    def names_are_unique(self) -> bool:
        names = [scenario.name for scenario in self.scenarios]
        return len(set(names)) == len(names)

    def dealt_roles(self) -> set[str]:
        return {seat.role for scenario in self.scenarios for seat in scenario.seats}

    def scripted_kinds(self) -> set[str]:
        return {kind for scenario in self.scenarios for kinds in scenario.script.values() for kind in kinds}

    def expected_causes(self) -> set[str]:
        causes: set[str] = set()
        for scenario in self.scenarios:
            causes |= {d.cause for d in scenario.expect.deaths or []}
            events = scenario.expect.events or []
            causes |= {str(e["cause"]) for e in events if e.get("kind") == "died" and "cause" in e}
        return causes

    def expected_sides(self) -> set[str]:
        return {side for scenario in self.scenarios for side in scenario.expect.sides or []}

    def expected_reasons(self) -> set[str]:
        return {scenario.expect.reason for scenario in self.scenarios if scenario.expect.reason is not None}

    def languages(self) -> set[str]:
        return {scenario.language or self.rules.source_language for scenario in self.scenarios}

    def own_switches(self) -> set[str]:
        return set(self.rules.options_model.model_fields) - set(BaseOptions.model_fields)

    def set_switches(self) -> set[str]:
        return {key for scenario in self.scenarios for key in scenario.options}

    def missing_switch_values(self, skip: Set[str] = frozenset()) -> list[str]:
        """Each of the ruleset's own switches (less ``skip``) at each value other than its default
        that no scenario sets; a switch that is neither a bool nor a Literal needs any other value."""
        fields = self.rules.options_model.model_fields
        missing: list[str] = []
        for name in sorted(self.own_switches() - skip):
            default = fields[name].default
            used = {scenario.options[name] for scenario in self.scenarios if name in scenario.options}
            for value in non_default_values(fields[name].annotation, default):
                if value is None and not used - {default}:
                    missing.append(f"{name}: any value but {default!r}")
                elif value is not None and value not in used:
                    missing.append(f"{name}={value!r}")
        return missing


def non_default_values(annotation: Any, default: Any) -> set[Any]:
    """The values of a switch other than its default a scenario can set (None: any other value)."""
    if typing.get_origin(annotation) is typing.Literal:
        return set(typing.get_args(annotation)) - {default}
    if annotation is bool:
        return {not default}
    return {None}
