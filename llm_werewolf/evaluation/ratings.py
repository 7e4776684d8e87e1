"""Ratings with sides as teams: OpenSkill (Plackett–Luce) and bootstrapped team Elo.

In each game every side present is a team made of the models that played it
(a model playing several seats of a side appears once). Winning sides rank
first, the others share second place; a draw ranks everyone first. A model on
two teams of one game (a mirror match) gets the average of its two updates.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .facts import GameFacts

ELO_START = 1200.0
ELO_K = 32.0
BOOTSTRAP_SAMPLES = 100


@dataclass(frozen=True, slots=True)
class Match:
    """One game as teams of models with ranks (1 = won)."""

    game_id: str
    teams: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]


def match_of(game: GameFacts) -> Match | None:
    sides: dict[str, list[str]] = {}
    for seat in range(game.players):
        members = sides.setdefault(game.final_side(seat), [])
        if game.models[seat] not in members:
            members.append(game.models[seat])
    if len(sides) < 2:
        return None
    names = sorted(sides)
    won = set(game.win_sides)
    ranks = tuple(1 if (not won or side in won) else 2 for side in names)
    return Match(game.game_id, tuple(tuple(sorted(sides[s])) for s in names), ranks)


def matches(games: Sequence[GameFacts]) -> list[Match]:
    out = [m for g in sorted(games, key=lambda g: g.game_id) if (m := match_of(g)) is not None]
    return out


# -- team Elo -------------------------------------------------------------------------------------


def team_elo(played: Sequence[Match], k: float = ELO_K, start: float = ELO_START) -> dict[str, float]:
    ratings: dict[str, float] = {}
    for match in played:
        for team in match.teams:
            for model in team:
                ratings.setdefault(model, start)
        strength = [sum(ratings[m] for m in team) / len(team) for team in match.teams]
        n = len(match.teams)
        deltas: dict[str, list[float]] = {}
        for a in range(n):
            delta = 0.0
            for b in range(n):
                if a == b:
                    continue
                expected = 1.0 / (1.0 + 10 ** ((strength[b] - strength[a]) / 400.0))
                ra, rb = match.ranks[a], match.ranks[b]
                score = 1.0 if ra < rb else 0.5 if ra == rb else 0.0
                delta += k * (score - expected) / (n - 1)
            for model in match.teams[a]:
                deltas.setdefault(model, []).append(delta)
        for model, values in deltas.items():
            ratings[model] += sum(values) / len(values)
    return ratings


def bootstrap_elo(
    played: Sequence[Match], samples: int = BOOTSTRAP_SAMPLES, seed: int = 0, k: float = ELO_K
) -> dict[str, dict[str, float]]:
    """Elo on the games as played, plus mean and 95% percentile interval over resampled game sets."""
    point = team_elo(played, k)
    if not played:
        return {}
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {m: [] for m in point}
    for _ in range(samples):
        resample = [played[rng.randrange(len(played))] for _ in played]
        ratings = team_elo(resample, k)
        for model in draws:
            draws[model].append(ratings.get(model, ELO_START))
    out: dict[str, dict[str, float]] = {}
    for model in sorted(point):
        values = sorted(draws[model])
        out[model] = {
            "elo": round(point[model], 1),
            "mean": round(sum(values) / len(values), 1),
            "low": round(_percentile(values, 0.025), 1),
            "high": round(_percentile(values, 0.975), 1),
        }
    return out


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    pos = q * (len(sorted_values) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


# -- OpenSkill --------------------------------------------------------------------------------------


def openskill_ratings(played: Sequence[Match]) -> dict[str, dict[str, float]]:
    """Plackett–Luce mu and sigma per model; ``low``/``high`` = mu ∓ 1.96 sigma; ``ordinal`` = mu − 3 sigma."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    state: dict[str, tuple[float, float]] = {}
    for match in played:
        teams = []
        for team in match.teams:
            teams.append([model.rating(*state.get(m, (model.mu, model.sigma)), name=m) for m in team])
        rated = model.rate(teams, ranks=list(match.ranks))
        updates: dict[str, list[tuple[float, float]]] = {}
        for rated_team in rated:
            for rating in rated_team:
                assert rating.name is not None
                updates.setdefault(rating.name, []).append((rating.mu, rating.sigma))
        for name, values in updates.items():
            state[name] = (sum(v[0] for v in values) / len(values), sum(v[1] for v in values) / len(values))
    out: dict[str, dict[str, float]] = {}
    for name in sorted(state):
        mu, sigma = state[name]
        out[name] = {
            "mu": round(mu, 3),
            "sigma": round(sigma, 3),
            "low": round(mu - 1.96 * sigma, 3),
            "high": round(mu + 1.96 * sigma, 3),
            "ordinal": round(mu - 3 * sigma, 3),
        }
    return out


def ratings(games: Sequence[GameFacts], *, samples: int = BOOTSTRAP_SAMPLES, seed: int = 0) -> dict[str, Any]:
    played = matches(games)
    return {
        "games_rated": len(played),
        "openskill": openskill_ratings(played),
        "elo": bootstrap_elo(played, samples=samples, seed=seed),
        "elo_settings": {"k": ELO_K, "start": ELO_START, "bootstrap_samples": samples},
    }
