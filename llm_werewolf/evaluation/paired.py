"""Paired estimates for rotated seats.

A tournament with round-robin rotation plays the same seed — hence the same
deal — once per rotation, with the models moved around the table. Games that
share ruleset, language, seed and dealt cards form one *deal*; within it the
luck of the cards is the same for every seating, so comparing two models on
the same deal removes it. For every pair of models (A, B) that both sat at a
deal, the deal's difference is the mean over its games of (share of A's seats
that won − share of B's seats that won); the estimate is the mean over deals,
with a percentile bootstrap over deals (:mod:`.intervals`). A deal that was
played only once pairs nothing and is left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from .facts import GameFacts
from .intervals import bootstrap_interval, mean_of


def deal_key(game: GameFacts) -> tuple[str, str, int, int, tuple[str, ...]]:
    return (game.variant, game.language, game.players, game.seed, game.start_roles)


def _seat_wins(game: GameFacts) -> dict[str, float]:
    """Per model: the share of its seats in this game that won."""
    seats: dict[str, list[bool]] = {}
    for seat in range(game.players):
        seats.setdefault(game.models[seat], []).append(game.won(seat))
    return {m: sum(v) / len(v) for m, v in seats.items()}


def paired_differences(games: Sequence[GameFacts], *, seed: int = 0) -> dict[str, Any]:
    """``{"A vs B": {"difference", "low", "high", "deals"}}`` for every model pair met on rotated deals."""
    deals: dict[tuple[str, str, int, int, tuple[str, ...]], list[GameFacts]] = {}
    for game in games:
        deals.setdefault(deal_key(game), []).append(game)
    per_pair: dict[tuple[str, str], list[float]] = {}
    for group in deals.values():
        seatings = {g.models for g in group}
        if len(seatings) < 2:
            continue
        scores = [_seat_wins(g) for g in group]
        models = sorted({m for s in scores for m in s})
        for a, b in combinations(models, 2):
            diffs = [s[a] - s[b] for s in scores if a in s and b in s]
            if diffs:
                per_pair.setdefault((a, b), []).append(sum(diffs) / len(diffs))
    out: dict[str, Any] = {}
    for (a, b), values in sorted(per_pair.items()):
        ci = bootstrap_interval([values], mean_of, seed=seed)
        out[f"{a} vs {b}"] = {
            "difference": round(sum(values) / len(values), 4),
            "low": None if ci is None else round(ci[0], 4),
            "high": None if ci is None else round(ci[1], 4),
            "deals": len(values),
        }
    return {
        "definition": "per deal (same ruleset, seed and cards, seats rotated): mean over its games of the share of "
        "A's seats that won minus B's; mean over deals, 95% percentile bootstrap over deals",
        "pairs": out,
    }
