"""How big each battery item runs: reduced in CI (``make test``), full with ``LLM_WEREWOLF_RELIABILITY=full``
(``make reliability``, which runs ``bench/reliability.py`` at full size)."""

from __future__ import annotations

import os
from dataclasses import dataclass

ENV = "LLM_WEREWOLF_RELIABILITY"


@dataclass(frozen=True, slots=True)
class Sizes:
    name: str
    spoof_texts: int
    """Narrator-spoofing texts planted per ruleset."""
    canary_games: int
    """Hypothesis examples (games) per ruleset for the leak canaries."""
    interference_cases: int
    """Hypothesis examples (swapped deals) per ruleset for non-interference."""
    malformed_games: int
    """Games per ruleset with 20% broken model answers."""
    provider_games: int
    """Games per fault rate against the fault-injecting server."""
    crash_kills: int
    """Kills (and resumes) per ruleset."""
    injection_trials: int
    """Paired trials per language x category on the model."""
    injection_languages: tuple[str, ...]


CI = Sizes(
    name="ci",
    spoof_texts=100,
    canary_games=3,
    interference_cases=25,
    malformed_games=8,
    provider_games=2,
    crash_kills=6,
    injection_trials=1,
    injection_languages=("en",),
)
FULL = Sizes(
    name="full",
    spoof_texts=1000,
    canary_games=40,
    interference_cases=300,
    malformed_games=500,
    provider_games=25,
    crash_kills=200,
    injection_trials=10,
    injection_languages=("en", "zh-Hant", "ar-LB", "ar", "ru", "he"),
)
FAULT_RATES: tuple[float, ...] = (0.01, 0.05, 0.2)
MALFORMED_RATE = 0.2


def current() -> Sizes:
    """The sizes asked for by ``$LLM_WEREWOLF_RELIABILITY`` (``full``, else the CI sizes)."""
    return FULL if os.environ.get(ENV, "").strip().lower() == "full" else CI
