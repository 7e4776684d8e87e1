"""Confidence intervals that behave at the edges: Wilson for rates, percentile bootstrap over games.

Rates (``hits`` of ``n``) get the Wilson score interval from
:func:`scipy.stats.binomtest`: at 0/n it starts at 0 and at n/n it ends at 1
but is never a point, and at n = 1 it is wide, as it should be. No standard
error is printed for a rate: a binomial s.e. is 0 at 0/n and n/n, which
reads as certainty.

Every other statistic (a mean of per-game values, a ratio of sums over games,
a paired difference over deals) is bootstrapped over its independent units —
games or deals, never single ballots, which are correlated within a game —
with :func:`scipy.stats.bootstrap` (percentile method, seeded). With fewer
than two units there is no interval (``None``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

CONFIDENCE = 0.95
BOOTSTRAP_RESAMPLES = 1000
RATE_METHOD = "wilson"


def rate_interval(hits: float, n: int, confidence: float = CONFIDENCE) -> tuple[float, float] | None:
    """The Wilson score interval of ``hits`` out of ``n`` (``None`` when ``n`` is 0)."""
    if n <= 0:
        return None
    from scipy.stats import binomtest

    k = min(max(round(hits), 0), n)
    ci = binomtest(k, n).proportion_ci(confidence_level=confidence, method=RATE_METHOD)
    return float(ci.low), float(ci.high)


def bootstrap_interval(
    units: Sequence[Sequence[float]],
    statistic: Callable[..., float],
    *,
    resamples: int = BOOTSTRAP_RESAMPLES,
    seed: int = 0,
    confidence: float = CONFIDENCE,
) -> tuple[float, float] | None:
    """A percentile interval of ``statistic`` over resampled units.

    ``units`` holds one sequence per variable (paired: the k-th entries of all
    of them belong to one unit, e.g. a game's hits and its n); ``statistic``
    takes one array per variable. ``None`` with fewer than two units.
    """
    import numpy as np
    from scipy.stats import bootstrap

    if not units or len(units[0]) < 2:
        return None
    data = tuple(np.asarray(u, dtype=float) for u in units)
    if all(np.all(d == d[0]) for d in data):  # every unit alike: the statistic cannot vary
        value = float(statistic(*data))
        return value, value
    result = bootstrap(
        data,
        statistic,
        paired=True,
        vectorized=False,
        n_resamples=resamples,
        confidence_level=confidence,
        method="percentile",
        random_state=np.random.default_rng(seed),
    )
    low, high = float(result.confidence_interval.low), float(result.confidence_interval.high)
    if np.isnan(low) or np.isnan(high):
        return None
    return low, high


def ratio_of_sums(hits: Any, n: Any) -> float:
    total = float(n.sum())
    return float(hits.sum()) / total if total else float("nan")


def mean_of(values: Any) -> float:
    return float(values.mean())


def mean_interval(values: Sequence[float], *, seed: int = 0) -> dict[str, float | int | None]:
    """Mean of per-unit values with its bootstrap interval: ``{"mean", "low", "high", "n"}``."""
    n = len(values)
    if not n:
        return {"mean": None, "low": None, "high": None, "n": 0}
    mean = sum(values) / n
    ci = bootstrap_interval([list(values)], mean_of, seed=seed)
    return {
        "mean": round(mean, 4),
        "low": None if ci is None else round(ci[0], 4),
        "high": None if ci is None else round(ci[1], 4),
        "n": n,
    }
