"""Counting ballots: plurality with weights, shared by every ruleset."""

from __future__ import annotations

from collections.abc import Iterable


def tally(ballots: Iterable[tuple[str, float]]) -> tuple[tuple[tuple[str, float], ...], tuple[str, ...]]:
    """Count weighted ballots.

    Returns the counts (highest first, ties in first-seen order) and the keys
    sharing the highest count (empty when there were no ballots).
    """
    counts: dict[str, float] = {}
    for key, weight in ballots:
        counts[key] = counts.get(key, 0.0) + weight
    if not counts:
        return (), ()
    ordered = tuple(sorted(counts.items(), key=lambda kv: -kv[1]))
    best = ordered[0][1]
    top = tuple(key for key, count in ordered if count == best)
    return ordered, top


def seat_key(seat: int) -> str:
    return f"seat:{seat}"


def key_seat(key: str) -> int | None:
    return int(key[5:]) if key.startswith("seat:") else None
