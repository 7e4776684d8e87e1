"""Scenario files: fixed tables with scripted answers and expected results."""

from .check import ScenarioResult, check_file, play_scenario, run_scenario
from .loader import LoadedScenario, ScenarioError, load_scenario
from .model import Scenario

__all__ = [
    "LoadedScenario",
    "Scenario",
    "ScenarioError",
    "ScenarioResult",
    "check_file",
    "load_scenario",
    "play_scenario",
    "run_scenario",
]
