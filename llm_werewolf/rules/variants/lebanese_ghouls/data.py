"""The ruleset's own part of the game state."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GhoulsData:
    deck_roles: frozenset[str]
    """Roles dealt at the start (which roles the narrator calls)."""
    lovers: tuple[int, ...] = ()
    """The two seats Umm Lhaf linked (sorted), empty before night 1 or without Umm Lhaf."""
    elixir_used: bool = False
    poison_used: bool = False
    prey: int | None = None
    """Tonight's victim of the ghouls (the Jara herself when she was caught)."""
    caught: bool = False
    saved: int | None = None
    poisoned: int | None = None
    shooters: tuple[int, ...] = ()
    """Dead Sayyads still to take their shot, in order of death."""
    marks: frozenset[tuple[int, str]] = frozenset()
    """What role units keep on seats: ``(seat, tag)``, each tag prefixed with its unit's role id."""
