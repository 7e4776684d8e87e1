"""Ratings with sides as teams and seats as members: OpenSkill (Plackett–Luce) and bootstrapped team Elo.

In each game every side present is a team whose members are its *seats*, each
seat carrying the rating of the model that played it (a model with three seats
of a side is three members). Winning sides rank first, the others share second
place; a draw ranks everyone first.

A model's update in a game is the mean of the updates of its seats there, on
whichever sides they sat. So identical mixtures (each side holds the same
models in the same numbers) change nothing, while under seat rotation a model
whose seats keep ending on the winning side rises even though both sides hold
it in every game. (Teams of de-duplicated models would make every such game a
mirror match whose updates cancel.)
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
    """One game as teams of seats (each named by its model, repeats kept) with ranks (1 = won)."""

    game_id: str
    teams: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]


def match_of(game: GameFacts) -> Match | None:
    sides: dict[str, list[str]] = {}
    for seat in range(game.players):
        sides.setdefault(game.final_side(seat), []).append(game.models[seat])
    if len(sides) < 2:
        return None
    names = sorted(sides)
    won = set(game.win_sides)
    ranks = tuple(1 if (not won or side in won) else 2 for side in names)
    return Match(game.game_id, tuple(tuple(sorted(sides[s])) for s in names), ranks)


def matches(games: Sequence[GameFacts]) -> list[Match]:
    out = [m for g in sorted(games, key=lambda g: g.game_id) if (m := match_of(g)) is not None]
    return out


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


# -- team Elo -------------------------------------------------------------------------------------


def team_elo(played: Sequence[Match], k: float = ELO_K, start: float = ELO_START) -> dict[str, float]:
    """Team rating = mean of its seats' model ratings; pairwise between teams, K/(teams − 1) each.

    Every seat of a team receives the team's change; a model moves by the mean over its seats.
    """
    ratings: dict[str, float] = {}
    for match in played:
        for team in match.teams:
            for model in team:
                ratings.setdefault(model, start)
        strength = [_mean([ratings[m] for m in team]) for team in match.teams]
        n = len(match.teams)
        seat_deltas: dict[str, list[float]] = {}
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
                seat_deltas.setdefault(model, []).append(delta)
        for model, values in seat_deltas.items():
            ratings[model] += _mean(values)
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
    """Plackett–Luce mu and sigma per model; ``low``/``high`` = mu ∓ 1.96 sigma; ``ordinal`` = mu − 3 sigma.

    Each seat is a team member holding its model's rating; the model's new mu is its old mu plus
    the mean change of its seats, its new sigma the mean of its seats' new sigmas.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    state: dict[str, tuple[float, float]] = {}
    for match in played:
        before = {m: state.get(m, (model.mu, model.sigma)) for team in match.teams for m in team}
        teams = [[model.rating(*before[m], name=m) for m in team] for team in match.teams]
        rated = model.rate(teams, ranks=list(match.ranks))
        updates: dict[str, list[tuple[float, float]]] = {}
        for team, rated_team in zip(match.teams, rated, strict=True):
            for name, rating in zip(team, rated_team, strict=True):
                updates.setdefault(name, []).append((rating.mu - before[name][0], rating.sigma))
        for name, values in updates.items():
            state[name] = (before[name][0] + _mean([v[0] for v in values]), _mean([v[1] for v in values]))
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
