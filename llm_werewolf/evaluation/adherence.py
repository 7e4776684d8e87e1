"""Rule adherence: refused answers (``Rejected``) and fallbacks per 100 decisions, by model.

Reported apart from win rate: a model can rank well by surviving the others' errors.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .facts import GameFacts


def rule_adherence(games: Sequence[GameFacts]) -> dict[str, dict[str, Any]]:
    totals: dict[str, list[int]] = {}
    for game in games:
        for seat in range(game.players):
            row = totals.setdefault(game.models[seat], [0, 0, 0])
            row[0] += game.decisions[seat]
            row[1] += game.rejected[seat]
            row[2] += game.fallbacks[seat]
    out: dict[str, dict[str, Any]] = {}
    for model in sorted(totals):
        decisions, rejected, fallbacks = totals[model]
        out[model] = {
            "decisions": decisions,
            "invalid": rejected,
            "fallbacks": fallbacks,
            "invalid_per_100": round(100 * rejected / decisions, 3) if decisions else None,
            "fallbacks_per_100": round(100 * fallbacks / decisions, 3) if decisions else None,
        }
    return out
