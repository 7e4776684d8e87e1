"""Counting ballots: plurality with weights, shared by every ruleset."""

from __future__ import annotations

from collections.abc import Iterable

CountPair = tuple[str, float]

_PAIRS: dict[CountPair, CountPair] = {}
"""One shared ``(key, count)`` pair per value, so a tally's rows are kept once by the process (the
same rows recur in every vote of every game: ``("seat:3", 1.0)``). Immutable like every record."""
_PAIRS_CAP = 4096


def count_pair(key: str, count: float) -> CountPair:
    """The one shared ``(key, float(count))`` pair (a tally's row in ``VoteTally.counts``)."""
    pair = (key, float(count))
    found = _PAIRS.get(pair)
    if found is None:
        if len(_PAIRS) >= _PAIRS_CAP:
            _PAIRS.clear()
        found = _PAIRS[pair] = pair
    return found


def count_table(counts: Iterable[CountPair]) -> tuple[CountPair, ...]:
    """``counts`` as a tally's rows, highest first (ties in the given order), each row shared."""
    return tuple(sorted([count_pair(key, count) for key, count in counts], key=lambda kv: -kv[1]))


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
    ordered = count_table(counts.items())
    best = ordered[0][1]
    top = tuple(key for key, count in ordered if count == best)
    return ordered, top


def seat_key(seat: int) -> str:
    return f"seat:{seat}"


def key_seat(key: str) -> int | None:
    return int(key[5:]) if key.startswith("seat:") else None
