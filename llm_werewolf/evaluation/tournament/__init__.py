"""Tournaments: models × rulesets × seeds with seat rotation, resumable, in-process or on Ray."""

from .config import ConfigError, ModelEntry, RulesetEntry, TournamentConfig, load_config
from .executors import InProcessExecutor, RayExecutor, WorkersExecutor
from .plan import GameJob, plan
from .runner import GAMES_DIR, TournamentResult, run_tournament, run_tournament_async

__all__ = [
    "GAMES_DIR",
    "ConfigError",
    "GameJob",
    "InProcessExecutor",
    "ModelEntry",
    "RayExecutor",
    "RulesetEntry",
    "TournamentConfig",
    "TournamentResult",
    "WorkersExecutor",
    "load_config",
    "plan",
    "run_tournament",
    "run_tournament_async",
]
