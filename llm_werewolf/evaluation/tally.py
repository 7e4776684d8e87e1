"""Counts and shares with Wilson intervals, grouped by a key (model, role, side...)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from .intervals import rate_interval

K = TypeVar("K", bound=Hashable)


@dataclass(slots=True)
class Share:
    """``hits`` out of ``n``: a proportion with its 95% Wilson interval (:mod:`.intervals`)."""

    hits: float = 0.0
    n: int = 0

    def add(self, hit: bool | float, weight: int = 1) -> None:
        self.hits += float(hit)
        self.n += weight

    @property
    def rate(self) -> float | None:
        return self.hits / self.n if self.n else None

    def interval(self) -> tuple[float, float] | None:
        """95% Wilson score interval (``None`` without observations)."""
        return rate_interval(self.hits, self.n)

    def as_dict(self) -> dict[str, float | int | None]:
        rate, ci = self.rate, self.interval()
        return {
            "hits": round(self.hits, 6),
            "n": self.n,
            "rate": None if rate is None else round(rate, 4),
            "low": None if ci is None else round(ci[0], 4),
            "high": None if ci is None else round(ci[1], 4),
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
