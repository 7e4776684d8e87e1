"""Where each metric means something: the rulesets it is computed for, "n/a" elsewhere.

One Night has a single night and a single vote: nobody "survives" to a later
day (KSR), every game lasts one day (speed) and the winning team is decided
by one vote (margin). Those metrics are not computed for it, and the report
says "n/a" rather than a number that means nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .facts import GameFacts

METRICS = (
    "win_rate",
    "paired",
    "voting",
    "claims",
    "deception",
    "key_role_survival",
    "margin",
    "speed",
    "rule_adherence",
    "speech_validity",
    "language_fidelity",
    "leakage",
    "cost",
    "ratings",
)
"""Every metric of a study; each declares below the rulesets where it means nothing (none: all)."""

NOT_FOR: dict[str, frozenset[str]] = {
    "key_role_survival": frozenset({"one_night"}),
    "margin": frozenset({"one_night"}),
    "speed": frozenset({"one_night"}),
}
"""Metric -> rulesets where it means nothing. A metric not listed applies to every ruleset."""


def applies(metric: str, variant: str) -> bool:
    return variant not in NOT_FOR.get(metric, frozenset())


def games_for(metric: str, games: Sequence[GameFacts]) -> list[GameFacts]:
    return [g for g in games if applies(metric, g.variant)]


def declaration(games: Sequence[GameFacts]) -> dict[str, Any]:
    """Per metric: the rulesets of this study it covers and those shown as "n/a"."""
    present = sorted({g.variant for g in games})
    return {
        metric: {
            "rulesets": [v for v in present if applies(metric, v)],
            "n/a": [v for v in present if not applies(metric, v)],
        }
        for metric in METRICS
    }
