"""Ratings with sides as teams and seats as members.

**Bradley–Terry** (the headline rating) is fitted once over all games — no
order effects, no K factor. Each model ``m`` has a strength ``θ_m``; a side's
strength in a game is the mean of its seats' ``θ`` (a model with three seats
of a side counts three times) plus a *side effect* ``β`` for that ruleset and
side (the village of one ruleset may simply win more often: without ``β`` a
model that sat on the lucky side more often would look stronger). For every
pair (winning side, losing side) of a game, ``P(win) = σ(s_win − s_lose)``;
a draw is half a win each way. The log-likelihood plus a weak Gaussian prior
(``RIDGE`` · Σθ², likewise for β: it keeps a perfect record finite) is
maximised with :func:`scipy.optimize.minimize`. The likelihood only sees
differences of strengths, so the prior puts the ratings' sum at exactly 0:
**zero-sum**. Ratings are shown on the Elo scale (``400 / ln 10`` points per
logit, 0 = the average model). The interval is the 2.5–97.5 percentile of
refits on games resampled with replacement (``BOOTSTRAP_SAMPLES``).

A game in which a model seat fell back on more than ``FALLBACK_SHARE_LIMIT`` of its decisions
counts for the fallback, not for the model (:mod:`.fallback_seats`), and is counted in ``excluded``.
Each model's cell says in how many rated games it played (``games``).

A model that only ever met itself (every game a mirror: its seats split
between the sides in equal shares) carries no information: it is reported
with ``"identified": false`` and no interval, never as a fake ``0 [0, 0]``.

**OpenSkill** (Plackett–Luce, the library's defaults: μ = 25, σ = 25/3,
β = 25/6, τ = 25/300, games in game-id order) is kept as a second, online
view. Each seat is a team member holding its model's rating; the model's new
μ is its old μ plus the mean change of its seats.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .facts import GameFacts
from .fallback_seats import FALLBACK_SHARE_LIMIT, excluded_counts

BOOTSTRAP_SAMPLES = 100
RIDGE = 0.05
"""Gaussian prior on every θ and β: variance 1 / (2 · RIDGE) = 10 logits²."""
ELO_SCALE = 400.0 / math.log(10.0)
OPENSKILL_MODEL = "PlackettLuce"
OPENSKILL_SETTINGS: dict[str, float] = {"mu": 25.0, "sigma": 25.0 / 3, "beta": 25.0 / 6, "tau": 25.0 / 300}


@dataclass(frozen=True, slots=True)
class Match:
    """One game as teams of seats (each named by its model, repeats kept) with ranks (1 = won)."""

    game_id: str
    teams: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]
    sides: tuple[str, ...] = ()
    """The teams' side ids, prefixed by the ruleset (``chinese_werewolf/village``)."""


def match_of(game: GameFacts) -> Match | None:
    """The game as a match, or ``None`` when fewer than two sides took part."""
    sides: dict[str, list[str]] = {}
    for seat in range(game.players):
        sides.setdefault(game.final_side(seat), []).append(game.models[seat])
    if len(sides) < 2:
        return None
    names = sorted(sides)
    won = set(game.win_sides)
    ranks = tuple(1 if (not won or side in won) else 2 for side in names)
    return Match(
        game.game_id,
        tuple(tuple(sorted(sides[s])) for s in names),
        ranks,
        tuple(f"{game.variant}/{s}" for s in names),
    )


def matches(games: Sequence[GameFacts]) -> list[Match]:
    return [m for g in sorted(games, key=lambda g: g.game_id) if (m := match_of(g)) is not None]


# -- Bradley–Terry ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Design:
    """One row per (winner, loser) pair: strength difference = row · parameters; with a weight."""

    models: tuple[str, ...]
    sides: tuple[str, ...]
    rows: Any  # numpy array (pairs × parameters)
    weights: Any
    game_of_row: Any


def design(played: Sequence[Match]) -> Design:
    import numpy as np

    models = tuple(sorted({m for match in played for team in match.teams for m in team}))
    sides = tuple(sorted({s for match in played for s in match.sides}))
    index = {m: i for i, m in enumerate(models)}
    side_index = {s: len(models) + i for i, s in enumerate(sides)}
    width = len(models) + len(sides)
    rows: list[Any] = []
    weights: list[float] = []
    games: list[int] = []
    for g, match in enumerate(played):
        vectors = []
        for t, team in enumerate(match.teams):
            v = np.zeros(width)
            for m in team:
                v[index[m]] += 1.0 / len(team)
            if match.sides:
                v[side_index[match.sides[t]]] = 1.0
            vectors.append(v)
        for a in range(len(match.teams)):
            for b in range(len(match.teams)):
                if a == b:
                    continue
                ra, rb = match.ranks[a], match.ranks[b]
                if ra < rb:
                    weight = 1.0
                elif ra == rb and a < b:
                    weight = 0.5  # a draw: half a win each way (the row and its mirror)
                else:
                    continue
                rows.append(vectors[a] - vectors[b])
                weights.append(weight)
                games.append(g)
                if ra == rb:
                    rows.append(vectors[b] - vectors[a])
                    weights.append(weight)
                    games.append(g)
    matrix = np.array(rows) if rows else np.zeros((0, width))
    return Design(models, sides, matrix, np.array(weights), np.array(games, dtype=int))


