"""The ruleset's own part of the game state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from llm_werewolf.rules import Ctx, GameState, Option, seat_option

from .options import ChineseWerewolfOptions
from .roles import MAX_PLAYERS, WEREWOLF


@dataclass(frozen=True, slots=True)
class CWData:
    deck_roles: frozenset[str]
    """Every card of the game (dealt or extra): the moderator calls these roles each night."""
    lovers: tuple[int, int] | None = None
    sheriff: int | None = None
    antidote: bool = True
    poison: bool = True
    guarded: int | None = None
    """Tonight's (then last night's) guarded seat: the guard may not repeat it."""
    wolf_victim: int | None = None
    saved: bool = False
    poisoned: int | None = None
    night_deaths: tuple[int, ...] = ()
    """Seats that died in the last night (the discussion starts left of the first)."""
    day_over: bool = False
    """A werewolf self-destructed (自爆): no more speeches and no exile vote today."""
    marks: frozenset[tuple[int, str]] = frozenset()
    """``(seat, status)`` pairs a role unit keeps (``units/``; the status is one it declares)."""


CWState = GameState[CWData, ChineseWerewolfOptions]
CWCtx = Ctx[CWData, ChineseWerewolfOptions]


def living_wolves(state: GameState[Any, Any]) -> tuple[int, ...]:
    return state.with_role(WEREWOLF)


def partner_of(data: CWData, seat: int) -> int | None:
    if data.lovers is None or seat not in data.lovers:
        return None
    first, second = data.lovers
    return second if seat == first else first


_SEAT_OPTIONS: tuple[Option, ...] = tuple(seat_option(i) for i in range(MAX_PLAYERS))


def seat_opt(index: int) -> Option:
    """The (immutable, shared) ``seat:<index>`` option."""
    return _SEAT_OPTIONS[index]
