"""Cost: model calls, prompt/completion tokens and wall time, per game and per decision, by model."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .facts import GameFacts


def cost(games: Sequence[GameFacts], wall_times: Mapping[str, float] | None = None) -> dict[str, Any]:
    """``wall_times``: game id -> seconds the whole game took (from the tournament ledger), when known."""
    per_model: dict[str, dict[str, float]] = {}
    for game in games:
        seen: set[str] = set()
        for seat in range(game.players):
            row = _row(per_model, game.models[seat])
            row["decisions"] += game.decisions[seat]
            if game.models[seat] not in seen:
                seen.add(game.models[seat])
                row["games"] += 1
        for call in game.calls:
            if call.seat is None or not 0 <= call.seat < game.players:
                continue
            row = _row(per_model, game.models[call.seat])
            row["calls"] += 1
            row["prompt_tokens"] += call.prompt_tokens
            row["completion_tokens"] += call.completion_tokens
            row["latency_s"] += call.latency_ms / 1000.0
    models: dict[str, dict[str, Any]] = {}
    for model in sorted(per_model):
        row = per_model[model]
        games_n, decisions = row["games"], row["decisions"]
        models[model] = {
            **{k: round(v, 3) for k, v in row.items()},
            "calls_per_game": _div(row["calls"], games_n),
            "tokens_per_game": _div(row["prompt_tokens"] + row["completion_tokens"], games_n),
            "latency_s_per_game": _div(row["latency_s"], games_n),
            "calls_per_decision": _div(row["calls"], decisions),
            "tokens_per_decision": _div(row["prompt_tokens"] + row["completion_tokens"], decisions),
            "latency_s_per_decision": _div(row["latency_s"], decisions),
        }
    walls = [wall_times[g.game_id] for g in games if wall_times and g.game_id in wall_times]
    decisions_total = sum(sum(g.decisions.values()) for g in games)
    return {
        "by_model": models,
        "games": len(games),
        "calls": sum(len(g.calls) for g in games),
        "wall_s_per_game": _div(sum(walls), len(walls)),
        "wall_s_per_decision": _div(
            sum(walls), sum(sum(g.decisions.values()) for g in games if wall_times and g.game_id in wall_times)
        ),
        "decisions_per_game": _div(decisions_total, len(games)),
    }


def _row(table: dict[str, dict[str, float]], model: str) -> dict[str, float]:
    row = table.get(model)
    if row is None:
        row = table[model] = dict.fromkeys(
            ("games", "decisions", "calls", "prompt_tokens", "completion_tokens", "latency_s"), 0.0
        )
    return row


def _div(a: float, b: float) -> float | None:
    return round(a / b, 4) if b else None