def _fit(rows: Any, weights: Any, start: Any = None, ridge: float = RIDGE) -> Any:
    import numpy as np
    from scipy.optimize import minimize
    from scipy.special import expit, log_expit

    width = rows.shape[1]
    x0 = np.zeros(width) if start is None else start

    def loss(p: Any) -> tuple[float, Any]:
        z = rows @ p
        value = -float(weights @ log_expit(z)) + ridge * float(p @ p)
        grad = -(rows.T @ (weights * expit(-z))) + 2 * ridge * p
        return value, grad

    result = minimize(loss, x0, jac=True, method="L-BFGS-B", options={"gtol": 1e-10})
    return result.x


def _centre(params: Any, n_models: int) -> Any:
    """Shift θ to sum exactly 0 (the likelihood does not see a common shift)."""
    out = params.copy()
    out[:n_models] -= out[:n_models].mean()
    return out


def bradley_terry(
    played: Sequence[Match], *, samples: int = BOOTSTRAP_SAMPLES, seed: int = 0, ridge: float = RIDGE
) -> dict[str, Any]:
    """Zero-sum Bradley–Terry ratings (Elo scale) with bootstrap intervals; side effects too."""
    import numpy as np

    d = design(played)
    if not d.models:
        return {"ratings": {}, "side_effects": {}}
    n_models = len(d.models)
    point = _centre(_fit(d.rows, d.weights, ridge=ridge), n_models)
    identified = [bool(np.any(np.abs(d.rows[:, i]) > 1e-12)) for i in range(n_models)]
    draws: list[list[float]] = [[] for _ in range(n_models)]
    rng = np.random.default_rng(seed)
    games = len(played)
    if games >= 2:
        for _ in range(samples):
            picked = rng.integers(0, games, size=games)
            counts = np.bincount(picked, minlength=games)
            weights = d.weights * counts[d.game_of_row]
            if not weights.any():
                continue
            refit = _centre(_fit(d.rows, weights, start=point, ridge=ridge), n_models)
            present = np.abs(d.rows[weights > 0, :n_models]).sum(axis=0) > 1e-12
            for i in range(n_models):
                if present[i]:
                    draws[i].append(float(refit[i]))
    ratings: dict[str, dict[str, Any]] = {}
    for i, model in enumerate(d.models):
        cell: dict[str, Any] = {"rating": round(ELO_SCALE * float(point[i]), 1), "identified": identified[i]}
        values = sorted(draws[i])
        if identified[i] and len(values) >= 2:
            cell["low"] = round(ELO_SCALE * float(np.percentile(values, 2.5)), 1)
            cell["high"] = round(ELO_SCALE * float(np.percentile(values, 97.5)), 1)
        else:
            cell["low"] = cell["high"] = None
        ratings[model] = cell
    sides = {s: round(ELO_SCALE * float(point[n_models + j]), 1) for j, s in enumerate(d.sides)}
    return {"ratings": ratings, "side_effects": sides}


# -- OpenSkill --------------------------------------------------------------------------------------


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def openskill_ratings(played: Sequence[Match]) -> dict[str, dict[str, float]]:
    """Plackett–Luce mu and sigma per model; ``low``/``high`` = mu ∓ 1.96 sigma; ``ordinal`` = mu − 3 sigma."""
    from openskill.models import PlackettLuce

    model = PlackettLuce(
        mu=OPENSKILL_SETTINGS["mu"],
        sigma=OPENSKILL_SETTINGS["sigma"],
        beta=OPENSKILL_SETTINGS["beta"],
        tau=OPENSKILL_SETTINGS["tau"],
    )
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
    rated_ids = {m.game_id for m in played}
    unrated = {
        g.game_id: "one side only at the end: " + ", ".join(sorted({g.final_side(s) for s in range(g.players)}))
        for g in games
        if g.game_id not in rated_ids
    }
    bt = bradley_terry(played, samples=samples, seed=seed)
    for model, cell in bt["ratings"].items():
        cell["games"] = sum(1 for match in played if any(model in team for team in match.teams))
    return {
        "games_rated": len(played),
        "games_unrated": dict(sorted(unrated.items())),
        "excluded": excluded_counts(games),
        "fallback_share_limit": FALLBACK_SHARE_LIMIT,
        "bradley_terry": bt["ratings"],
        "side_effects": bt["side_effects"],
        "bradley_terry_settings": {
            "scale": "Elo points (400/ln 10 per logit), 0 = the average model, ratings sum to 0",
            "ridge": RIDGE,
            "bootstrap_samples": samples,
            "interval": "2.5-97.5 percentile of refits on games resampled with replacement",
        },
        "openskill": openskill_ratings(played),
        "openskill_settings": {"model": OPENSKILL_MODEL, **OPENSKILL_SETTINGS},
    }
