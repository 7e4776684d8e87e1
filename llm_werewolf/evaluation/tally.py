"""Counts and shares with standard errors, grouped by a key (model, role, side...)."""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)


@dataclass(slots=True)
class Share:
    """``hits`` out of ``n``: a proportion with its binomial standard error."""

    hits: float = 0.0
    n: int = 0

    def add(self, hit: bool | float, weight: int = 1) -> None:
        self.hits += float(hit)
        self.n += weight

    @property
    def rate(self) -> float | None:
        return self.hits / self.n if self.n else None

    @property
    def stderr(self) -> float | None:
        if not self.n:
            return None
        p = min(max(self.hits / self.n, 0.0), 1.0)
        return math.sqrt(p * (1.0 - p) / self.n)

    def interval(self, z: float = 1.96) -> tuple[float, float] | None:
        """Wilson score interval."""
        if not self.n:
            return None
        p = min(max(self.hits / self.n, 0.0), 1.0)
        denom = 1 + z * z / self.n
        centre = (p + z * z / (2 * self.n)) / denom
        half = z * math.sqrt(p * (1 - p) / self.n + z * z / (4 * self.n * self.n)) / denom
        return (max(0.0, centre - half), min(1.0, centre + half))

    def as_dict(self) -> dict[str, float | int | None]:
        rate, stderr = self.rate, self.stderr
        return {
            "hits": round(self.hits, 6),
            "n": self.n,
            "rate": None if rate is None else round(rate, 4),
            "stderr": None if stderr is None else round(stderr, 4),
        }


class Grouped(Generic[K]):
    """A :class:`Share` per key, created on first use."""

    def __init__(self) -> None:
        self.shares: dict[K, Share] = {}

    def __getitem__(self, key: K) -> Share:
        share = self.shares.get(key)
        if share is None:
            share = self.shares[key] = Share()
        return share

    def items(self) -> Iterable[tuple[K, Share]]:
        return sorted(
            self.shares.items(), key=lambda kv: tuple(map(str, kv[0])) if isinstance(kv[0], tuple) else str(kv[0])
        )

    def as_dict(self) -> dict[str, dict[str, float | int | None]]:
        return {_key(k): v.as_dict() for k, v in self.items()}


def _key(key: object) -> str:
    if isinstance(key, tuple):
        return " | ".join(map(str, key))
    return str(key)


def mean(values: Iterable[float]) -> float | None:
    items = list(values)
    return sum(items) / len(items) if items else None


def mean_stderr(values: Iterable[float]) -> tuple[float | None, float | None, int]:
    """Mean, standard error of the mean and count."""
    items = list(values)
    n = len(items)
    if not n:
        return None, None, 0
    m = sum(items) / n
    if n < 2:
        return m, None, n
    var = sum((x - m) ** 2 for x in items) / (n - 1)
    return m, math.sqrt(var / n), n
