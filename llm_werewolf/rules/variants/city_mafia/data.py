"""City Mafia's own part of the game state."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CityData:
    """Night results waiting for the morning, the Doctor's limits and the day's nominations."""

    deck: frozenset[str]
    putana_client: int | None = None
    mafia_victim: int | None = None
    mafia_split: bool = False
    maniac_victim: int | None = None
    healed: int | None = None
    last_healed: int | None = None
    self_heal_used: bool = False
    opener: int | None = None
    nominees: tuple[int, ...] = ()
    marks: frozenset[tuple[int, str]] = frozenset()
    """``(seat, status)`` pairs a role unit keeps (``units/``; the status is one it declares)."""
